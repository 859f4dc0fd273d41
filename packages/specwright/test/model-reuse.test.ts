import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFile } from '@specwright/core';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { configSpec, createSession, generateFromFile, resolveProject, type GenerateSession } from '../src/index.js';
import { loadProjectModel } from '../src/project-model.js';
import { specKeepOf } from '../src/session.js';

/**
 * A watch session keeps the converted schemas and parsed `$ref` files of its last run. After each
 * edit (of real files), the model built in the session must equal a fresh one, the files a
 * session run writes must be those a fresh run would, and only what the edit touched is converted.
 */
async function afterEdits(configFile: string, session: GenerateSession, edits: [string, Record<string, (text: string) => string>][]) {
  const dir = join(configFile, '..');
  const loaded = await loadConfigFile(configFile, configSpec);
  const project = resolveProject(loaded.projects[0]!, dir);
  const keep = specKeepOf(session, project.input_openapi)!;
  await generateFromFile(configFile, { session });
  const seen = new Map<string, { schemas: typeof keep.schemas.lastBuild; documents: typeof keep.documents.lastLoad }>();
  for (const [label, changes] of edits) {
    for (const [file, edit] of Object.entries(changes)) {
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const next = edit(text);
      expect(next, `the edit "${label}" changed nothing`).not.toBe(text);
      writeFileSync(path, next);
    }
    const warm = await loadProjectModel(project, keep);
    seen.set(label, { schemas: keep.schemas.lastBuild, documents: keep.documents.lastLoad });
    const fresh = await loadProjectModel(project);
    expect(warm, label).toStrictEqual(fresh);
    // The session's own run after the edit, then a fresh run that compares with what it wrote.
    await generateFromFile(configFile, { session });
    expect((await generateFromFile(configFile, { mode: 'check' })).changed, label).toEqual([]);
  }
  return seen;
}

/** `text` with the first `from` replaced by `to`, taken literally. */
const swap = (from: string, to: string) => (text: string) => text.replace(from, () => to);
const rename = (from: string, to: string) => (text: string) => text.replaceAll(`schemas/${from}'`, `schemas/${to}'`).replace(`    ${from}:\n`, () => `    ${to}:\n`);

describe('a session reuses the model of what an edit did not touch', () => {
  it('after edits of a description, a property, a name, an allOf parent, a mapping, and a schema added and removed', async () => {
    const p = tempProject('specwright-model-reuse', { prettier: false });
    cpSync(fixture('features-3.1.yaml'), join(p.dir, 'spec.yaml'));
    const config = p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, server: { framework: 'hono' }, msw: { output: 'mocks' } }));
    const spec = 'spec.yaml';
    const seen = await afterEdits(config, createSession(), [
      ['a description', { [spec]: swap('    Circle:\n      type: object\n', '    Circle:\n      description: A round shape.\n      type: object\n') }],
      ['a property', { [spec]: swap('        name: { type: string }\n      discriminator:\n        propertyName: petType', '        name: { type: string }\n        born: { type: string, format: date }\n      discriminator:\n        propertyName: petType') }],
      ['a referenced schema renamed', { [spec]: rename('Rectangle', 'Rect') }],
      ['an allOf parent', { [spec]: swap("    Cat:\n      allOf:\n        - $ref: '#/components/schemas/BasePet'", "    Cat:\n      allOf:\n        - $ref: '#/components/schemas/Circle'") }],
      ['a discriminator mapping', { [spec]: swap("          rect: '#/components/schemas/Rect'", "          box: '#/components/schemas/Rect'") }],
      ['a schema added', { [spec]: swap('    # --- oneOf with an explicit mapping\n', '    # --- oneOf with an explicit mapping\n    Toy:\n      type: object\n      properties:\n        squeaks: { type: boolean }\n') }],
      ['a schema removed', { [spec]: swap('    Toy:\n      type: object\n      properties:\n        squeaks: { type: boolean }\n', '') }],
    ]);
    const converted = Object.fromEntries([...seen].map(([label, { schemas }]) => [label, schemas.convertedSchemas]));
    // Of the 17 component schemas (18 with Toy): the edited ones, and those that merge them (allOf).
    expect(converted).toEqual({
      'a description': 2, // Circle, and Unions (merges it)
      'a property': 3, // BasePet, and Cat and Dog (merge it)
      'a referenced schema renamed': 3, // Rect (its site is new), Shape and Unions (their $refs changed)
      'an allOf parent': 1, // Cat
      'a discriminator mapping': 1, // Shape
      'a schema added': 1, // Toy
      'a schema removed': 0,
    });
    for (const [label, { schemas }] of seen) expect(schemas.reusedSchemas + schemas.convertedSchemas, label).toBe(label === 'a schema added' ? 18 : 17);
  });

  it('after edits of external $ref files: only the edited file is parsed again', async () => {
    const p = tempProject('specwright-model-reuse-refs', { prettier: false });
    cpSync(fixture('external'), join(p.dir, 'spec'), { recursive: true });
    const config = p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api' }, react_query: {}, msw: { output: 'mocks' } }));
    const seen = await afterEdits(config, createSession(), [
      ['a property of a $ref file', { 'spec/schemas/pet.yaml': swap('  name: { type: string }\n', '  name: { type: string, minLength: 1 }\n  age: { type: integer }\n') }],
      ['a schema of a shared $ref file', { 'spec/schemas/common.yaml': swap('      message: { type: string }\n', '      message: { type: string, description: What went wrong. }\n') }],
      ['the spec file', { 'spec/main.yaml': swap('      operationId: getPet\n', '      operationId: getPet\n      summary: One pet.\n') }],
    ]);
    const documents = Object.fromEntries([...seen].map(([label, { documents }]) => [label, documents]));
    // pet.yaml, common.yaml and owner.yaml; the spec file itself is read apart.
    expect(documents).toEqual({
      'a property of a $ref file': { parsed: 1, reused: 2 },
      'a schema of a shared $ref file': { parsed: 1, reused: 2 },
      'the spec file': { parsed: 0, reused: 3 },
    });
    expect(seen.get('the spec file')?.schemas.convertedSchemas).toBe(0);
  });
});
