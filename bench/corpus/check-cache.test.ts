import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@specwright/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openCheckCache, projectDigest } from '../../scripts/corpus/check-cache.js';
import { checkingScripts } from '../../scripts/corpus/fingerprint.js';

const base = mkdtempSync(join(tmpdir(), 'check-cache-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function project(name: string): string {
  const dir = join(base, name);
  mkdirSync(join(dir, 'src', 'api'), { recursive: true });
  writeFileSync(join(dir, 'tsconfig.json'), '{}\n');
  writeFileSync(join(dir, 'src', 'api', 'client.ts'), 'export const a = 1;\n');
  return dir;
}

describe('the corpus check cache (pnpm corpus --resume)', () => {
  it('keys a project by its files: a copy elsewhere has the same key, one changed byte or name another', () => {
    const a = project('a');
    const copy = join(base, 'copy');
    cpSync(a, copy, { recursive: true });
    expect(projectDigest(copy)).toBe(projectDigest(a));

    // What node_modules links to is not the project's output.
    mkdirSync(join(copy, 'node_modules', 'zod'), { recursive: true });
    writeFileSync(join(copy, 'node_modules', 'zod', 'index.js'), 'x');
    expect(projectDigest(copy)).toBe(projectDigest(a));

    writeFileSync(join(copy, 'src', 'api', 'client.ts'), 'export const a = 2;\n');
    expect(projectDigest(copy)).not.toBe(projectDigest(a));

    writeFileSync(join(copy, 'src', 'api', 'client.ts'), 'export const a = 1;\n');
    renameSync(join(copy, 'src', 'api', 'client.ts'), join(copy, 'src', 'api', 'client2.ts'));
    expect(projectDigest(copy)).not.toBe(projectDigest(a));
  });

  it('gives back what was stored under the same kind and parts only', () => {
    const cache = openCheckCache(join(base, 'cache'));
    const key = [projectDigest(project('b'))];
    expect(cache.get('tsc-7', key)).toBeUndefined();
    cache.set('tsc-7', key, { version: '7', errors: 0, first: [], ms: 1234 });
    expect(cache.get('tsc-7', key)).toStrictEqual({ version: '7', errors: 0, first: [], ms: 1234 });
    expect(cache.get('tsc-5.9', key)).toBeUndefined();
    expect(cache.get('tsc-7', [...key, 'another spec'])).toBeUndefined();
    // A second cache over the same folder (the next session's run) reads it.
    expect(openCheckCache(join(base, 'cache')).get('tsc-7', key)).toMatchObject({ ms: 1234 });
  });

  it('keeps the same results in one .jsonl file that a commit can carry: shared by workers, the last line of a key wins', () => {
    const file = join(base, 'committed', 'checks.jsonl');
    const key = [projectDigest(project('c'))];
    const first = openCheckCache(file);
    // A second worker opened the file before the first stored anything.
    const second = openCheckCache(file);
    first.set('tsc-7', key, { errors: 0, ms: 10 });
    second.set('prettier', ['{}', 'text'], true);
    expect(first.get('tsc-7', key)).toStrictEqual({ errors: 0, ms: 10 });
    expect(first.get('prettier', ['{}', 'text'])).toBeUndefined(); // stored after it opened the file
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);

    // The next session's checkout reads both, by kind and parts.
    const next = openCheckCache(file);
    expect(next.get('tsc-7', key)).toStrictEqual({ errors: 0, ms: 10 });
    expect(next.get('prettier', ['{}', 'text'])).toBe(true);
    expect(next.get('tsc-5.9', key)).toBeUndefined();
    expect(next.get('prettier', ['{}', 'other text'])).toBeUndefined();
    next.set('tsc-7', key, { errors: 3, ms: 20 });
    expect(openCheckCache(file).get('tsc-7', key)).toStrictEqual({ errors: 3, ms: 20 });
  });

  it('skips a line a killed run cut short, and the next line stored after it stays readable', () => {
    const file = join(base, 'torn', 'checks.jsonl');
    openCheckCache(file).set('tsc-7', ['a'], { errors: 0 });
    appendFileSync(file, '{"k":"' + '0'.repeat(64) + '","v":{"err');
    const cache = openCheckCache(file);
    expect(cache.get('tsc-7', ['a'])).toStrictEqual({ errors: 0 });
    cache.set('tsc-7', ['b'], { errors: 1 });
    const next = openCheckCache(file);
    expect(next.get('tsc-7', ['b'])).toStrictEqual({ errors: 1 });
    expect(next.get('tsc-7', ['a'])).toStrictEqual({ errors: 0 });
  });
});

describe('what a record and a check depend on (fingerprint.ts)', () => {
  it('takes every checking script of scripts/corpus and scripts/agreement, and leaves out the command lines, the summary and the fuzzers', () => {
    const names = checkingScripts(repoRoot).map((path) => relative(join(repoRoot, 'scripts'), path));
    expect(names).toEqual(expect.arrayContaining(['corpus/worker.ts', 'corpus/checks.ts', 'corpus/agreement.ts', 'corpus/generate.ts', 'corpus/register.mjs', 'agreement/roundtrip.ts', 'agreement/values.ts']));
    for (const neutral of ['corpus/cli.ts', 'corpus/report.ts', 'corpus/warning-classes.ts', 'corpus/fuzz.ts', 'agreement/cli.ts']) expect(names).not.toContain(neutral);
  });
});
