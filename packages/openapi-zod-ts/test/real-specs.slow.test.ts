import { corpusSpec, prettierUnformatted, typecheck, type TypeScriptVersion } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

/**
 * Real specs (GitHub's REST API, 5.7 MB; Stripe's, 2.5 MB): the output compiles with no errors
 * under the strict flags and passes prettier under the consumer config. (`real-specs-checked`
 * proves that their types agree with their schemas.) Stripe's output is compiled with TypeScript
 * 5.9, so that a real spec's output is proven on 5.9 too; GitHub's, the largest, with TypeScript 7,
 * which checks the same code in a third of the CPU time.
 */
const SPECS: [string, string, TypeScriptVersion][] = [
  ['GitHub', 'api/github.com/api.github.com.json', '7'],
  ['Stripe', 'api/stripe.com.json', '5.9'],
];

describe.each(SPECS)('%s', (_, path, version) => {
  it(`generates, compiles with TypeScript ${version} and passes prettier --check`, async () => {
    const { project, files, warnings } = await generateInto(corpusSpec(path), { prefix: 'zod-ts-real' });
    expect(files).toHaveLength(4);
    expect(warnings.every((w) => !w.includes('internal'))).toBe(true);
    project.tsconfig('bundler');
    const result = typecheck(project.dir, version);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await prettierUnformatted(files.map((f) => f.path))).toEqual([]);
  }, 600_000);
});
