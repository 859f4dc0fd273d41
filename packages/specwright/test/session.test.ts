import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, repoRoot, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { createSession, generateFromFile } from '../src/index.js';

/**
 * Watch mode keeps a session (formatters with their prettier config and formatted statements) from
 * run to run. After each edit, a run in the session must give the bytes a fresh run gives.
 */
/**
 * Applies each step's edits (to the files as they were first) and generates in one session and
 * fresh, then compares every file byte for byte.
 */
async function compareAfterEdits(config: string, dir: string, edits: [string, Record<string, (text: string) => string>][]) {
  const session = createSession();
  const originals = new Map<string, string>();
  let formatters: unknown[] = [];
  for (const [i, [label, changes]] of edits.entries()) {
    for (const [file, edit] of Object.entries(changes)) {
      const path = join(dir, file);
      if (!originals.has(path)) originals.set(path, readFileSync(path, 'utf8'));
      writeFileSync(path, edit(originals.get(path)!));
    }
    const warm = await generateFromFile(config, { mode: 'none', session });
    const fresh = await generateFromFile(config, { mode: 'none' });
    expect(warm.files.map((f) => f.path)).toEqual(fresh.files.map((f) => f.path));
    for (const [j, file] of warm.files.entries()) expect(file.content, `${file.path} after ${label}`).toBe(fresh.files[j]!.content);
    const now = [...session.formatters.values()];
    // The same kept objects: prettier and the printed statements are kept per session.
    if (i > 0) expect(now.every((formatter, k) => formatter === formatters[k])).toBe(true);
    formatters = now;
  }
  return session;
}

const same = (text: string) => text;
const replaced = (from: string | RegExp, to: string) => (text: string) => {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`the edit found no ${String(from)}`);
  return next;
};

describe('a generation session', () => {
  it('gives byte for byte the output of a fresh run after each edit of the spec, and reuses its formatters', async () => {
    const p = tempProject('specwright-session', { prettier: { singleQuote: true, printWidth: 100 } });
    cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
    const config = p.write(
      'specwright.config.json',
      JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, server: { framework: 'hono' }, react_query: { suspense: true }, msw: { output: 'mocks' } }),
    );
    const spec = 'spec.yaml';
    const session = await compareAfterEdits(config, p.dir, [
      ['a summary', { [spec]: replaced(/summary: (.*)/, 'summary: $1 (edited)') }],
      ['a description', { [spec]: replaced('description: How many pets per page.', 'description: How many pets per page (at most 100).') }],
      ['a property', { [spec]: replaced('        weight: { type: number, minimum: 0, exclusiveMinimum: 0 }', '        weight: { type: number, minimum: 0, exclusiveMinimum: 0 }\n        nickname: { type: string, maxLength: 20 }') }],
      ['a path', { [spec]: replaced('  /health:\n', '  /status/health:\n') }],
      ['an operation added', { [spec]: replaced('paths:\n', "paths:\n  /ping-check:\n    get:\n      operationId: checkPing\n      responses:\n        '204':\n          description: Up.\n") }],
      [
        'a schema added',
        { [spec]: replaced('    Error:\n', '    Toy:\n      type: object\n      required: [name]\n      properties:\n        name: { type: string }\n        squeaks: { type: boolean }\n    Error:\n') },
      ],
      ['a schema removed', { [spec]: (text) => replaced(/ {4}Category:\n(?: {6}.*\n)+/, '')(replaced(/ {8}category: .*\n/, '')(text)) }],
      // Each run reads the prettier config as it is: nothing printed with the old options is taken.
      ['the prettier config', { '.prettierrc.json': replaced('"printWidth": 100', '"printWidth": 60') }],
      ['the original again', { [spec]: same, '.prettierrc.json': same }],
    ]);
    expect(session.formatters.size).toBe(2);
  });

  it('gives byte for byte the output of a fresh run after each edit of an external $ref file', async () => {
    const p = tempProject('specwright-session-refs', { prettier: { printWidth: 80 } });
    cpSync(fixture('external'), join(p.dir, 'spec'), { recursive: true });
    const config = p.write(
      'specwright.config.json',
      JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api' }, server: { framework: 'fastify' }, react_query: {}, msw: { output: 'mocks' } }),
    );
    await compareAfterEdits(config, p.dir, [
      ['a property of a $ref file', { 'spec/schemas/pet.yaml': replaced('  name: { type: string }\n', '  name: { type: string, minLength: 1 }\n  age: { type: integer }\n') }],
      ['a schema of a shared $ref file', { 'spec/schemas/common.yaml': replaced('      message: { type: string }\n', '      message: { type: string, description: What went wrong. }\n') }],
      ['a parameter of a shared $ref file', { 'spec/schemas/common.yaml': replaced('schema: { type: integer }', 'schema: { type: integer, minimum: 1 }') }],
      ['the original again', { 'spec/schemas/pet.yaml': same, 'spec/schemas/common.yaml': same }],
    ]);
  });

  it("tells each run's warnings to that run, as a fresh run does (a project's prettier 2)", async () => {
    const p = tempProject('specwright-session-warnings', { prettier: { singleQuote: true } });
    mkdirSync(join(p.dir, 'node_modules'));
    symlinkSync(join(repoRoot, 'node_modules', 'prettier-2.8.8'), join(p.dir, 'node_modules', 'prettier'), 'dir');
    cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
    const config = p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, msw: { output: 'mocks' } }));
    const warningsOf = async (session?: ReturnType<typeof createSession>) => {
      const warnings: string[] = [];
      await generateFromFile(config, { mode: 'none', session, warn: (message) => warnings.push(message) });
      return warnings;
    };
    const fresh = await warningsOf();
    // One per output directory's formatter.
    expect(fresh.filter((warning) => warning.includes("the project's prettier 2.8.8"))).toHaveLength(2);
    const session = createSession();
    for (let run = 0; run < 3; run++) expect(await warningsOf(session), `run ${run + 1}`).toEqual(fresh);
  });
});
