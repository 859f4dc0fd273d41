import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '@specwright/testing';
import { SpecwrightError, underConfigKey } from '../src/errors.js';
import { parseExports, readModuleExports } from '../src/source/exported-names.js';

const sorted = (names: Set<string>) => [...names].sort();

describe('parseExports', () => {
  it('reads every named export form of a TypeScript module, values and types apart', async () => {
    const source = [
      "import { z } from 'zod';",
      'export const PetSchema = z.object({ id: z.int() });',
      'export const a = 1, b = 2;',
      'export const { destructured } = { destructured: 1 };',
      'export function f<T>(x: T): T { return x; }',
      'export class C {}',
      'export enum E { A }',
      'export type T = { a: string };',
      'export interface I { b: number }',
      'export declare const D: number;',
      'const local = 1; const other = 2; type LT = string;',
      'export { local as renamed, other };',
      'export type { LT };',
      'export { type LT as LT2 };',
      'export { local as "string name" };',
      "export * from './x';",
      "export * as ns from './y';",
      'export default PetSchema;',
      // Old-style type assertions: TypeScript syntax a JSX-aware parser must not misread.
      'const cast = <const>["a"];',
    ].join('\n');
    const exports = await parseExports(source, 'forms.ts');
    expect(sorted(exports.values)).toEqual(['C', 'D', 'E', 'PetSchema', 'a', 'b', 'f', 'other', 'renamed', 'string name'].sort());
    expect(sorted(exports.types)).toEqual(['C', 'E', 'I', 'LT', 'LT2', 'T'].sort());
  });

  it('reads a file again when its text changed, and hands out sets of its own', async () => {
    for (let i = 0; i < 2; i++) (await parseExports('export const ASchema = 1;', 'changing.ts')).values.add('Mutated');
    expect(sorted((await parseExports('export const ASchema = 1;', 'changing.ts')).values)).toEqual(['ASchema']);
    expect(sorted((await parseExports('export const BSchema = 1;', 'changing.ts')).values)).toEqual(['BSchema']);
  });

  it("reports a file no parser can read with TypeScript's message, file, line and column", async () => {
    const error = await parseExports('const ok = 1;\nexport const = ;', 'broken.ts').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SCHEMA_FILE_INVALID', location: { file: 'broken.ts', line: 2 } });
    expect((error as Error).message).toMatch(/^cannot parse the schema file: /);
  });
});

describe('readModuleExports', () => {
  it('refuses a schema file that is a FIFO (whose read would block for ever) or a directory, naming input_schema', async () => {
    const project = tempProject('schema-file-fifo', { prettier: false });
    const fifo = join(project.dir, 'schemas.ts');
    execFileSync('mkfifo', [fifo]);
    for (const file of [fifo, project.dir]) {
      const error = await readModuleExports(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpecwrightError);
      expect((error as SpecwrightError).describe()).toBe(`${file}: not a regular file; the schema file is a TypeScript file (named by input_schema)`);
      // The one-config command names the key from the top of its config.
      expect((underConfigKey(error, 'projects[1].zod_ts') as SpecwrightError).describe()).toMatch(/ \(named by projects\[1\]\.zod_ts\.input_schema\)$/);
    }
    expect(await readModuleExports(join(project.dir, 'missing.ts'))).toBeUndefined();
  });
});
