import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, listFiles, runCommandLine, tempProject, type RunResult } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

const PKG = 'openapi-react-query';
const run = (args: string[], cwd: string, env: Record<string, string> = {}): RunResult => runCommandLine(PKG, PKG, args, cwd, env);
const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

/** A project with a config (`c.json` by default) pointing at a fixture spec. */
function project(config: Record<string, unknown>, name = 'c.json') {
  const p = tempProject('rq-cli', { prettier: false });
  const file = p.write(name, JSON.stringify(config, null, 2));
  return { ...p, file };
}

const petstore = fixture('petstore-3.1.yaml');

describe('flags', () => {
  it('prints usage with every config key for --help and -h', () => {
    const { dir } = tempProject('rq-cli', { prettier: false });
    for (const flag of ['--help', '-h']) {
      const result = run([flag], dir);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: openapi-react-query [--config <path>] [--check]');
      for (const key of ['input_openapi', 'output', 'stale_time', 'gc_time', 'suspense', 'auto_invalidate', 'infinite_query', 'overrides', 'target']) {
        expect(result.stdout).toContain(key);
      }
    }
  });

  it('prints the version alone for --version and -v', () => {
    const { dir } = tempProject('rq-cli', { prettier: false });
    for (const flag of ['--version', '-v']) expect(run([flag], dir)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['spec.yaml'], /unexpected argument "spec\.yaml"/],
    [['--config'], /--config needs a path/],
    [['--config', '--check'], /--config needs a path/],
  ])('exits 2 on the usage error %j', (args, message) => {
    const { dir } = tempProject('rq-cli', { prettier: false });
    const result = run(args, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Run "openapi-react-query --help" for usage.');
  });
});

describe('config errors (exit 1, file and key named, no stack trace, nothing written)', () => {
  it('reports a missing default config file by its path', () => {
    const { dir } = tempProject('rq-cli', { prettier: false });
    const result = run([], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`openapi-react-query: error: ${join(dir, 'openapi-react-query.config.json')}: config file not found\n`);
  });

  it('refuses a config without a .json extension', () => {
    const p = project({ input_openapi: petstore, output: 'out' }, 'c.yaml');
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${p.file}: a config file must be JSON with a .json extension`);
  });

  it('reports invalid JSON with line and column', () => {
    const p = tempProject('rq-cli', { prettier: false });
    const file = p.write('c.json', '{\n  "input_openapi": "x",\n  "output": "out",\n}\n');
    const result = run(['--config', file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:1: invalid JSON`));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown key', { input_openapi: 'a.yaml', output: 'o', stale: 1 }, 'key "stale": unknown key (allowed: input_openapi, output, stale_time, gc_time, suspense, auto_invalidate, infinite_query, overrides, target, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated, projects)'],
    ['a missing input_openapi', { output: 'o' }, 'key "input_openapi": is required'],
    ['a missing output', { input_openapi: 'a.yaml' }, 'key "output": is required'],
    ['an empty output', { input_openapi: 'a.yaml', output: '' }, 'key "output": must not be empty (got "")'],
    ['a negative stale_time', { input_openapi: 'a.yaml', output: 'o', stale_time: -1 }, 'key "stale_time": must be >= 0 (got -1)'],
    ['a fractional gc_time', { input_openapi: 'a.yaml', output: 'o', gc_time: 1.5 }, 'key "gc_time": must be a whole number of milliseconds (got 1.5)'],
    ['a gc_time beyond timers', { input_openapi: 'a.yaml', output: 'o', gc_time: 2_147_483_648 }, 'key "gc_time": must be at most 2147483647 (larger values overflow JavaScript timers) (got 2147483648)'],
    ['a stale_time string', { input_openapi: 'a.yaml', output: 'o', stale_time: '5m' }, 'key "stale_time": must be a number of milliseconds (got "5m")'],
    ['a suspense string', { input_openapi: 'a.yaml', output: 'o', suspense: 'yes' }, 'key "suspense": must be true or false (got "yes")'],
    ['an auto_invalidate number', { input_openapi: 'a.yaml', output: 'o', auto_invalidate: 1 }, 'key "auto_invalidate": must be true or false (got 1)'],
    ['an infinite_query string', { input_openapi: 'a.yaml', output: 'o', infinite_query: 'always' }, 'key "infinite_query": must be true, false or "auto" (got "always")'],
    ['overrides as a list', { input_openapi: 'a.yaml', output: 'o', overrides: [] }, 'key "overrides": must be an object mapping resource names to { stale_time?, gc_time? } (got [])'],
    ['an override that is not an object', { input_openapi: 'a.yaml', output: 'o', overrides: { pets: 5 } }, 'key "overrides.pets": must be an object with optional stale_time and gc_time (got 5)'],
    ['an unknown key in an override', { input_openapi: 'a.yaml', output: 'o', overrides: { pets: { stale: 5 } } }, 'key "overrides.pets": unknown key "stale" (allowed: stale_time, gc_time) (got {"stale":5})'],
    ['a bad time in an override', { input_openapi: 'a.yaml', output: 'o', overrides: { pets: { gc_time: -5 } } }, 'key "overrides.pets.gc_time": must be >= 0 (got -5)'],
    ['an unknown target', { input_openapi: 'a.yaml', output: 'o', target: 'qwik' }, 'key "target": must be one of "react", "vue", "svelte", "solid", "swr", "angular" (got "qwik")'],
    [
      'suspense for Angular',
      { input_openapi: 'a.yaml', output: 'o', target: 'angular', suspense: true },
      'key "suspense": must be false for target "angular": @tanstack/angular-query-experimental has no suspense hooks (Angular has no suspense; use @defer or the isPending signal) (got true)',
    ],
    ['suspense for Svelte', { input_openapi: 'a.yaml', output: 'o', target: 'svelte', suspense: true }, 'key "suspense": must be false for target "svelte": @tanstack/svelte-query has no suspense hooks (got true)'],
    [
      'suspense for Solid',
      { input_openapi: 'a.yaml', output: 'o', target: 'solid', suspense: true },
      'key "suspense": must be false for target "solid": @tanstack/solid-query has no suspense hooks (any query suspends under <Suspense> when its data is read) (got true)',
    ],
    ['a bad project', { projects: [{ input_openapi: 'a.yaml', output: 'o' }, { input_openapi: 'a.yaml', output: 'o', suspense: 1 }] }, 'key "projects[1].suspense": must be true or false (got 1)'],
    ['an empty projects list', { projects: [] }, 'key "projects": "projects" must be a non-empty array of configs'],
  ])('rejects %s', (_, config, message) => {
    const p = project(config);
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`openapi-react-query: error: ${p.file} ${message}\n`);
    expect(listFiles(p.dir)).toEqual(['c.json', 'package.json']);
  });
});

