import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpecFile } from '@specwright/core';
import { fixture, listFiles, runCommandLine, tempProject, type RunResult } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateHandlers, generate, loadConfig, loadConfigs } from '../src/index.js';

const PKG = 'openapi-msw';
const run = (args: string[], cwd: string): RunResult => runCommandLine(PKG, PKG, args, cwd);
const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
const petstore = fixture('petstore-3.1.yaml');
const features = fixture('features-3.1.yaml');

/** A project with a config file (`c.json` unless named) holding `config`. */
function project(config: unknown, name = 'c.json') {
  const p = tempProject('msw-cli', { prettier: false });
  const file = p.write(name, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { ...p, file };
}

describe('flags', () => {
  it('prints usage with every config key for --help and -h', () => {
    const { dir } = tempProject('msw-cli', { prettier: false });
    for (const flag of ['--help', '-h']) {
      const result = run([flag], dir);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Usage: openapi-msw [--config <path>] [--check]');
      expect(result.stdout).toContain('default: ./openapi-msw.config.json');
      for (const key of ['input_openapi', 'output', 'seed', 'max_array_items', 'depth_cap', 'base_url', 'projects']) expect(result.stdout).toContain(key);
    }
  });

  it('prints the version alone for --version and -v', () => {
    const { dir } = tempProject('msw-cli', { prettier: false });
    for (const flag of ['--version', '-v']) expect(run([flag], dir)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['spec.yaml'], /unexpected argument "spec\.yaml" \(this command takes no positional arguments\)/],
    [['--config'], /--config needs a path/],
    [['--config', 'c.json', 'extra'], /unexpected argument "extra"/],
  ])('exits 2 on the usage error %j, writing nothing', (args, message) => {
    const p = project({ input_openapi: petstore, output: 'out' }, 'openapi-msw.config.json');
    const result = run(args, p.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('Run "openapi-msw --help" for usage.');
    expect(existsSync(join(p.dir, 'out'))).toBe(false);
  });
});

describe('generating', () => {
  it('reads openapi-msw.config.json in the current directory by default', () => {
    const p = project({ input_openapi: petstore, output: 'mocks' }, 'openapi-msw.config.json');
    const result = run([], p.dir);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe('openapi-msw: wrote 1 file\n');
    expect(listFiles(join(p.dir, 'mocks'))).toEqual(['handlers.ts']);
  });

  it('resolves paths from the config file, creates the output directory recursively, writes what generateHandlers returns', async () => {
    const p = project({ input_openapi: '../specs/petstore.yaml', output: '../deep/er/mocks', seed: 3, max_array_items: 2, depth_cap: 5 }, 'conf/msw.json');
    p.write('specs/petstore.yaml', readFileSync(petstore, 'utf8'));
    const result = run(['--config', 'conf/msw.json'], p.dir);
    expect(result.code).toBe(0);
    const written = readFileSync(join(p.dir, 'deep/er/mocks/handlers.ts'), 'utf8');
    const expected = await generateHandlers((await loadSpecFile(petstore)).document, { seed: 3, maxArrayItems: 2, depthCap: 5, outputDir: join(p.dir, 'deep/er/mocks') });
    expect(written).toBe(expected.content);
    expect(written).toContain('faker.seed(3);');
    expect(written).toContain('Array.from({ length: 2 }');
  });

  it('uses the defaults: seed 42, 3 items per array, base URL "*"', () => {
    const p = project({ input_openapi: petstore, output: 'out' });
    expect(run(['--config', 'c.json'], p.dir).code).toBe(0);
    const written = readFileSync(join(p.dir, 'out/handlers.ts'), 'utf8');
    expect(written).toContain('faker.seed(42);');
    expect(written).toContain('Array.from({ length: 3 }');
    expect(written).toContain('const DEFAULT_BASE_URL = "*";');
  });

  it('writes every project of the projects form', () => {
    const p = project({ projects: [{ input_openapi: petstore, output: 'a' }, { input_openapi: features, output: 'b/c', seed: 1 }] });
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('openapi-msw: wrote 2 files\n');
    expect(readFileSync(join(p.dir, 'a/handlers.ts'), 'utf8')).toContain('faker.seed(42);');
    expect(readFileSync(join(p.dir, 'b/c/handlers.ts'), 'utf8')).toContain('faker.seed(1);');
  });

  it('leaves an unchanged file untouched on a second run', () => {
    const p = project({ input_openapi: petstore, output: 'out' });
    run(['--config', 'c.json'], p.dir);
    const file = join(p.dir, 'out/handlers.ts');
    const before = statSync(file).mtimeMs;
    const content = readFileSync(file, 'utf8');
    const again = run(['--config', 'c.json'], p.dir);
    expect(again.stderr).toBe('openapi-msw: wrote 0 files, 1 unchanged\n');
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('--check writes nothing and exits 1 listing the files that would change', () => {
    const p = project({ input_openapi: petstore, output: 'out' });
    const missing = run(['--config', 'c.json', '--check'], p.dir);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe(`${join('out', 'handlers.ts')}\n`);
    expect(existsSync(join(p.dir, 'out'))).toBe(false);

    expect(run(['--config', 'c.json'], p.dir).code).toBe(0);
    const clean = run(['--config', 'c.json', '--check'], p.dir);
    expect(clean).toEqual({ code: 0, stdout: '', stderr: 'openapi-msw: 1 file up to date\n' });

    writeFileSync(join(p.dir, 'out/handlers.ts'), '// edited\n');
    const stale = run(['--config', 'c.json', '--check'], p.dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toBe(`${join('out', 'handlers.ts')}\n`);
    expect(readFileSync(join(p.dir, 'out/handlers.ts'), 'utf8')).toBe('// edited\n');
  });

  it('prints warnings about mock data it cannot promise, and still succeeds', () => {
    const p = project({ input_openapi: 'spec.json', output: 'out' });
    p.write(
      'spec.json',
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string', pattern: '^(a)\\1$' } } } } } } } },
      }),
    );
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('openapi-msw: warning: pattern "^(a)\\\\1$" is not supported for mock data (back-reference at position 4); mock strings may not match it\n');
  });

  it('warns when types_dir has no schema-types.ts, or one without a factory\'s type (that factory then returns unknown)', () => {
    const p = project({ projects: [{ input_openapi: features, output: 'a', types_dir: 'nowhere' }, { input_openapi: features, output: 'b', types_dir: 'client' }] });
    // A client of another spec (or an older one): it has Dog but none of the other described schemas.
    p.write('client/schema-types.ts', 'export type Dog = { goodBoy: boolean };\n');
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: ${join(p.dir, 'nowhere', 'schema-types.ts')} does not exist yet: handlers.ts imports the mock factories' types from it, so run openapi-zod-ts first (into types_dir)`);
    expect(readFileSync(join(p.dir, 'a/handlers.ts'), 'utf8')).toMatch(/from ["']\.\.\/nowhere\/schema-types\.js["']/);
    expect(result.stderr).toMatch(/warning: .*client.schema-types\.ts \(types_dir\) exports no type [^:]*\bBike\b[^:]*: their mock factories return unknown/);
    // Generated factories and answers fall back to their seeded values' types.
    expect(result.stderr).toMatch(/warning: .*client.schema-types\.ts \(types_dir\) exports no type [^:]*\bVehicle\b[^:]*: their mock factories and answers are typed by their seeded values/);
    const typed = readFileSync(join(p.dir, 'b/handlers.ts'), 'utf8');
    expect(typed).toMatch(/mswDescribed\(\s*["']Dog["'],?\s*\) as MockFactory<ClientSchemaTypes\.Dog>/);
    expect(typed).toMatch(/mswDescribed\(["']Bike["']\);\n/);
  });
});

describe('config errors: exit 1, the file, key and value named, no stack trace, nothing written', () => {
  it('reports a missing default config file by its path', () => {
    const { dir } = tempProject('msw-cli', { prettier: false });
    const result = run([], dir);
    expect(result).toEqual({ code: 1, stdout: '', stderr: `openapi-msw: error: ${join(dir, 'openapi-msw.config.json')}: config file not found\n` });
  });

  it('reports a missing file given with --config by its path, writing nothing', () => {
    const { dir } = tempProject('msw-cli', { prettier: false });
    const result = run(['--config', 'configs/mocks.json'], dir);
    expect(result).toEqual({ code: 1, stdout: '', stderr: `openapi-msw: error: ${join(dir, 'configs', 'mocks.json')}: config file not found\n` });
    expect(listFiles(dir)).toEqual(['package.json']);
  });

  it.each([
    ['seed below 0', { seed: -1 }, 'key "seed": must be an integer >= 0 (got -1)'],
    ['a fractional seed', { seed: 1.5 }, 'key "seed": must be an integer >= 0 (got 1.5)'],
    ['a seed as a string', { seed: '42' }, 'key "seed": must be an integer >= 0 (got "42")'],
    ['max_array_items 0', { max_array_items: 0 }, 'key "max_array_items": must be an integer >= 1 (got 0)'],
    ['a fractional max_array_items', { max_array_items: 2.5 }, 'key "max_array_items": must be an integer >= 1 (got 2.5)'],
    ['depth_cap 0', { depth_cap: 0 }, 'key "depth_cap": must be an integer >= 1 (got 0)'],
    ['depth_cap null', { depth_cap: null }, 'key "depth_cap": must be an integer >= 1 (got null)'],
    ['a base_url that is not a string', { base_url: 8080 }, 'key "base_url": must be a string (for example "*" or "http://localhost:3000/api") (got 8080)'],
    ['an unknown key', { sede: 42 }, 'key "sede": unknown key (allowed: input_openapi, output, seed, max_array_items, depth_cap, base_url, examples, variety, types_dir, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated, projects)'],
    ['an empty output', { output: '' }, 'key "output": must not be empty (got "")'],
  ])('rejects %s', (_, extra, message) => {
    const p = project({ input_openapi: petstore, output: 'out', ...extra });
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`openapi-msw: error: ${p.file} ${message}\n`);
    expect(existsSync(join(p.dir, 'out'))).toBe(false);
  });

  it.each([
    ['input_openapi', { output: 'out' }],
    ['output', { input_openapi: petstore }],
  ])('rejects a config without %s', (key, config) => {
    const p = project(config);
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`openapi-msw: error: ${p.file} key "${key}": is required\n`);
  });

  it('names the project of a bad entry in the projects form and writes none of them', () => {
    const p = project({ projects: [{ input_openapi: petstore, output: 'a' }, { input_openapi: petstore, output: 'b', depth_cap: -2 }] });
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`openapi-msw: error: ${p.file} key "projects[1].depth_cap": must be an integer >= 1 (got -2)\n`);
    expect(existsSync(join(p.dir, 'a'))).toBe(false);
  });

  it.each([
    ['a non-JSON extension', 'c.yaml', 'input_openapi: x', /c\.yaml: a config file must be JSON with a \.json extension\n$/],
    ['invalid JSON', 'c.json', '{\n  "output": "x",\n}', /c\.json:3:1: invalid JSON/],
    ['a config that is not an object', 'c.json', '[]', /c\.json: the config must be a JSON object\n$/],
    ['empty projects', 'c.json', '{"projects": []}', /key "projects": "projects" must be a non-empty array of configs/],
  ])('rejects %s', (_, name, content, message) => {
    const p = project(content, name);
    const result = run(['--config', name], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('spec errors: exit 1, the spec named, nothing written', () => {
  it.each([
    ['a missing spec', 'missing.yaml', /missing\.yaml: file not found/],
    ['a YAML syntax error', fixture('invalid/syntax.yaml'), /syntax\.yaml:\d+:\d+: invalid YAML/],
    ['a JSON syntax error', fixture('invalid/syntax.json'), /syntax\.json:4:\d+: /],
    ['Swagger 1.2', fixture('invalid/swagger-1.2.json'), /swagger-1\.2\.json at #\/swagger: Swagger 1\.2 is not supported/],
    ['a dangling $ref', fixture('invalid/dangling-ref.yaml'), /dangling-ref\.yaml at #\/paths\/~1pets\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: /],
  ])('reports %s', (_, spec, message) => {
    const p = project({ projects: [{ input_openapi: petstore, output: 'good' }, { input_openapi: spec, output: 'bad' }] });
    const result = run(['--config', 'c.json'], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(p.dir, 'good'))).toBe(false);
  });
});

describe('programmatic API', () => {
  it('loadConfig and loadConfigs read both forms, defaults applied and paths resolved', async () => {
    const single = project({ input_openapi: 'spec.yaml', output: 'out', seed: 7 }, 'conf/one.json');
    expect(await loadConfig(single.file)).toEqual({ input_openapi: join(single.dir, 'conf/spec.yaml'), output: join(single.dir, 'conf/out'), seed: 7, max_array_items: 3, depth_cap: 30, base_url: '*', examples: false, variety: false });
    expect(await loadConfigs(single.file)).toHaveLength(1);
    const multi = project({ projects: [{ input_openapi: 'a.yaml', output: 'a' }, { input_openapi: 'b.yaml', output: 'b' }] });
    expect((await loadConfigs(multi.file)).map((c) => c.output)).toEqual([join(multi.dir, 'a'), join(multi.dir, 'b')]);
    await expect(loadConfig(multi.file)).rejects.toThrow(/holds several projects/);
    await expect(loadConfig(project({ input_openapi: 'a', output: 'b', seed: -1 }).file)).rejects.toThrow(/must be an integer >= 0 \(got -1\)/);
  });

  it('generate writes handlers.ts into the output directory, creating it', async () => {
    const p = tempProject('msw-api', { prettier: false });
    const result = await generate({ input_openapi: petstore, output: join(p.dir, 'x/y'), seed: 11 });
    expect(result).toEqual({ path: join(p.dir, 'x/y/handlers.ts'), changed: true, warnings: [] });
    expect(readFileSync(result.path, 'utf8')).toContain('faker.seed(11);');
    expect((await generate({ input_openapi: petstore, output: join(p.dir, 'x/y'), seed: 11 })).changed).toBe(false);
  });

  it('generateHandlers returns handlers.ts and checks its options', async () => {
    const { document } = await loadSpecFile(petstore);
    const file = await generateHandlers(document, { seed: 1, maxArrayItems: 1, depthCap: 2 });
    expect(file.filename).toBe('handlers.ts');
    expect(file.content).toContain('faker.seed(1);');
    await expect(generateHandlers(document, { seed: -3 })).rejects.toThrow('option "seed" must be an integer >= 0 (got -3)');
    await expect(generateHandlers(document, { maxArrayItems: 0 })).rejects.toThrow('option "maxArrayItems" must be an integer >= 1 (got 0)');
    await expect(generateHandlers(document, { depthCap: 1.5 })).rejects.toThrow('option "depthCap" must be an integer >= 1 (got 1.5)');
    await expect(generateHandlers({ swagger: '2.0' })).rejects.toThrow(/Swagger 2\.0 is not supported/);
  });
});
