import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { diffOutputs, writeOutputs } from '../src/index.js';

const core = pathToFileURL(join(repoRoot, 'packages', 'core', 'dist', 'index.js')).href;

describe('writing outputs', () => {
  it('tells unchanged files from changed ones by their bytes, whatever the characters', async () => {
    const p = tempProject('write-diff', { prettier: false });
    const texts = { ascii: '// a\n', accents: '// café, naïve\n', wide: '// 日本語 🎉\n', empty: '' };
    for (const [name, text] of Object.entries(texts)) p.write(`out/${name}.ts`, text);
    const file = (name: string, content: string, createOnly?: boolean) => ({ path: join(p.dir, 'out', `${name}.ts`), content, ...(createOnly ? { createOnly } : {}) });
    const same = await diffOutputs(Object.entries(texts).map(([name, text]) => file(name, text)));
    expect(same.changed).toEqual([]);
    // Same length in characters but not in bytes, same bytes but one character moved, a missing
    // file, an empty file given text; a create-only file is unchanged whenever it exists.
    const result = await diffOutputs([
      file('ascii', '// é\n'),
      file('accents', '// café, naïev\n'),
      file('missing', ''),
      file('empty', '\n'),
      file('wide', 'anything', true),
      file('gone', 'anything', true),
    ]);
    expect(result.changed.map((path) => path.slice(p.dir.length + 5))).toEqual(['ascii.ts', 'accents.ts', 'missing.ts', 'empty.ts', 'gone.ts']);
    expect(result.unchanged.map((path) => path.slice(p.dir.length + 5))).toEqual(['wide.ts']);
  });

  it('removes the temp files and backups of a killed run, and only those', async () => {
    const p = tempProject('write-stale', { prettier: false });
    p.write('out/a.ts', '// a\n');
    // A process that has ended: its temp files can be no one's.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const live = process.ppid;
    const stale = [`out/.specwright-${dead}.0123abcd-0.tmp`, `out/.specwright-${dead}.0123abcd-1.bak`, `.specwright-${dead}.0123abcd-2.tmp`];
    const kept = [`out/.specwright-${live}.0123abcd-0.tmp`, 'out/.specwright-notes.txt', `out/sub/.specwright-${dead}.0123abcd-3.tmp`];
    for (const path of [...stale, ...kept]) p.write(path, 'x');
    // Nothing to write: the leftovers go all the same.
    const { changed } = await writeOutputs([{ path: join(p.dir, 'out', 'a.ts'), content: '// a\n' }]);
    expect(changed).toEqual([]);
    expect(stale.filter((path) => existsSync(join(p.dir, path)))).toEqual([]);
    expect(kept.filter((path) => existsSync(join(p.dir, path)))).toEqual(kept);
  });

  it.skipIf(process.platform === 'win32')('names the file a write error is about (a full disk, a file size limit), first or last', () => {
    for (const bigFirst of [false, true]) {
      const p = tempProject('write-error', { prettier: false });
      const small = { path: join(p.dir, 'out', 'small.ts'), content: 'x' };
      const big = { path: join(p.dir, 'out', 'big.ts'), content: 'x'.repeat(100000) };
      const script = `
        const { writeOutputs } = await import(${JSON.stringify(core)});
        await writeOutputs(${JSON.stringify(bigFirst ? [big, small] : [small, big])}).catch((error) => process.stdout.write(error.describe()));`;
      // Files of at most 8 KiB: writing the big one fails with EFBIG, as a full disk fails with ENOSPC.
      const result = spawnSync('bash', ['-c', 'ulimit -f 8 && exec "$0" --input-type=module -e "$1"', process.execPath, script], { encoding: 'utf8' });
      expect(result.stdout).toBe(`${big.path}: cannot write the output: EFBIG: file too large, write`);
      // Nothing stays: not the small file's temp file, written beside the big one's.
      expect(readdirSync(p.dir).sort()).toEqual(['package.json']);
    }
  });

  it.skipIf(process.platform === 'win32')('writes hundreds of files under a low limit on open files', () => {
    const p = tempProject('write-many', { prettier: false });
    const files = Array.from({ length: 300 }, (_, i) => ({ path: join(p.dir, 'out', `f${i}.ts`), content: `// ${i}\n` }));
    const script = `
      const { writeOutputs } = await import(${JSON.stringify(core)});
      const { changed } = await writeOutputs(${JSON.stringify(files)});
      process.stdout.write(String(changed.length));`;
    // 64 descriptors for the whole process: each write holds one while it lasts.
    const result = spawnSync('bash', ['-c', 'ulimit -n 64 && exec "$0" --input-type=module -e "$1"', process.execPath, script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('300');
    expect(readdirSync(join(p.dir, 'out')).sort()).toEqual(files.map((_, i) => `f${i}.ts`).sort());
  });
});
