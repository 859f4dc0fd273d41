import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject, typecheck } from '@specwright/testing';
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

describe('types of the generated code', () => {
  it.each(CASES)('%s compiles against the generated client', async (file, spec) => {
    const project = tempProject('zod-ts-types', { prettier: false });
    await generateInto(fixture(spec), { project, format: false });
    copyFileSync(join(import.meta.dirname, 'types', file), join(project.dir, file));
    project.tsconfig('nodenext');
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
