/**
 * One spec's round trip in a process of its own (the generated modules it imports stay there):
 * `node one.ts <spec> <project dir> <zod variant> [--keep]` prints the outcome as JSON on stdout.
 */
import type { ZodVariant } from '@specwright/openapi-zod-ts';
import { checkSpec } from './roundtrip.js';

const [spec, dir, variant, keep] = process.argv.slice(2) as [string, string, ZodVariant, string | undefined];
const outcome = await checkSpec(spec, { dir, variant, keep: keep === '--keep' });
// Exit once the pipe has taken it all: an exit right after a large write cuts it short (ec2's).
process.stdout.write(JSON.stringify(outcome), () => process.exit(0));
