import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCheckCache, projectDigest } from '../../scripts/corpus/check-cache.js';

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
});
