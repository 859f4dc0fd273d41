import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '@specwright/testing';
import type { ZodVariant } from '@specwright/openapi-zod-ts';
import { describe, expect, it } from 'vitest';
import { bodyPair, comparable } from '../../scripts/agreement/bodies.js';
import { checkSpec, type SpecOutcome } from '../../scripts/agreement/roundtrip.js';
import { fixtureSpecs } from '../../scripts/agreement/specs.js';
import { failures, projectFolder, silentSkips, tally } from './support.js';

/**
 * The round trip on every fixture spec: each operation's client call reaches the service of the
 * fastify, hono and express routers with exactly the values sent, returns what the service
 * answered, and is answered by the MSW handlers with data the client accepts. Every spec runs
 * with both zod variants (3 to 7 s more for this file than one variant per spec, nearly idle).
 */
/** Each spec and variant is checked once; the skip test below reads the round-trip fixture's outcome too. */
const checked = new Map<string, Promise<SpecOutcome>>();
const outcomeOf = (spec: string, variant: ZodVariant) => {
  const key = `${variant} ${spec}`;
  return checked.get(key) ?? checked.set(key, checkSpec(spec, { dir: projectFolder('fixture'), variant })).get(key)!;
};

/** Fixture specs with components or webhooks only. */
const NO_OPERATIONS = new Set(['repro-01-no-operations.yaml', 'repro-01-webhooks-only.yaml']);

describe('agreement: every fixture spec round-trips', () => {
  const cases = fixtureSpecs().flatMap((spec) => (['classic', 'mini'] as const).map((variant) => [spec.slice(join(repoRoot, 'fixtures', 'specs').length + 1), variant, spec] as const));
  it.each(cases)('%s (%s)', async (name, variant, spec) => {
    const outcome = await outcomeOf(spec, variant);
    expect(outcome.error).toBeUndefined();
    expect(failures(outcome)).toEqual([]);
    expect(silentSkips(outcome)).toEqual([]);
    // Something was called, except in the specs that declare no operation (repro 01).
    expect(tally(outcome.operations).agreed > 0).toBe(!NO_OPERATIONS.has(name));
  });
});

describe('agreement: what is outside the contract', () => {
  it('skips a required cookie and a required object-valued query parameter, each with its reason and a generation warning', async () => {
    const outcome = await outcomeOf(fixture('round-trip.yaml'), 'classic');
    const skipped = outcome.operations.filter((o) => o.status === 'skipped');
    expect(skipped.map((o) => [o.operation, o.reasons])).toEqual([
      ['GET /session', ['required cookie parameter "sid": cookies are outside the contract']],
      ['GET /reports', ['required query parameter "range" is an object in style form: only style deepObject carries objects']],
    ]);
    expect(outcome.warnings.some((w) => w.includes('cookie parameter "sid"'))).toBe(true);
    expect(outcome.warnings.some((w) => w.includes('query parameter "range" is an object in style form'))).toBe(true);
  });
});

describe('agreement: a value the schema provably does not admit', () => {
  it('skips only the operations whose required parameter or body needs one, with the pattern that openapi-msw warns about, naming its JSON pointer', async () => {
    const outcome = await outcomeOf(fixture('impossible-patterns.yaml'));
    const pattern = '^arn:aws:ec2:placement-group/^.{1,255}$';
    const proved = `pattern ${JSON.stringify(pattern)} matches no string of length 0..∞ (proved at generation time: the schema admits no value)`;
    const label = `pattern ${JSON.stringify('^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$')} matches no string of length 3..64 (proved at generation time: the schema admits no value)`;
    expect(outcome.operations.filter((o) => o.status === 'skipped').map((o) => [o.operation, o.reasons])).toEqual([
      ['POST /firewalls', [`${label}; the optional request body needs such a value, so no valid round trip exists (a spec defect)`]],
      ['GET /groups/{arn}', [`${proved}; the path parameter "arn" needs such a value, so no valid round trip exists (a spec defect)`]],
    ]);
    expect(outcome.warnings.some((w) => w.startsWith(`#/paths/~1groups~1{arn}/get (path parameter "arn"): ${proved}`))).toBe(true);
    expect(outcome.warnings.some((w) => w.startsWith('#/components/schemas/Linode/properties/label: pattern '))).toBe(true);
  });
});

describe('agreement: path values (fixtures/specs/path-values.yaml)', () => {
  it('skips only the operation a fragment does not tell apart from its twin, warned by openapi-server and openapi-msw', async () => {
    const outcome = await outcomeOf(fixture('path-values.yaml'));
    const skipped = outcome.operations.filter((o) => o.status === 'skipped').map((o) => o.operation);
    expect(skipped).toEqual(['GET /v2/{name}/blobs/{digest}#mode=chunk']);
    const twins = outcome.warnings.filter((w) => w.startsWith('GET /v2/{name}/blobs/{digest}#mode=chunk has the same route as GET /v2/{name}/blobs/{digest}'));
    expect(twins).toEqual([expect.stringContaining('the router serves only the first'), expect.stringContaining('the handler of GET /v2/{name}/blobs/{digest} answers them')]);
    // The other fragment (`#mode=resumable`) names no parameter either: its trailing-slash route is reached.
    expect(outcome.operations.find((o) => o.operation === 'POST /v2/{name}/blobs/uploads/#mode=resumable')?.status).toBe('agreed');
  });
});

