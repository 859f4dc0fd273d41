import type { SpecResult } from './types.js';

/** How a run was set up, for the report's header. */
export interface RunInfo {
  rule: string;
  corpusSize: number;
  tscRule: string;
  /** Which `zod_variant` each spec ran with (absent in reports made before the option). */
  variantRule?: string;
  jobs: number;
  timeoutRule: string;
  fingerprint: string;
  node: string;
}

export interface Totals {
  selected: number;
  recorded: number;
  generated: number;
  specErrors: number;
  crashes: number;
  timeouts: number;
  died: number;
  /** Of the generated specs: zero errors under every TypeScript version run. */
  compileClean: number;
  prettierClean: number;
  /** Both of the above. */
  clean: number;
  /** Generated specs checked with TypeScript 5.9 (the others with 7 only). */
  checkedWith59: number;
  mockResponses: number;
  mockValid: number;
  routeOperations: { fastify: number; hono: number };
  routed: { fastify: number; hono: number };
  /** Specs whose slowest command (load + one generator) took over 60 s; peak RSS over 4 GiB. */
  over60s: number;
  over4GiB: number;
}

export interface CauseGroup {
  category: string;
  cause: string;
  specs: number;
  /** Occurrences among the recorded examples (a spec keeps its first few findings). */
  occurrences: number;
  example: { spec: string; detail: string };
}

export interface Report {
  info: RunInfo;
  date: string;
  complete: boolean;
  totals: Totals;
  causes: CauseGroup[];
  specs: SpecResult[];
}

export const SLOW_MS = 60_000;
/** A mock response larger than this is too big to be useful in a test (a finding, not a failure). */
export const MOCK_BYTES_LIMIT = 1_000_000;
export const RSS_LIMIT_MIB = 4096;