describe('spec errors', () => {
  it.each([
    ['a missing spec', 'nope.yaml', /nope\.yaml/],
    ['a YAML syntax error', fixture('invalid/syntax.yaml'), /syntax\.yaml:\d+:\d+/],
    ['a JSON syntax error', fixture('invalid/syntax.json'), /syntax\.json:\d+:\d+/],
    ['an invalid spec', fixture('invalid/bad-structure.yaml'), /bad-structure\.yaml.*at #\/paths/],
    ['a Swagger 1.2 document', fixture('invalid/swagger-1.2.json'), /swagger-1\.2\.json/],
  ])('exits 1 on %s, naming the place', (_, spec, message) => {
    const p = project({ input_openapi: spec, output: 'out' });
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^openapi-react-query: error: /);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(p.dir, 'out'))).toBe(false);
  });

  it('prints a stack trace only with DEBUG set', () => {
    const p = project({ input_openapi: 'nope.yaml', output: 'out' });
    const result = run(['--config', p.file], p.dir, { DEBUG: '1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\n\s+at /);
  });
});

describe('generation', () => {
  it('writes hooks.ts and test-utils.ts, resolving paths from the config file, creating the output directory', () => {
    const p = tempProject('rq-cli', { prettier: false });
    const file = p.write('conf/rq.json', JSON.stringify({ input_openapi: petstore, output: '../gen/api' }));
    const result = run(['--config', file], p.dir);
    expect(result.stderr).toContain('openapi-react-query: wrote 2 files\n');
    expect(result.code).toBe(0);
    expect(listFiles(join(p.dir, 'gen'))).toEqual(['api/hooks.ts', 'api/test-utils.ts']);
    const hooks = readFileSync(join(p.dir, 'gen/api/hooks.ts'), 'utf8');
    expect(hooks.split('\n')[0]).toBe('// Generated by openapi-react-query. Do not edit: re-run the command to update.');
    expect(hooks).toContain('export function useListPets');
  });

  it('reads openapi-react-query.config.json from the working directory by default', () => {
    const p = project({ input_openapi: petstore, output: 'out' }, 'openapi-react-query.config.json');
    const result = run([], p.dir);
    expect(result.code).toBe(0);
    expect(existsSync(join(p.dir, 'out/hooks.ts'))).toBe(true);
  });

  it('warns when the client it imports has not been generated yet, and about unknown override resources', () => {
    const p = project({ input_openapi: petstore, output: 'out', overrides: { pet: { stale_time: 1 } } });
    const result = run(['--config', p.file], p.dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`openapi-react-query: warning: ${join(p.dir, 'out', 'client.ts')} does not exist yet: hooks.ts imports it, so run openapi-zod-ts with the same output first\n`);
    expect(result.stderr).toContain('openapi-react-query: warning: overrides: the spec has no resource "pet" (resources: pets, stores, owners, search, health)\n');
    writeFileSync(join(p.dir, 'out', 'client.ts'), 'export {};\n');
    expect(run(['--config', p.file], p.dir).stderr).not.toContain('does not exist yet');
  });

  it('leaves unchanged files alone and --check reports what would change without writing', () => {
    const p = project({ input_openapi: petstore, output: 'out' });
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    const hooksPath = join(p.dir, 'out', 'hooks.ts');
    const before = statSync(hooksPath).mtimeMs;
    const again = run(['--config', p.file], p.dir);
    expect(again.stderr).toContain('wrote 0 files, 2 unchanged');
    expect(statSync(hooksPath).mtimeMs).toBe(before);

    const check = run(['--config', p.file, '--check'], p.dir);
    expect(check.code).toBe(0);
    expect(check.stderr).toContain('2 files up to date');

    writeFileSync(p.file, JSON.stringify({ input_openapi: petstore, output: 'out', stale_time: 1000 }));
    const stale = run(['--config', p.file, '--check'], p.dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toBe(`${join('out', 'hooks.ts')}\n`);
    expect(stale.stderr).toContain('1 of 2 files would change');
    expect(readFileSync(hooksPath, 'utf8')).not.toContain('staleTime: 1000');
  });

  it('generates every project of a multi-project config, or nothing when one fails', () => {
    const p = project({
      projects: [
        { input_openapi: petstore, output: 'a' },
        { input_openapi: fixture('nullable-3.0.yaml'), output: 'b', suspense: true },
      ],
    });
    expect(run(['--config', p.file], p.dir).code).toBe(0);
    expect(listFiles(p.dir).filter((f) => f.endsWith('.ts'))).toEqual(['a/hooks.ts', 'a/test-utils.ts', 'b/hooks.ts', 'b/test-utils.ts']);
    expect(readFileSync(join(p.dir, 'b/hooks.ts'), 'utf8')).toContain('useSuspense');

    const failing = project({ projects: [{ input_openapi: petstore, output: 'a' }, { input_openapi: 'missing.yaml', output: 'b' }] });
    expect(run(['--config', failing.file], failing.dir).code).toBe(1);
    expect(listFiles(failing.dir)).toEqual(['c.json', 'package.json']);
  });
});
