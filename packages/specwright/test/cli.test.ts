import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, SpecError } from '@specwright/core';
import { fixture, listFiles, runCommandLine, tempProject, typecheck, type RunResult } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/index.js';

const run = (args: string[], cwd: string): RunResult => runCommandLine('specwright', 'specwright', args, cwd);
const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
const petstore = fixture('petstore-3.1.yaml');

/** A temp project with `specwright.config.json` (or `name`) holding `config`. */
function project(config: unknown, name = 'specwright.config.json') {
  const p = tempProject('specwright-cli', { prettier: false });
  const file = p.write(name, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { ...p, file };
}

const ALL_FOUR = {
  input_openapi: petstore,
  zod_ts: { output: 'src/api', input_schema: 'src/schemas.ts' },
  server: { framework: 'fastify', context_type: 'AuthContext' },
  react_query: { suspense: true },
  msw: { output: 'src/mocks', seed: 7 },
};

describe('flags', () => {
  it('prints usage naming every section for --help', () => {
    const p = project(ALL_FOUR);
    const result = run(['--help'], p.dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: specwright [--config <path>] [--check | --watch]');
    for (const key of ['input_openapi', 'zod_ts', 'server', 'react_query', 'msw', 'projects', '--watch']) expect(result.stdout).toContain(key);
  });

  it('prints the version alone, the same as the other packages', () => {
    const p = project(ALL_FOUR);
    expect(run(['-v'], p.dir)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const zodTs = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'openapi-zod-ts', 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe(zodTs.version);
  });

  it.each([
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['--watch', '--check'], /--watch and --check cannot be combined/],
    [['spec.yaml'], /unexpected argument "spec\.yaml"/],
  ])('exits 2 on the usage error %j, writing nothing', (args, message) => {
    const p = project(ALL_FOUR);
    const result = run(args, p.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(p.dir, 'src'))).toBe(false);
  });
});

describe('one run for the four generators', () => {
  it('writes byte for byte what the four commands write, and the result compiles under the strict flags', () => {
    const one = project(ALL_FOUR);
    const result = run([], one.dir);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(/specwright: wrote 11 files\n$/);

    // The same settings as four configs, run in the contract's order.
    const four = tempProject('specwright-four', { prettier: false });
    const configs: [string, object][] = [
      ['openapi-zod-ts', { input_openapi: petstore, output: 'src/api', input_schema: 'src/schemas.ts' }],
      ['openapi-server', { input_openapi: petstore, output: 'src/api', framework: 'fastify', context_type: 'AuthContext', input_schema: 'src/schemas.ts' }],
      ['openapi-react-query', { input_openapi: petstore, output: 'src/api', suspense: true }],
      // specwright sets the msw section's types_dir to zod_ts.output: the handlers are typed with the client's types.
      ['openapi-msw', { input_openapi: petstore, output: 'src/mocks', seed: 7, types_dir: 'src/api' }],
    ];
    for (const [command, config] of configs) {
      four.write(`${command}.json`, JSON.stringify(config));
      expect(runCommandLine(command, command, ['--config', `${command}.json`], four.dir).code).toBe(0);
    }
    const files = listFiles(join(one.dir, 'src'));
    expect(files).toEqual(listFiles(join(four.dir, 'src')));
    expect(files).toHaveLength(11);
    for (const file of files) expect(readFileSync(join(one.dir, 'src', file), 'utf8'), file).toBe(readFileSync(join(four.dir, 'src', file), 'utf8'));

    one.tsconfig('nodenext', ['src/**/*.ts']);
    // TypeScript 7: the four generators' own tests compile their output with 5.9 as well.
    const compiled = typecheck(one.dir, '7');
    expect(compiled.stdout).toBe('');
    expect(compiled.code).toBe(0);
  });

  it('--check fails on a user schema file that drifted from the spec, naming each difference once (issue 33, item 9)', () => {
    const p = project({ input_openapi: 'spec.yaml', zod_ts: { output: 'api', input_schema: 'schemas.ts' }, server: { framework: 'hono' } });
    p.write('spec.yaml', 'openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths: {}\ncomponents:\n  schemas:\n    Note:\n      type: object\n      properties: { text: { type: string }, pinned: { type: boolean } }\n');
    // Written before the bases: its own object, without the property the spec gained since.
    p.write('schemas.ts', "import { z } from 'zod';\nexport const NoteSchema = z.object({ text: z.string().optional() });\n");
    expect(run([], p.dir).code).toBe(0);
    const checked = run(['--check'], p.dir);
    const difference = `specwright: warning: ${join(p.dir, 'schemas.ts')}: NoteSchema (#/components/schemas/Note): property "pinned" is in the spec but not in the file (build NoteSchema on NoteBase, see openapi-zod-ts's README)`;
    expect(checked.stderr.split('\n').filter((line) => line.includes('warning:'))).toEqual([difference]);
    expect(checked.stderr).toContain('specwright: 1 difference between the spec and a file you own');
    expect(checked).toMatchObject({ code: 1, stdout: '' });
    p.write('schemas.ts', "import { NoteBase } from './api/schema-bases.js';\nexport const NoteSchema = NoteBase;\n");
    expect(run(['--check'], p.dir)).toMatchObject({ code: 0, stdout: '' });
  });

  it('--check lists the files that would change, then passes once they are written', () => {
    const p = project({ input_openapi: petstore, zod_ts: { output: 'api' }, msw: { output: 'mocks' } });
    const before = run(['--check'], p.dir);
    expect(before.code).toBe(1);
    expect(before.stdout.split('\n').filter(Boolean).sort()).toEqual(['api/client-config.ts', 'api/client.ts', 'api/index.ts', 'api/schema-types.ts', 'mocks/handlers.ts']);
    expect(existsSync(join(p.dir, 'api'))).toBe(false);
    expect(run([], p.dir).code).toBe(0);
    expect(run(['--check'], p.dir)).toMatchObject({ code: 0, stdout: '' });
  });

  it('runs every project of a projects array, and refuses two outputs naming the same file', () => {
    const spec = join(fixture('external'), 'main.yaml');
    const p = project({ projects: [{ input_openapi: petstore, zod_ts: { output: 'pets' } }, { input_openapi: spec, zod_ts: { output: 'ext' }, react_query: {} }] });
    expect(run([], p.dir).code).toBe(0);
    expect(listFiles(p.dir).filter((f) => f.endsWith('.ts'))).toEqual([
      'ext/client-config.ts', 'ext/client.ts', 'ext/hooks.ts', 'ext/index.ts', 'ext/schema-types.ts', 'ext/test-utils.ts',
      'pets/client-config.ts', 'pets/client.ts', 'pets/index.ts', 'pets/schema-types.ts',
    ]);

    const clash = project({ projects: [{ input_openapi: petstore, msw: { output: 'm' } }, { input_openapi: spec, msw: { output: 'm' } }] });
    const result = run([], clash.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/two outputs write .*m\/handlers\.ts/);
    expect(existsSync(join(clash.dir, 'm'))).toBe(false);
  });
});

describe('errors', () => {
  it.each([
    ['a bad value in a section', { input_openapi: petstore, zod_ts: { output: 'o' }, server: { framework: 'sails' } }, /key "server\.framework": must be one of "hono", "express", "fastify", "koa", "nestjs", "none" \(got "sails"\)/],
    ['an unknown key in a section', { input_openapi: petstore, zod_ts: { outptu: 'o' } }, /key "zod_ts\.outptu": unknown key \(allowed: output, input_schema, zod_variant\)/],
    ['input_openapi in a section', { input_openapi: petstore, msw: { input_openapi: petstore, output: 'o' } }, /key "msw\.input_openapi": is set once, at the top of the config/],
    ['a section that is not an object', { input_openapi: petstore, react_query: true }, /key "react_query": must be an object of output, stale_time/],
    ['a missing output', { input_openapi: petstore, msw: {} }, /key "msw\.output": is required/],
    ['an unknown top-level key', { input_openapi: petstore, zod: { output: 'o' } }, /key "zod": unknown key \(allowed: input_openapi, zod_ts, server, react_query, msw, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated, projects\)/],
    ['no generator', { input_openapi: petstore }, /names no generator: add at least one of zod_ts, server, react_query, msw/],
    ['a bad key in a project', { projects: [{ input_openapi: petstore, msw: { output: 'm' } }, { input_openapi: petstore, msw: { output: 'n', seed: -1 } }] }, /key "projects\[1\]\.msw\.seed": must be an integer >= 0 \(got -1\)/],
  ])('%s: exit 1, the key named, no stack trace, nothing written', (_name, config, message) => {
    const p = project(config);
    const result = run([], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(p.file);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(listFiles(p.dir)).toEqual(['package.json', 'specwright.config.json']);
  });

  it('never overwrites a user schema file that another section or project writes: exit 1, its key named, nothing written', () => {
    const cases: [unknown, string, RegExp][] = [
      [{ input_openapi: petstore, zod_ts: { output: 'src/api', input_schema: 'src/handlers.ts' }, msw: { output: 'src' } }, 'src/handlers.ts', /key "zod_ts\.input_schema": names \S+src\/handlers\.ts, which an output of this config writes: the user schema file is never overwritten/],
      [{ input_openapi: petstore, zod_ts: { output: 'src/api' }, server: { framework: 'hono', output: 'src', input_schema: 'src/service.ts' } }, 'src/service.ts', /key "server\.input_schema": names \S+src\/service\.ts, which an output/],
      [{ projects: [{ input_openapi: petstore, zod_ts: { output: 'src/api', input_schema: 'src/hooks.ts' } }, { input_openapi: petstore, react_query: { output: 'src' } }] }, 'src/hooks.ts', /key "projects\[0\]\.zod_ts\.input_schema": names \S+src\/hooks\.ts/],
    ];
    for (const [config, owned, message] of cases) {
      const p = project(config);
      const mine = p.write(owned, 'export const Mine = 1; // the user rule\n');
      const result = run([], p.dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      // Only the error: no warnings from reading the generated file's name as a schema file.
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(readFileSync(mine, 'utf8')).toBe('export const Mine = 1; // the user rule\n');
      expect(listFiles(p.dir)).toEqual(['package.json', owned, 'specwright.config.json'].sort());
    }
  });

  it.each([
    ['a schema file naming a generated file', { input_openapi: petstore, zod_ts: { output: 'o', input_schema: 'o/client.ts' } }, /key "zod_ts\.input_schema": must not be one of the generated files/],
    ['a schema file that is no TypeScript', { input_openapi: petstore, zod_ts: { output: 'o', input_schema: 'schemas.json' } }, /key "zod_ts\.input_schema": must name a TypeScript file/],
    ['the same in a project', { projects: [{ input_openapi: petstore, msw: { output: 'm' } }, { input_openapi: petstore, zod_ts: { output: 'o', input_schema: 'o/index.ts' } }] }, /key "projects\[1\]\.zod_ts\.input_schema": must not be one of the generated files/],
    ['an output that is a file', { input_openapi: petstore, zod_ts: { output: 'package.json' } }, /key "zod_ts\.output": \S+package\.json is a file; output names the directory/],
    ['an output under a file', { input_openapi: petstore, msw: { output: 'package.json/mocks' } }, /key "msw\.output": \S+package\.json is a file; output names the directory/],
  ])('%s: the key is named from the top of the config', (_name, config, message) => {
    const p = project(config);
    const result = run([], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(listFiles(p.dir)).toEqual(['package.json', 'specwright.config.json']);
  });

  it('a user schema file reached through a symbolic link is still never overwritten', () => {
    const p = project({ input_openapi: petstore, zod_ts: { output: 'src/api', input_schema: 'src/link.ts' }, msw: { output: 'src/mocks' } });
    const mine = p.write('src/mocks/handlers.ts', 'export const Mine = 1;\n');
    symlinkSync('mocks/handlers.ts', join(p.dir, 'src', 'link.ts'));
    const result = run([], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/key "zod_ts\.input_schema": names \S+src\/mocks\/handlers\.ts, which an output of this config writes/);
    expect(readFileSync(mine, 'utf8')).toBe('export const Mine = 1;\n');
    expect(existsSync(join(p.dir, 'src', 'api'))).toBe(false);
    // openapi-zod-ts alone: a link to one of its own files is that file.
    const alone = tempProject('specwright-zod-link', { prettier: false });
    const client = alone.write('api/client.ts', '// mine\n');
    symlinkSync('api/client.ts', join(alone.dir, 'link.ts'));
    alone.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: petstore, output: 'api', input_schema: 'link.ts' }));
    const zod = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], alone.dir);
    expect(zod.code).toBe(1);
    expect(zod.stderr).toMatch(/key "input_schema": must not be one of the generated files/);
    expect(readFileSync(client, 'utf8')).toBe('// mine\n');
  });

  it('the standalone openapi-server refuses to overwrite its own input_schema', () => {
    const p = tempProject('specwright-server-owned', { prettier: false });
    const mine = p.write('out/service.ts', 'export const Mine = 1;\n');
    p.write('openapi-server.config.json', JSON.stringify({ input_openapi: petstore, output: 'out', framework: 'hono', input_schema: 'out/service.ts' }));
    const result = runCommandLine('openapi-server', 'openapi-server', [], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/key "input_schema": names \S+out\/service\.ts, which an output of this config writes/);
    expect(readFileSync(mine, 'utf8')).toBe('export const Mine = 1;\n');
  });

  it('reads a config saved with a byte order mark', () => {
    const p = project(`\uFEFF${JSON.stringify({ input_openapi: petstore, msw: { output: 'm' } })}`);
    expect(run([], p.dir).code).toBe(0);
    expect(existsSync(join(p.dir, 'm', 'handlers.ts'))).toBe(true);
  });

  it('an invalid spec changes no file of the last good run', () => {
    const p = project({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, msw: { output: 'api' } });
    cpSync(petstore, join(p.dir, 'spec.yaml'));
    expect(run([], p.dir).code).toBe(0);
    const before = readFileSync(join(p.dir, 'api', 'client.ts'), 'utf8');
    writeFileSync(join(p.dir, 'spec.yaml'), 'openapi: 3.1.0\npaths: [\n');
    const result = run([], p.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/spec\.yaml:\d+:\d+: /);
    expect(readFileSync(join(p.dir, 'api', 'client.ts'), 'utf8')).toBe(before);
  });
});

