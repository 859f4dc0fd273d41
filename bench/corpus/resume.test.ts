import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@specwright/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../scripts/corpus/report.js';

const base = mkdtempSync(join(tmpdir(), 'corpus-resume-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** `pnpm corpus` on one small spec of the corpus, TypeScript 7 only, into `out`. */
function corpus(out: string, ...extra: string[]) {
  const argv = ['--import', join(repoRoot, 'scripts', 'corpus', 'register.mjs'), join(repoRoot, 'scripts', 'corpus', 'cli.ts')];
  const result = spawnSync(process.execPath, [...argv, '--filter', '^who-hosts-this\\.com\\.json$', '--tsc', '7', '--jobs', '1', '--out', out, ...extra], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
  return { code: result.status, stderr: result.stderr, spec: report.specs[0]! };
}

describe('pnpm corpus --resume across checkouts', () => {
  it('keeps the record in --out and the checks in a --check-cache file, and reuses them in a new checkout', () => {
    const checks = ['--resume', '--check-cache', join(base, 'checks.jsonl')];
    const first = corpus(join(base, 'first'), ...checks);
    expect(first.code).toBe(0);
    expect(first.spec).toMatchObject({ id: 'who-hosts-this.com.json', status: 'ok', prettier: { reused: 0 } });
    expect(first.spec.tsc).toEqual([expect.objectContaining({ version: '7', errors: 0 })]);
    expect(first.spec.tsc![0]!.reused).toBeUndefined();
    expect(first.spec.agreement?.reused).toBeUndefined();

    // The same report folder: the record itself is reused.
    const again = corpus(join(base, 'first'), ...checks);
    expect(again.stderr).toContain('resuming: 1 of 1 records');
    expect(again.spec.ms).toBe(first.spec.ms);

    // No report (a new checkout whose generators changed): generated again, every check reused.
    const fresh = corpus(join(base, 'second'), ...checks);
    expect(fresh.code).toBe(0);
    expect(fresh.stderr).not.toContain('resuming: 1');
    expect(fresh.spec.tsc).toEqual([{ ...first.spec.tsc![0], reused: true }]);
    expect(fresh.spec.prettier?.reused).toBeGreaterThan(0);
    expect(fresh.spec.prettier?.failing).toEqual([]);
    expect(fresh.spec.agreement).toMatchObject({ reused: true, counts: first.spec.agreement!.counts });

    // Without the file, nothing is reused.
    const elsewhere = corpus(join(base, 'third'), '--resume', '--check-cache', join(base, 'other.jsonl'));
    expect(elsewhere.spec.tsc![0]!.reused).toBeUndefined();
  });
});
