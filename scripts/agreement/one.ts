/**
 * One spec's round trip in a process of its own (the generated modules it imports stay there):
 * `node one.ts <spec> <project dir> <zod variant> [--keep] [--reuse [--check-cache=PATH]]` prints the outcome as JSON on stdout.
 */
import type { ZodVariant } from '@specwright/openapi-zod-ts';
import { checkSpec } from './roundtrip.js';

const [spec, dir, variant, ...flags] = process.argv.slice(2) as [string, string, ZodVariant, ...string[]];
const checkCache = flags.find((flag) => flag.startsWith('--check-cache='))?.slice('--check-cache='.length);
const outcome = await checkSpec(spec, { dir, variant, keep: flags.includes('--keep'), reuse: flags.includes('--reuse'), checkCache });
// Exit once the pipe has taken it all: an exit right after a large write cuts it short (ec2's).
process.stdout.write(JSON.stringify(outcome), () => process.exit(0));
