import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject, typecheckTogether } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

/**
 * Type tests (`expectTypeOf`, `@ts-expect-error`) of generated signatures and types: each file in
 * `types/` is compiled with the strict flags beside the code generated for its fixture.
 */
const CASES: [string, string][] = [
  ['petstore.ts', 'petstore-3.1.yaml'],
  ['features.ts', 'features-3.1.yaml'],
  ['recursive-maps.ts', 'recursive-maps.yaml'],
  ['declared-responses.ts', 'declared-responses.yaml'],
];

/**
 * Every case's project (its generated code and its type test) compiled in one TypeScript 5.9
 * program, nodenext: zod's declarations are read and checked once instead of once per case; each
 * diagnostic goes to the case whose folder holds its file.
 */
let together: Promise<Map<string, string>> | undefined;
function compiledTogether(): Promise<Map<string, string>> {
  together ??= (async () => {
    const members = [];
    for (const [file, spec] of CASES) {
      const project = tempProject('zod-ts-types', { prettier: false });
      await generateInto(fixture(spec), { project, format: false });
      copyFileSync(join(import.meta.dirname, 'types', file), join(project.dir, file));
      members.push({ label: file, dir: project.dir });
    }
    return typecheckTogether(members, '5.9', 'nodenext');
  })();
  return together;
}

describe('types of the generated code', () => {
  it.each(CASES)('%s compiles against the generated client', async (file) => {
    expect((await compiledTogether()).get(file)).toBe('');
  });
});