describe('generate(config)', () => {
  it('validates, generates and writes as the command does', async () => {
    const p = tempProject('specwright-api', { prettier: false });
    const result = await generate({ input_openapi: petstore, zod_ts: { output: 'api' }, react_query: { stale_time: 1000 } }, { root: p.dir });
    expect(result.files.map((f) => f.path.slice(p.dir.length + 1))).toEqual(['api/schema-types.ts', 'api/client.ts', 'api/client-config.ts', 'api/index.ts', 'api/hooks.ts', 'api/test-utils.ts']);
    expect(result.changed).toHaveLength(6);
    expect(result.inputs).toEqual([petstore]);
    expect(readFileSync(join(p.dir, 'api', 'hooks.ts'), 'utf8')).toContain('staleTime: 1000');
    expect((await generate({ input_openapi: petstore, zod_ts: { output: 'api' }, react_query: { stale_time: 1000 } }, { root: p.dir })).changed).toEqual([]);

    const error = await generate({ input_openapi: petstore, react_query: { output: 'api', stale_time: -1 } }, { root: p.dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).location.key).toBe('react_query.stale_time');
  });

  it('names the key from the top of a projects config, and refuses to overwrite a user schema file', async () => {
    const p = tempProject('specwright-api', { prettier: false });
    const mine = p.write('src/handlers.ts', 'export const Mine = 1;\n');
    const config = { projects: [{ input_openapi: petstore, zod_ts: { output: 'src/api', input_schema: 'src/handlers.ts' } }, { input_openapi: petstore, msw: { output: 'src' } }] };
    const error = await generate(config, { root: p.dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).location.key).toBe('projects[0].zod_ts.input_schema');
    expect(readFileSync(mine, 'utf8')).toBe('export const Mine = 1;\n');
    expect(existsSync(join(p.dir, 'src', 'api'))).toBe(false);
    const wrong = { projects: [{ input_openapi: petstore, msw: { output: 'm' } }, { input_openapi: petstore, zod_ts: { output: 'o', input_schema: 'o/client.ts' } }] };
    expect(((await generate(wrong, { root: p.dir, mode: 'none' }).catch((e: unknown) => e)) as ConfigError).location.key).toBe('projects[1].zod_ts.input_schema');
  });

  it('refuses a mode it does not know rather than writing', async () => {
    const p = tempProject('specwright-api', { prettier: false });
    // A typo in JavaScript, which TypeScript would have caught.
    const error = await generate({ input_openapi: petstore, msw: { output: 'm' } }, { root: p.dir, mode: 'dry-run' as 'none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('generate(): mode must be "write", "check", "none" or undefined (got "dry-run")');
    expect(existsSync(join(p.dir, 'm'))).toBe(false);
  });

  it('tells the caller every file a failing run read or tried to read', async () => {
    const p = tempProject('specwright-api', { prettier: false });
    const spec = p.write('spec/main.yaml', readFileSync(join(fixture('external'), 'main.yaml'), 'utf8'));
    cpSync(join(fixture('external'), 'schemas'), join(p.dir, 'spec', 'schemas'), { recursive: true });
    const missing = join(p.dir, 'spec', 'schemas', 'owner.yaml');
    writeFileSync(missing + '.moved', readFileSync(missing));
    rmSync(missing);
    const reads = new Set<string>();
    const error = await generate({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api', input_schema: 'schemas.ts' } }, { root: p.dir, reads }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect(reads).toContain(spec);
    expect(reads).toContain(missing);
    expect(reads).toContain(join(p.dir, 'schemas.ts'));
    expect(reads).toContain(join(p.dir, 'api', '.prettierrc'));
  });

  it('lists the files external $refs read among the inputs', async () => {
    const p = tempProject('specwright-api', { prettier: false });
    const spec = join(fixture('external'), 'main.yaml');
    const result = await generate({ input_openapi: spec, zod_ts: { output: 'api' } }, { root: p.dir, mode: 'none' });
    expect(result.inputs[0]).toBe(spec);
    expect(result.inputs.slice(1).map((path) => path.slice(fixture('external').length + 1)).sort()).toEqual(['schemas/common.yaml', 'schemas/owner.yaml', 'schemas/pet.yaml']);
    expect(existsSync(join(p.dir, 'api'))).toBe(false);
  });
});
