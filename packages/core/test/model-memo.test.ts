import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, repoRoot, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { buildModel, checkSpec, loadSpecFile, ModelMemo, type ApiModel, type MemoStats } from '../src/index.js';

/**
 * A model built with the memo of the last build must equal a fresh build after any edit; the memo
 * must also spare the schemas an edit did not touch (else it proves nothing).
 */
describe('buildModel with a ModelMemo', () => {
  /** Writes each step's text to the spec file, builds with the memo and fresh, and compares. */
  async function steps(name: string, edits: [string, (text: string) => string][]): Promise<Map<string, MemoStats>> {
    const project = tempProject('model-memo', { prettier: false });
    const file = project.write('spec.yaml', readFileSync(fixture(name), 'utf8'));
    const memo = new ModelMemo();
    buildModel(await loadSpecFile(file), { memo });
    const stats = new Map<string, MemoStats>();
    let text = readFileSync(file, 'utf8');
    for (const [label, edit] of edits) {
      const next = edit(text);
      expect(next, `the edit "${label}" changed nothing`).not.toBe(text);
      writeFileSync(file, (text = next));
      const warm = buildModel(await loadSpecFile(file), { memo });
      const fresh = buildModel(await loadSpecFile(file));
      expect(warm, label).toStrictEqual(fresh);
      stats.set(label, memo.lastBuild);
    }
    return stats;
  }

  it('equals a fresh build where order of building, inlined $refs, warnings and discriminators matter', async () => {
    const stats = await steps('reuse-edge-cases.yaml', [
      // Code is merged by a parameter's schema and referenced by Tag: its warning moves to the end.
      ['a warning fixed', (t) => swap(t, "pattern: '(unclosed'", "pattern: '^[a-z]+$'")],
      ['a warning again', (t) => swap(t, "pattern: '^[a-z]+$'", "pattern: '(unclosed'")],
      // Audited is merged by Tag, which Tagged's discriminator reads: Tag's nodes change, Tagged's do not.
      ['a property of a merged parent', (t) => swap(t, '        note: { type: string, maxLength: 200 }', '        note: { type: string, maxLength: 200 }\n        createdAt: { type: string, readOnly: true }')],
      // readOnly read through a $ref: Label's owner property is not edited, its target is.
      ['a $ref to a merged schema', (t) => swap(t, "        owner: { $ref: '#/components/schemas/Audited' }", "        owner: { $ref: '#/components/schemas/Audited' }\n        code: { $ref: '#/components/schemas/Code' }")],
      ['readOnly read through a $ref', (t) => swap(t, '    Code:\n      type: string', '    Code:\n      readOnly: true\n      type: string')],
      ['a discriminator mapping', (t) => swap(t, '          label: Label', "          label: Label\n          tag: '#/components/schemas/Tag'")],
      ['the variants a discriminator reads', (t) => swap(t, 'name: { type: string, enum: [label] }', 'name: { type: string, enum: [label, sticker] }')],
      ['-0 for 0', (t) => swap(t, "minimum: '-0'", 'minimum: -0')],
      ['0 for -0', (t) => swap(t, 'minimum: -0', 'minimum: 0')],
      ['a cycle of merges', (t) => swap(t, '            right: { type: string }', '            right: { type: string }\n            both: { type: boolean }')],
      ['an inlined $ref target', (t) => swap(t, '              label: { type: string }', '              label: { type: string, minLength: 1 }')],
      ['a shared parameter', (t) => swap(t, 'schema: { type: integer, minimum: 1, maximum: 100 }', 'schema: { type: integer, minimum: 1, maximum: 50 }')],
    ]);
    // Converted (component schemas, operation schemas) of 7 and 7: Left and Right (a cycle of merges), the
    // tree (it recurs outside the component schemas) and the tag body (a $ref into Audited) every time;
    // besides, what was edited and what merges it or reads its readOnly through a $ref.
    const converted = Object.fromEntries([...stats].map(([label, s]) => [label, [s.convertedSchemas, s.convertedOperationSchemas]]));
    expect(converted).toEqual({
      'a warning fixed': [3, 3], // Code, and the kind parameter that merges it
      'a warning again': [3, 3],
      'a property of a merged parent': [4, 2], // Audited and Tag (merges it); Label's $ref to it is not a merge
      'a $ref to a merged schema': [3, 2], // Label
      'readOnly read through a $ref': [5, 3], // Code, Tag and Label (read it through $refs), the kind parameter
      'a discriminator mapping': [3, 2], // Tagged
      'the variants a discriminator reads': [3, 2], // Label only: Tagged's discriminator is resolved again anyway
      '-0 for 0': [4, 2], // Audited and Tag
      '0 for -0': [4, 2],
      'a cycle of merges': [2, 2],
      'an inlined $ref target': [2, 2],
      'a shared parameter': [2, 4], // both uses of Limit
    });
    for (const s of stats.values()) expect(s.reusedSchemas + s.convertedSchemas).toBe(7);
  });

  it('equals a fresh build after edits of names, parents, mappings and the set of schemas', async () => {
    const rename = (from: string, to: string) => (t: string) => t.replaceAll(`schemas/${from}'`, `schemas/${to}'`).replace(`    ${from}:\n`, `    ${to}:\n`);
    const stats = await steps('features-3.1.yaml', [
      ['a description', (t) => swap(t, '    Circle:\n      type: object\n', '    Circle:\n      description: A round shape.\n      type: object\n')],
      ['a property', (t) => swap(t, '        name: { type: string }\n      discriminator:\n        propertyName: petType', '        name: { type: string }\n        born: { type: string, format: date }\n      discriminator:\n        propertyName: petType')],
      ['a referenced schema renamed', rename('Rectangle', 'Rect')],
      ['an allOf parent', (t) => swap(t, "    Cat:\n      allOf:\n        - $ref: '#/components/schemas/BasePet'", "    Cat:\n      allOf:\n        - $ref: '#/components/schemas/Circle'")],
      ['a discriminator mapping', (t) => swap(t, "          rect: '#/components/schemas/Rect'", "          box: '#/components/schemas/Rect'")],
      ['a schema added', (t) => swap(t, '    # --- oneOf with an explicit mapping\n', '    # --- oneOf with an explicit mapping\n    Toy:\n      type: object\n      properties:\n        squeaks: { type: boolean }\n')],
      ['a schema removed', (t) => swap(t, '    Toy:\n      type: object\n      properties:\n        squeaks: { type: boolean }\n', '')],
      ['the name back', rename('Rect', 'Rectangle')],
    ]);
    for (const [label, stat] of stats) expect(stat.reusedSchemas, label).toBeGreaterThan(stat.convertedSchemas);
    // A description of a leaf: it and the one schema that merges it (Unions) are converted.
    expect(stats.get('a description')?.convertedSchemas).toBe(2);
  });

  it('equals a fresh build after random edits of every fixture spec (fixed seed)', async () => {
    let seed = 2026;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const dir = join(repoRoot, 'fixtures', 'specs');
    const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
    let compared = 0;
    let reused = 0;
    for (const name of files) {
      const spec = await loadSpecFile(join(dir, name));
      const memo = new ModelMemo();
      const document = structuredClone(spec.document);
      const build = (withMemo: boolean) => {
        try {
          return buildModel(checkSpec(structuredClone(document), spec.file), withMemo ? { memo } : {});
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      };
      build(true);
      for (let step = 0; step < 8; step++) {
        const label = randomEdit(document, random);
        const warm: ApiModel | string = build(true);
        expect(warm, `${name} step ${step}: ${label}`).toStrictEqual(build(false));
        if (typeof warm !== 'string') reused += memo.lastBuild.reusedSchemas;
        compared++;
      }
    }
    expect(compared).toBe(files.length * 8);
    expect(reused).toBeGreaterThan(compared);
  });
});

/** `text` with the first `from` replaced by `to`, taken literally (`$'` in `to` is no pattern). */
function swap(text: string, from: string, to: string): string {
  return text.replace(from, () => to);
}

/** One edit of a document: what a user's save might change. Returns what it did. */
function randomEdit(document: Record<string, unknown>, random: (n: number) => number): string {
  const pick = <T>(list: T[]): T => list[random(list.length)]!;
  const objects: Record<string, unknown>[] = [];
  const collect = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) objects.push(node as Record<string, unknown>);
    Object.values(node).forEach(collect);
  };
  collect(document);
  const components = (document['components'] ?? {}) as Record<string, unknown>;
  const schemas = (components['schemas'] ?? {}) as Record<string, unknown>;
  const names = Object.keys(schemas);
  const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const withProperties = objects.filter((o) => o['properties'] !== null && typeof o['properties'] === 'object' && !Array.isArray(o['properties']));
  switch (random(7)) {
    case 0:
      pick(objects)['description'] = `edited ${random(1000)}`;
      return 'a description';
    case 1: {
      if (names.length === 0) break;
      const from = pick(names);
      const rewrite = (node: unknown) => {
        if (node === null || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if (value === `#/components/schemas/${from}`) (node as Record<string, unknown>)[key] = `#/components/schemas/${from}Renamed`;
          else rewrite(value);
        }
      };
      rewrite(document);
      components['schemas'] = Object.fromEntries(Object.entries(schemas).map(([key, value]) => [key === from ? `${from}Renamed` : key, value]));
      return `${from} renamed`;
    }
    case 2: {
      const object = withProperties.length > 0 ? pick(withProperties) : undefined;
      const properties = object?.['properties'] as Record<string, unknown> | undefined;
      if (!properties || Object.keys(properties).length === 0) break;
      delete properties[pick(Object.keys(properties))];
      return 'a property removed';
    }
    case 3: {
      if (withProperties.length === 0) break;
      const properties = pick(withProperties)['properties'] as Record<string, unknown>;
      properties[`added${random(100)}`] = names.length > 0 && random(2) === 0 ? refTo(pick(names)) : { type: 'string', readOnly: true };
      return 'a property added';
    }
    case 4:
      if (names.length === 0) break;
      schemas[`Added${random(1000)}`] = { allOf: [refTo(pick(names)), { type: 'object', properties: { extra: { type: 'string' } } }] };
      return 'a schema added';
    case 5: {
      const merging = objects.filter((o) => Array.isArray(o['allOf']) && (o['allOf'] as unknown[]).length > 0);
      if (merging.length === 0 || names.length === 0) break;
      (pick(merging)['allOf'] as unknown[])[0] = refTo(pick(names));
      return 'an allOf parent';
    }
    default: {
      const discriminated = objects.filter((o) => o['discriminator'] !== null && typeof o['discriminator'] === 'object');
      if (discriminated.length === 0 || names.length === 0) break;
      const discriminator = pick(discriminated)['discriminator'] as Record<string, unknown>;
      discriminator['mapping'] = { ...(discriminator['mapping'] as object | undefined), [`v${random(10)}`]: `#/components/schemas/${pick(names)}` };
      return 'a discriminator mapping';
    }
  }
  const target = pick(objects);
  target['readOnly'] = target['readOnly'] !== true;
  return 'readOnly';
}
