import { corpusSpec, tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

/**
 * The real specs compiled with checked typing (`const XSchema: z.ZodType<X> = ...`): every
 * explicit type provably agrees with its zod schema. A separate file, so that it runs beside
 * `real-specs.slow.test.ts` on another worker.
 */
const SPECS: [string, string][] = [
  ['GitHub', 'api/github.com/api.github.com.json'],
  ['Stripe', 'api/stripe.com.json'],
];

describe.each(SPECS)('%s', (_, path) => {
  it('agrees with its schemas (checked typing, TypeScript 7)', async () => {
    const project = tempProject('zod-ts-real-checked', { prettier: false });
    await generateInto(corpusSpec(path), { project, format: false, typing: 'checked' });
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, '7');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 600_000);
});
