import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tempProject } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule } from './support.js';

/**
 * The generated zod schemas held to the JSON Schema Test Suite (npm `json-schema-test-suite`,
 * draft 4, the draft OpenAPI 3.0 builds on), for the keywords an OpenAPI Schema Object keeps.
 * Each group's schema becomes a component schema; each case's data must pass or fail as the
 * suite says, with both zod variants. The exceptions below are the cases the generated schemas
 * decide otherwise on purpose (the openapi-zod-ts README lists them); each must still differ, so
 * the list cannot go stale.
 */
const KEYWORDS = [
  'additionalProperties', 'allOf', 'anyOf', 'default', 'enum', 'items', 'maxItems', 'maxLength', 'maxProperties', 'maximum',
  'minItems', 'minLength', 'minProperties', 'minimum', 'multipleOf', 'not', 'oneOf', 'pattern', 'properties', 'required', 'type', 'uniqueItems',
];

interface Group {
  description: string;
  schema: object;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** `file / group / case` → why the generated schema decides otherwise. */
const OBJECT_KEYWORDS = 'OpenAPI usage: properties, required, additionalProperties and patternProperties without type describe an object';
const EXCEPTIONS: Record<string, string> = {
  'additionalProperties / additionalProperties being false does not allow other properties / ignores non-objects': OBJECT_KEYWORDS,
  'properties / object properties validation / ignores non-objects': OBJECT_KEYWORDS,
  'items / a schema given for items / ignores non-arrays': 'OpenAPI usage: items without type describes an array',
  'enum / heterogeneous enum validation / one of the enum is valid': 'object and array enum values are left out, with a warning naming the enum',
  'oneOf / oneOf / both oneOf valid': 'oneOf is checked as anyOf (at least one member): real specs list members that overlap',
  'oneOf / oneOf with base schema / both oneOf valid': 'oneOf is checked as anyOf (at least one member): real specs list members that overlap',
};

const suiteDir = join(dirname(createRequire(import.meta.url).resolve('json-schema-test-suite/package.json')), 'tests', 'draft4');
const groups = KEYWORDS.flatMap((keyword) => (JSON.parse(readFileSync(join(suiteDir, `${keyword}.json`), 'utf8')) as Group[]).map((group) => ({ keyword, group }))).map((entry, n) => ({ ...entry, name: `Case${n}` }));
const cases = groups.flatMap(({ keyword, name, group }) => group.tests.map((test) => ({ name: `${keyword} / ${group.description} / ${test.description}`, schema: `${name}Schema`, ...test })));

describe.each(['classic', 'mini'] as const)('JSON Schema Test Suite (draft 4), %s zod', (variant) => {
  let schemas: Record<string, { safeParse(value: unknown): { success: boolean } }>;

  beforeAll(async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'JSON Schema Test Suite', version: '1.0.0' },
      paths: {},
      components: { schemas: Object.fromEntries(groups.map(({ name, group }) => [name, group.schema])) },
    };
    const project = tempProject(`zod-ts-suite-${variant}`, { prettier: false });
    await generateInto(spec, { project, format: false, variant });
    schemas = await importModule(join(project.dir, 'gen', 'schema-types.ts'));
  });

  it('decides every case as the suite does, except the documented ones', () => {
    const wrong = cases.filter((test) => schemas[test.schema]!.safeParse(test.data).success !== test.valid).map((test) => test.name);
    expect(wrong.filter((name) => !Object.hasOwn(EXCEPTIONS, name))).toEqual([]);
    expect(Object.keys(EXCEPTIONS).filter((name) => !wrong.includes(name))).toEqual([]);
  });
});
