import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** Comment lines of a file (`//` lines and the lines of block comments), with their numbers. */
function commentLines(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, i) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? [{ line: i + 1, text: line }] : []));
}

/** A calendar date that is no ISO date-time example (`2024-12-31T08:...`) nor a media-type parameter (`version=2018-01-01`). */
const DATE = /(?<![=\w-])20\d\d-[01]\d-[0-3]\d(?!T|\d)/;
/** An A/B figure: `2.25 s against 2.52 s`, `25 ms instead of 33 ms`, `287 against 283 MiB`. */
const A_B = /\d[\d,.]* ?(?:ms|s|MiB|MB|GiB|%)? (?:against|instead of) [\d,.]+ ?(?:ms|s|MiB|MB|GiB|%)/;

/** Issue 38: source comments say why, with a pointer to the bench; the figures live in the docs and bench/HISTORY.md. */
describe('source comments carry no dated measurements', () => {
  const packages = join(root, 'packages');
  const files = readdirSync(packages).flatMap((name) => {
    try {
      return sourceFiles(join(packages, name, 'src'));
    } catch {
      return [];
    }
  });

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no comment under packages/*/src holds a date or an A/B measurement', () => {
    const found = files.flatMap((file) =>
      commentLines(readFileSync(file, 'utf8'))
        .filter(({ text }) => DATE.test(text) || A_B.test(text))
        .map(({ line, text }) => `${relative(root, file)}:${line}: ${text.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('the patterns catch what they are for', () => {
    expect(DATE.test(' * (bench/v8-settings.mjs, 2026-11-27, idle)')).toBe(true);
    expect(A_B.test(' * GitHub took 2.25 s instead of 2.52 s')).toBe(true);
    expect(A_B.test(' * peak RSS 287 against 283 MiB')).toBe(true);
    expect(DATE.test(' * from `toISOString()` (`2024-12-31T08:59:19.123Z`)')).toBe(false);
    expect(DATE.test(' * `applicationjson;version=2018-01-01`')).toBe(false);
  });
});
