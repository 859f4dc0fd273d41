import { corpusSpec, prettierUnformatted, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

/**
 * Real specs (GitHub's REST API, 5.7 MB; Stripe's, 2.5 MB): the output compiles with no errors
 * under the strict flags and passes prettier under the consumer config. (`real-specs-checked`
 * proves that their types agree with their schemas.)
 */
const SPECS: [string, string][] = [
  ['GitHub', 'api/github.com/api.github.com.json'],
  ['Stripe', 'api/stripe.com.json'],
];

describe.each(SPECS)('%s', (_, path) => {
  it('generates, compiles with TypeScript 5.9 and passes prettier --check', async () => {
    const { project, files, warnings } = await generateInto(corpusSpec(path), { prefix: 'zod-ts-real' });
    expect(files).toHaveLength(4);
    expect(warnings.every((w) => !w.includes('internal'))).toBe(true);
    project.tsconfig('bundler');
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await prettierUnformatted(files.map((f) => f.path))).toEqual([]);
  });
});