/** Spec text and numbers out of a message, so that one cause groups its instances. */
export function normalize(message: string): string {
  return message
    .replace(/(["'`])(?:(?!\1).)*\1/g, '$1…$1')
    .replace(/\/[^\s:]+\.(?:json|ya?ml|ts)\b/g, '<file>')
    .replace(/#\/[^\s:,)]*/g, '#/…')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

const clean = (s: SpecResult) => (s.tsc ?? []).every((t) => t.errors === 0 && !t.failure);

export function totalsOf(selected: number, specs: SpecResult[]): Totals {
  const ok = specs.filter((s) => s.status === 'ok');
  const count = (f: (s: SpecResult) => boolean) => specs.filter(f).length;
  const sum = (f: (s: SpecResult) => number) => ok.reduce((n, s) => n + f(s), 0);
  return {
    selected,
    recorded: specs.length,
    generated: ok.length,
    specErrors: count((s) => s.status === 'spec-error'),
    crashes: count((s) => s.status === 'crash'),
    timeouts: count((s) => s.status === 'timeout'),
    died: count((s) => s.status === 'died'),
    compileClean: ok.filter(clean).length,
    prettierClean: ok.filter((s) => s.prettier?.failing.length === 0).length,
    clean: ok.filter((s) => clean(s) && s.prettier?.failing.length === 0).length,
    checkedWith59: ok.filter((s) => s.tsc?.some((t) => t.version === '5.9')).length,
    mockResponses: sum((s) => s.agreement?.mocks.responses ?? 0),
    mockValid: sum((s) => s.agreement?.mocks.valid ?? 0),
    routeOperations: { fastify: sum((s) => s.agreement?.fastify.operations ?? 0), hono: sum((s) => s.agreement?.hono.operations ?? 0) },
    routed: { fastify: sum((s) => s.agreement?.fastify.routed ?? 0), hono: sum((s) => s.agreement?.hono.routed ?? 0) },
    over60s: count((s) => (s.generateMs ?? 0) > SLOW_MS),
    over4GiB: count((s) => (s.rssMiB ?? 0) > RSS_LIMIT_MIB),
  };
}

interface Finding {
  category: string;
  cause: string;
  detail: string;
}

/** Every finding of a spec, each with the cause it is grouped under. */
export function findings(s: SpecResult): Finding[] {
  const out: Finding[] = [];
  if (s.error && s.status !== 'ok') {
    const category = { 'spec-error': 'clear error (spec problem)', crash: 'crash', timeout: 'timeout', died: 'worker died', ok: '' }[s.status];
    const message = s.error.message.replace(/^\S+?\.json(?::\d+(?::\d+)?)?(?: key "[^"]*")?(?: at \S+)?: /, '');
    const where = s.status === 'crash' ? `${s.error.generator}: ` : '';
    const cause = s.status === 'timeout' ? `in ${s.phase ?? '?'}` : `${where}${s.error.code}: ${normalize(message)}`;
    const stack = s.error.stack?.split('\n').find((l) => l.trim().startsWith('at '))?.trim();
    out.push({ category, cause, detail: `${s.error.message.slice(0, 500)}${stack ? ` (${stack})` : ''}` });
  }
  if (s.status !== 'ok') return out;
  if ((s.generateMs ?? 0) > SLOW_MS) out.push({ category: 'slow generation (> 60 s)', cause: 'slowest command over 60 s', detail: `${Math.round(s.generateMs! / 1000)} s` });
  if ((s.rssMiB ?? 0) > RSS_LIMIT_MIB) out.push({ category: 'memory (> 4 GiB)', cause: 'peak RSS over 4 GiB', detail: `${s.rssMiB} MiB` });
  for (const t of s.tsc ?? []) {
    if (t.failure) out.push({ category: `tsc ${t.version}`, cause: `tsc did not finish: ${normalize(t.failure)}`, detail: t.failure });
    for (const line of t.first) {
      const match = /^(?:(.+?)\(\d+,\d+\): )?error (TS\d+): (.*)$/.exec(line);
      const file = match?.[1]?.split('/').pop() ?? '';
      out.push({ category: `tsc ${t.version}`, cause: `${match?.[2] ?? '?'}${file ? ` in ${file}` : ''}: ${normalize(match?.[3] ?? line)}`, detail: line });
    }
  }
  for (const file of s.prettier?.failing ?? []) out.push({ category: 'prettier --check', cause: `${file.split('/').pop()} not formatted`, detail: file });
  const a = s.agreement;
  if (s.agreementError) out.push({ category: 'agreement check', cause: normalize(s.agreementError), detail: s.agreementError });
  if (a) {
    if (a.mocks.loadError) out.push({ category: 'mock data', cause: `handlers.ts or schema-types.ts does not load: ${normalize(a.mocks.loadError)}`, detail: a.mocks.loadError });
    const largest = a.mocks.largest;
    if (largest && largest.bytes > MOCK_BYTES_LIMIT) out.push({ category: 'mock size', cause: 'a mock response over 1 MB', detail: `${largest.operation}: ${mb(largest.bytes)}` });
    for (const f of a.mocks.failures) {
      const issue = f.issues?.[0];
      const cause = issue ? `${f.problem}: ${issue.code}: ${normalize(issue.message)}` : `${f.problem}: ${normalize(f.message ?? '')}`;
      const detail = `${f.operation} → ${f.status ?? ''} ${f.schema ?? ''}${issue ? ` at ${issue.path || '(root)'}: ${issue.message}` : `: ${f.message}`}`;
      out.push({ category: 'mock data', cause, detail });
    }
    for (const framework of ['fastify', 'hono'] as const) {
      const r = a[framework];
      if (r.loadError) out.push({ category: `routes (${framework})`, cause: `router does not load: ${normalize(r.loadError)}`, detail: r.loadError });
      for (const f of r.failures) out.push({ category: `routes (${framework})`, cause: f.problem, detail: `${f.operation}: ${f.message}` });
    }
  }
  return out;
}

/** Findings grouped by category and cause; most specs first. */
export function groupCauses(specs: SpecResult[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup & { seen: Set<string> }>();
  for (const spec of specs) {
    for (const f of findings(spec)) {
      const key = `${f.category}\u0000${f.cause}`;
      let group = groups.get(key);
      if (!group) {
        group = { category: f.category, cause: f.cause, specs: 0, occurrences: 0, example: { spec: spec.id, detail: f.detail }, seen: new Set() };
        groups.set(key, group);
      }
      group.occurrences++;
      if (!group.seen.has(spec.id)) group.seen.add(spec.id), group.specs++;
    }
  }
  return [...groups.values()]
    .map(({ seen: _, ...g }) => g)
    .sort((a, b) => a.category.localeCompare(b.category) || b.specs - a.specs || a.cause.localeCompare(b.cause));
}

export function buildReport(info: RunInfo, selected: number, specs: SpecResult[], complete: boolean): Report {
  return { info, date: new Date().toISOString().slice(0, 10), complete, totals: totalsOf(selected, specs), causes: groupCauses(specs), specs };
}

/** 1 when a spec crashed, timed out, died or does not compile; else 0. */
export function exitCode(report: Report): number {
  const t = report.totals;
  return t.crashes + t.timeouts + t.died > 0 || t.compileClean < t.generated ? 1 : 0;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
const sec = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/`/g, "'");

export function renderSummary(report: Report): string {
  const { info, totals: t } = report;
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  push('# Corpus run', '');
  push(`Generated by \`pnpm corpus\` (scripts/corpus) on ${report.date}${report.complete ? '' : ' (incomplete run)'}; generators fingerprint \`${info.fingerprint}\`, Node ${info.node}, ${info.jobs} workers.`, '');
  push(`- **Sample**: ${info.rule}: ${t.selected} specs of ${info.corpusSize}.`);
  push(`- **Type check**: ${info.tscRule}; strict flag set of DECISIONS, NodeNext resolution.`);
  push(`- **Generators**: openapi-zod-ts${info.variantRule ? ` (${info.variantRule})` : ''}; ` + "openapi-server with fastify (`context_type`) and with hono; openapi-react-query (`suspense` where the target has it, `auto_invalidate`; `target` rotates over react, vue, svelte and solid by a hash of the spec name); openapi-msw (seed 42), in-process on one loaded model, formatted with prettier defaults.");
  push('- **Agreement**: each operation\'s MSW answer (twice) parses with the response schema `createClientNames(model)` names; each router gets one request per operation and must route it (not 404) to the operation\'s service method, with one route per distinct method and path.');
  push(`- **Bounds**: ${info.timeoutRule}; specs of 10 MB or more run alone.`);
  const tscReused = report.specs.flatMap((s) => s.tsc ?? []).filter((x) => x.reused).length;
  const prettierReused = report.specs.reduce((n, s) => n + (s.prettier?.reused ?? 0), 0);
  const agreementReused = report.specs.filter((s) => s.agreement?.reused).length;
  if (tscReused + prettierReused + agreementReused > 0) {
    push(`- **Reused** (\`--resume\`): ${tscReused} tsc runs, ${prettierReused} files' prettier checks and ${agreementReused} agreement checks come from earlier runs of byte-identical output (their times are those runs').`);
  }
  push('');

  push('## Targets', '', '| Target | Result | Met |', '|---|---|---|');
  const met = (ok: boolean) => (ok ? 'yes' : '**no**');
  const unclear = t.crashes + t.timeouts + t.died;
  push(`| every spec generates or fails with a clear error | ${t.generated} generated, ${t.specErrors} clear errors, ${t.crashes} crashes, ${t.timeouts} timeouts, ${t.died} died | ${met(unclear === 0)} |`);
  push(`| at least 99% generate | ${t.generated} / ${t.recorded} = ${pct(t.generated, t.recorded)} | ${met(t.generated >= 0.99 * t.recorded)} |`);
  push(`| at least 98% of those compile with zero errors and pass prettier --check | ${t.clean} / ${t.generated} = ${pct(t.clean, t.generated)} (compile ${pct(t.compileClean, t.generated)}, prettier ${pct(t.prettierClean, t.generated)}) | ${met(t.clean >= 0.98 * t.generated)} |`);
  push(`| at least 99% of mock responses validate | ${t.mockValid} / ${t.mockResponses} = ${pct(t.mockValid, t.mockResponses)} | ${met(t.mockValid >= 0.99 * t.mockResponses)} |`);
  push(`| no spec over 60 s to generate, under 4 GiB RSS | ${t.over60s} over 60 s, ${t.over4GiB} over 4 GiB | ${met(t.over60s === 0 && t.over4GiB === 0)} |`);
  push('');
  push(`Routes: fastify ${t.routed.fastify} / ${t.routeOperations.fastify} operations routed (${pct(t.routed.fastify, t.routeOperations.fastify)}), hono ${t.routed.hono} / ${t.routeOperations.hono} (${pct(t.routed.hono, t.routeOperations.hono)}). TypeScript 5.9 checked ${t.checkedWith59} of the generated specs.`, '');

  const ok = report.specs.filter((s) => s.status === 'ok');
  const row = (s: SpecResult) => {
    const slowest = [...(s.generators ?? [])].sort((a, b) => b.ms - a.ms)[0];
    const tsc = (s.tsc ?? []).map((x) => `${x.version}: ${sec(x.ms)}`).join(', ');
    return `| ${s.id} | ${mb(s.bytes)} | ${s.operations ?? '-'} | ${sec(s.loadMs)} | ${sec(s.generateMs)}${slowest ? ` (${slowest.generator})` : ''} | ${s.rssMiB ?? '-'} MiB | ${tsc} | ${sec(s.prettier?.ms)} | ${sec(s.ms)} |`;
  };
  const header = ['| Spec | Size | Operations | Load | Slowest command (load + generate) | Peak RSS (5 runs) | tsc | prettier --check | Whole spec |', '|---|---|---|---|---|---|---|---|---|'];
  push('## Slowest specs', '', ...header, ...[...ok].sort((a, b) => (b.generateMs ?? 0) - (a.generateMs ?? 0)).slice(0, 8).map(row), '');
  push('## Largest specs', '', ...header, ...[...ok].sort((a, b) => b.bytes - a.bytes).slice(0, 8).map(row), '');

  const bodies = ok.filter((s) => s.agreement?.mocks.largest).sort((a, b) => b.agreement!.mocks.largest!.bytes - a.agreement!.mocks.largest!.bytes);
  push('## Largest mock responses', '', '| Spec | Operation | Body |', '|---|---|---|');
  for (const s of bodies.slice(0, 8)) push(`| ${s.id} | ${cell(s.agreement!.mocks.largest!.operation)} | ${(s.agreement!.mocks.largest!.bytes / 1e3).toFixed(1)} kB |`);
  push('');
  push('## Findings by cause', '');
  if (report.causes.length === 0) push('None.', '');
  let category = '';
  for (const g of report.causes) {
    if (g.category !== category) {
      category = g.category;
      push('', `### ${category}`, '', '| Cause | Specs | Example |', '|---|---|---|');
    }
    push(`| ${cell(g.cause)} | ${g.specs} | ${cell(g.example.spec)}: ${cell(g.example.detail.slice(0, 300))} |`);
  }
  push('');
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}