describe('agreement: the comparisons see a difference', () => {
  const form = { contentType: 'application/x-www-form-urlencoded', kind: 'form' as const };
  const multipart = { contentType: 'multipart/form-data', kind: 'multipart' as const };

  it('reads a urlencoded body back as its fields, Blobs as their text', async () => {
    const sent = { a: 'x y', b: [1, 2], c: new Blob(['bytes']) };
    const same = await bodyPair(form, sent, new TextEncoder().encode('a=x+y&b=1&b=2&c=bytes'));
    expect(same.actual).toEqual(same.expected);
    const empty = await bodyPair(form, sent, new TextEncoder().encode('a=x+y&b=1&b=2&c='));
    expect(empty.actual).not.toEqual(empty.expected);
  });

  it('reads a multipart body back by its boundary', async () => {
    const data = new FormData();
    data.append('name', 'n');
    data.append('file', new Blob(['content']));
    const bytes = new Uint8Array(await new Response(data).arrayBuffer());
    const pair = await bodyPair(multipart, { name: 'n', file: new Blob(['content']) }, bytes);
    expect(pair.actual).toEqual(pair.expected);
    expect((await bodyPair(multipart, { name: 'm', file: new Blob(['content']) }, bytes)).actual).not.toEqual((await bodyPair(multipart, { name: 'm', file: new Blob(['content']) }, bytes)).expected);
  });

  it('compares bytes by content, whatever holds them', async () => {
    expect(await comparable(new Blob(['ab']))).toEqual(await comparable(Uint8Array.from([97, 98])));
    expect(await comparable({ a: undefined, b: [1] })).toEqual({ b: [1] });
  });
});

describe('pnpm agreement', () => {
  const cli = join(repoRoot, 'scripts', 'agreement', 'cli.ts');
  const register = join(repoRoot, 'scripts', 'corpus', 'register.mjs');
  const runNode = async (args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', register, cli, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it('prints one line per spec with its zod variant and responses, and the totals last, exit 0 when all agree', async () => {
    const run = await runNode(['--spec', fixture('nullable-3.0.yaml'), '--zod-variant', 'mini', '--jobs', '1']);
    const lines = run.stdout.trim().split('\n');
    // Operations, then the declared responses sent with reply() (issue 34).
    expect(lines[0]).toBe('fixtures/specs/nullable-3.0.yaml (mini): 3 agreed, 0 failed, 0 skipped; responses 3 agreed, 0 failed, 0 skipped');
    expect(lines.slice(-2)).toEqual(['3 operations agreed, 0 failed, 0 skipped', '3 declared responses agreed, 0 failed, 0 skipped']);
    expect(run.code).toBe(0);
  });

  it('journals each spec by its name and carries a run into another checkout with --resume --journal; --smallest-first goes by size', async () => {
    // nullable-3.0.yaml is the larger of the two, so --smallest-first checks it second.
    const specs = [fixture('nullable-3.0.yaml'), fixture('schemaless-text-body.yaml')];
    expect(statSync(specs[0]!).size).toBeGreaterThan(statSync(specs[1]!).size);
    const dir = mkdtempSync(join(tmpdir(), 'agreement-journal-'));
    try {
      const journal = join(dir, 'all.jsonl');
      // --resume from the start: the first run (an empty journal) checks everything and fills the check cache.
      const args = [...specs.flatMap((spec) => ['--spec', spec]), '--zod-variant', 'mini', '--jobs', '1', '--resume', '--check-cache', join(dir, 'checks.jsonl'), '--journal', journal, '--smallest-first'];
      const first = await runNode(args);
      expect(first.code).toBe(0);
      expect(first.stdout).not.toContain('(--resume)');
      const firstLines = first.stdout.trim().split('\n');
      expect(firstLines[0]).toMatch(/^fixtures\/specs\/schemaless-text-body\.yaml \(mini\): /);
      expect(firstLines[1]).toMatch(/^fixtures\/specs\/nullable-3\.0\.yaml \(mini\): 3 agreed/);
      expect(first.stdout).toMatch(/^slowest: fixtures\/specs\/\S+ \d+\.\d s, fixtures\/specs\/\S+ \d+\.\d s$/m);
      // Keys hold the spec's name, not this checkout's path, so a committed journal serves a new clone.
      const keys = readFileSync(journal, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { key: string }).key);
      expect(keys.map((key) => key.split(' ').slice(1).join(' '))).toEqual(['fixtures/specs/schemaless-text-body.yaml mini', 'fixtures/specs/nullable-3.0.yaml mini']);
      expect(keys.join('\n')).not.toContain(repoRoot);

      const again = await runNode(args);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('2 of 2 specs taken from earlier runs (--resume)');
      expect(again.stdout.split('\n').slice(0, 2)).toEqual(firstLines.slice(0, 2));
      // Nothing was checked again, so nothing was appended.
      expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(2);

      // Another journal (another fingerprint's: a generator changed) with the same check cache: each
      // spec is generated again, and its round trip comes from the byte-identical output.
      expect(again.stdout).not.toContain('generated again');
      const regenerated = await runNode([...args.slice(0, -3), '--journal', join(dir, 'other.jsonl')]);
      expect(regenerated.code).toBe(0);
      expect(regenerated.stdout).toContain('2 of 2 specs generated again, their round trips taken from earlier runs of byte-identical output (--resume)');
      expect(regenerated.stdout.split('\n').slice(0, 2).sort()).toEqual(firstLines.slice(0, 2).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown sample with exit 2 and the usage', async () => {
    const run = await runNode(['--sample', 'most']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--sample must be ci, default or all, got "most"');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an unknown zod variant with exit 2', async () => {
    const run = await runNode(['--zod-variant', 'tiny']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--zod-variant must be classic or mini, got "tiny"');
  });
});
