import { existsSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CommandDefinition, ConfigError, SpecwrightError, checkDistinctOutputs, loadConfigFile, loadSpecFile, runCommand, writeOutputs } from '../src/index.js';
import { tempProject } from '@specwright/testing';

const schema = z.strictObject({
  input_openapi: z.string().min(1),
  output: z.string().min(1),
  seed: z.number().int().min(0, 'must be an integer >= 0').optional(),
});
type Config = z.output<typeof schema>;

const configSpec = { keys: ['input_openapi', 'output', 'seed'], pathKeys: ['input_openapi', 'output'], schema, multiProject: true };

/** A config error case: name, file name, content, message, key. */
type ConfigCase = [string, string, string, RegExp, string | undefined];

function command(generate: CommandDefinition<Config>['generate']): CommandDefinition<Config> {
  return { name: 'demo-gen', version: '9.9.9', summary: 'writes demo files', configHelp: ['input_openapi  the spec'], config: configSpec, generate };
}

const writeTwo: CommandDefinition<Config>['generate'] = async (config) => [
  { path: join(config.output, 'a.ts'), content: `// a ${config.seed ?? 0}\n` },
  { path: join(config.output, 'nested', 'b.ts'), content: '// b\n' },
  { path: join(config.output, 'owned.ts'), content: '// first version\n', createOnly: true },
];

function run(cmd: CommandDefinition<Config>, argv: string[], cwd: string, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  return runCommand(cmd, argv, { cwd, env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }).then((code) => ({ code, stdout, stderr }));
}

describe('config files', () => {
  it('resolves paths from the config file directory', async () => {
    const project = tempProject('config-paths', { prettier: false });
    const file = project.write('conf/demo.config.json', JSON.stringify({ input_openapi: '../spec.yaml', output: 'out' }));
    const loaded = await loadConfigFile(file, configSpec);
    expect(loaded.projects).toEqual([{ input_openapi: join(project.dir, 'spec.yaml'), output: join(project.dir, 'conf', 'out') }]);
  });

  it('keeps an http(s) input_openapi as a URL and resolves ref_roots from the config file directory', async () => {
    const project = tempProject('config-url', { prettier: false });
    const file = project.write(
      'conf/demo.config.json',
      JSON.stringify({ input_openapi: 'https://specs.example.com/api.yaml', output: 'out', ref_roots: ['../shared'], allowed_ref_hosts: ['cdn.example.com'] }),
    );
    const loaded = await loadConfigFile(file, configSpec);
    expect(loaded.projects).toEqual([
      { input_openapi: 'https://specs.example.com/api.yaml', output: join(project.dir, 'conf', 'out'), ref_roots: [join(project.dir, 'shared')], allowed_ref_hosts: ['cdn.example.com'] },
    ]);
  });

  it('names the output key when the output is a file', async () => {
    const project = tempProject('config-output-file', { prettier: false });
    project.write('out', 'a file, not a directory\n');
    const file = project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const error = await loadConfigFile(file, configSpec).catch((e: unknown) => e);
    expect((error as ConfigError).describe()).toBe(`${file} key "output": ${join(project.dir, 'out')} is a file; output names the directory the generated files go in`);
  });

  it.each<ConfigCase>([
    ['a non-JSON extension', 'demo.config.yaml', '{}', /must be JSON with a \.json extension/, undefined],
    ['invalid JSON', 'c.json', '{\n  "output": "x",\n}', /c\.json:3:1: invalid JSON/, undefined],
    ['not an object', 'c.json', '[1]', /must be a JSON object/, undefined],
    ['an unknown key', 'c.json', '{"input_openapi":"a","output":"b","sede":1}', /unknown key \(allowed: input_openapi, output, seed, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated, projects\)/, 'sede'],
    ['a missing key', 'c.json', '{"output":"b"}', /expected string, received undefined/, 'input_openapi'],
    ['a bad value', 'c.json', '{"input_openapi":"a","output":"b","seed":-1}', /must be an integer >= 0 \(got -1\)/, 'seed'],
    ['a bad project', 'c.json', '{"projects":[{"input_openapi":"a","output":"b"},{"input_openapi":"a","output":"b","seed":1.5}]}', /got 1\.5/, 'projects[1].seed'],
    ['empty projects', 'c.json', '{"projects":[]}', /non-empty array/, 'projects'],
    ['an allowed_ref_hosts entry no host can be', 'c.json', '{"input_openapi":"a","output":"b","allowed_ref_hosts":["specs.example.com","127.0.0.1:8080","http://x.com/"]}', /must list host names, with a port \(1 to 65535\) or not .*"http:\/\/x\.com\/" is not one/, 'allowed_ref_hosts'],
    ...['127.0.0.1:99999', 'a.example.com:0', 'a.example.com:080'].map((host): ConfigCase => [`the allowed_ref_hosts entry ${host}`, 'c.json', JSON.stringify({ input_openapi: 'a', output: 'b', allowed_ref_hosts: [host] }), new RegExp(`"${host}" is not one`), 'allowed_ref_hosts']),
    ...['http://127.0.0.1:99999/api.yaml', 'http://[::1:8713/x', 'http://exa mple.com/x', 'http://%zz/x', 'https://'].map((url): ConfigCase => [`the input_openapi ${url}`, 'c.json', JSON.stringify({ input_openapi: url, output: 'b' }), /" is not a valid URL \(check the host and the port\)$/, 'input_openapi']),
    ['a malformed URL in a project', 'c.json', '{"projects":[{"input_openapi":"a","output":"b"},{"input_openapi":"https://","output":"b"}]}', /"https:\/\/" is not a valid URL/, 'projects[1].input_openapi'],
    ['a number JSON reads as Infinity', 'c.json', '{"input_openapi":"a","output":"b","seed":1e400}', /\(got a number too large to represent, read as Infinity\)$/, 'seed'],
  ])('rejects %s, naming the file and key', async (_, name, content, message, key) => {
    const project = tempProject('config-errors', { prettier: false });
    const file = project.write(name, content);
    const error = await loadConfigFile(file, configSpec).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).describe()).toMatch(message);
    expect((error as ConfigError).describe()).toContain(file);
    expect((error as ConfigError).location.key).toBe(key);
  });

  it('refuses credentials in a remote input_openapi without printing the password', async () => {
    const project = tempProject('config-credentials', { prettier: false });
    for (const input of ['http://ci-bot:s3cretT0ken@127.0.0.1:8711/api.yaml', 'https://s3cretT0ken@specs.example.com/api.yaml', 'http://ci-bot:s3cretT0ken@exa mple.com/x']) {
      const file = project.write('c.json', JSON.stringify({ projects: [{ input_openapi: input, output: 'b' }] }));
      const error = (await loadConfigFile(file, configSpec).catch((e: unknown) => e)) as ConfigError;
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.location.key).toBe('projects[0].input_openapi');
      expect(error.describe()).toMatch(/"https?:\/\/\*\*\*@[^"]+" (has credentials in it, which are not supported: download|is not a valid URL)/);
      expect(error.describe()).not.toContain('s3cretT0ken');
    }
  });

  it('names the input_openapi key of the project whose spec cannot be read', async () => {
    const project = tempProject('config-spec-missing', { prettier: false });
    project.write('spec.yaml', 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\n');
    project.write('demo-gen.config.json', JSON.stringify({ projects: [{ input_openapi: 'spec.yaml', output: 'one' }, { input_openapi: 'gone.yaml', output: 'two' }] }));
    const result = await run(command(async (config) => (await loadSpecFile(config.input_openapi), [])), [], project.dir);
    expect(result).toMatchObject({ code: 1, stderr: `demo-gen: error: ${join(project.dir, 'gone.yaml')}: file not found (named by projects[1].input_openapi)\n` });
  });

  it('reads a config saved with a byte order mark, and says which form it is in', async () => {
    const project = tempProject('config-bom', { prettier: false });
    const single = project.write('single.json', `\uFEFF${JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' })}`);
    expect(await loadConfigFile(single, configSpec)).toMatchObject({ projects: [{ output: join(project.dir, 'out') }], inProjects: false });
    const several = project.write('several.json', JSON.stringify({ projects: [{ input_openapi: 'spec.yaml', output: 'out' }] }));
    expect((await loadConfigFile(several, configSpec)).inProjects).toBe(true);
  });

  it('names the output key when a file stands on the way to the output directory', async () => {
    const project = tempProject('config-output-under-file', { prettier: false });
    project.write('src/notes.txt', 'a file\n');
    const file = project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'src/notes.txt/generated' }));
    const error = await loadConfigFile(file, configSpec).catch((e: unknown) => e);
    expect((error as ConfigError).describe()).toBe(`${file} key "output": ${join(project.dir, 'src', 'notes.txt')} is a file; output names the directory the generated files go in`);
  });

  it('reports a missing config file with its own code', async () => {
    const error = await loadConfigFile('/nonexistent/demo.config.json', configSpec).catch((e: unknown) => e);
    expect((error as SpecwrightError).code).toBe('CONFIG_NOT_FOUND');
  });
});

describe('the command-line harness', () => {
  it('prints the version alone and the usage', async () => {
    const project = tempProject('cli-flags', { prettier: false });
    const cmd = command(writeTwo);
    expect(await run(cmd, ['--version'], project.dir)).toEqual({ code: 0, stdout: '9.9.9\n', stderr: '' });
    expect((await run(cmd, ['-v'], project.dir)).stdout).toBe('9.9.9\n');
    const help = await run(cmd, ['-h'], project.dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: demo-gen \[--config <path>\] \[--check\]/);
    expect(help.stdout).toMatch(/default: \.\/demo-gen\.config\.json/);
  });

  it.each([
    [['--nope'], /unknown flag --nope/],
    [['positional'], /unexpected argument "positional"/],
    [['--config'], /--config needs a path/],
    [['--config', '--check'], /--config needs a path/],
  ])('exits 2 on usage error %j', async (argv, message) => {
    const project = tempProject('cli-usage', { prettier: false });
    const result = await run(command(writeTwo), argv, project.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('uses <command>.config.json in the working directory and writes atomically', async () => {
    const project = tempProject('cli-default', { prettier: false });
    project.write('demo-gen.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out/deep' }));
    const result = await run(command(writeTwo), [], project.dir);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toMatch(/wrote 3 files/);
    expect(readFileSync(join(project.dir, 'out/deep/nested/b.ts'), 'utf8')).toBe('// b\n');
    expect(readdirSync(join(project.dir, 'out/deep')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('says "1 file" for one file', async () => {
    const project = tempProject('cli-one', { prettier: false });
    project.write('demo-gen.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const writeOne = command(async (config) => [{ path: join(config.output, 'a.ts'), content: '// a\n' }]);
    expect((await run(writeOne, [], project.dir)).stderr).toBe('demo-gen: wrote 1 file\n');
    expect((await run(writeOne, ['--check'], project.dir)).stderr).toBe('demo-gen: 1 file up to date\n');
  });

  it('never overwrites a create-only file and leaves unchanged files alone', async () => {
    const project = tempProject('cli-owned', { prettier: false });
    project.write('demo-gen.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    expect((await run(command(writeTwo), [], project.dir)).code).toBe(0);
    writeFileSync(join(project.dir, 'out/owned.ts'), '// edited by hand\n');
    const second = await run(command(writeTwo), [], project.dir);
    expect(second.stderr).toMatch(/wrote 0 files, 3 unchanged/);
    expect(readFileSync(join(project.dir, 'out/owned.ts'), 'utf8')).toBe('// edited by hand\n');
  });

  it('--check writes nothing, lists what would change and exits 1', async () => {
    const project = tempProject('cli-check', { prettier: false });
    project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const dirty = await run(command(writeTwo), ['--config', 'c.json', '--check'], project.dir);
    expect(dirty.code).toBe(1);
    expect(dirty.stdout.split('\n').filter(Boolean)).toEqual(['out/a.ts', 'out/nested/b.ts', 'out/owned.ts']);
    expect(existsSync(join(project.dir, 'out'))).toBe(false);
    await run(command(writeTwo), ['--config=c.json'], project.dir);
    const clean = await run(command(writeTwo), ['--check', '--config', 'c.json'], project.dir);
    expect(clean).toMatchObject({ code: 0, stdout: '' });
  });

  it('runs every project of a multi-project config', async () => {
    const project = tempProject('cli-projects', { prettier: false });
    project.write('c.json', JSON.stringify({ projects: [{ input_openapi: 's', output: 'one' }, { input_openapi: 's', output: 'two', seed: 7 }] }));
    expect((await run(command(writeTwo), ['--config', 'c.json'], project.dir)).code).toBe(0);
    expect(readFileSync(join(project.dir, 'two/a.ts'), 'utf8')).toBe('// a 7\n');
    expect(existsSync(join(project.dir, 'one/a.ts'))).toBe(true);
  });

  it('reports every error of a config at once, one line each naming its key (issue 33)', async () => {
    const project = tempProject('config-all-errors', { prettier: false });
    project.write('c.json', JSON.stringify({ output: 'b', sede: 1, seed: -1, ref_roots: [1] }));
    const result = await run(command(writeTwo), ['--config', 'c.json'], project.dir);
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.map((line) => /^demo-gen: error: .*c\.json key "([^"]+)": /.exec(line)?.[1])).toEqual(['sede', 'ref_roots', 'input_openapi', 'seed']);
    expect(lines[3]).toMatch(/must be an integer >= 0 \(got -1\)$/);
    // Across the projects of one file too.
    project.write('p.json', JSON.stringify({ projects: [{ input_openapi: 'a', output: 'b', seed: 1.5 }, { output: 'b' }] }));
    const error = await loadConfigFile(join(project.dir, 'p.json'), configSpec).catch((e: unknown) => e);
    expect([(error as ConfigError).location.key, ...(error as ConfigError).others.map((e) => e.location.key)]).toEqual(['projects[0].seed', 'projects[1].input_openapi']);
    expect(existsSync(join(project.dir, 'b'))).toBe(false);
  });

  it('exits 1 with one clear line on a user error, and changes no file', async () => {
    const project = tempProject('cli-user-error', { prettier: false });
    project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const failing = command(async () => {
      throw new SpecwrightError('SPEC_INVALID', 'paths must be an object', { file: '/x/spec.yaml', pointer: '#/paths' });
    });
    const result = await run(failing, ['--config', 'c.json'], project.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('demo-gen: error: /x/spec.yaml at #/paths: paths must be an object\n');
    expect(existsSync(join(project.dir, 'out'))).toBe(false);
  });

  it('names a key a generator reports from the top of a projects config', async () => {
    const project = tempProject('cli-project-key', { prettier: false });
    project.write('c.json', JSON.stringify({ projects: [{ input_openapi: 's', output: 'one' }, { input_openapi: 's', output: 'two', seed: 3 }] }));
    const failing = command(async (config) => {
      if (config.seed === 3) throw new ConfigError('must not be 3', { file: join(project.dir, 'c.json'), key: 'seed' });
      return writeTwo(config, { configFile: '', warn: () => {} });
    });
    const result = await run(failing, ['--config', 'c.json'], project.dir);
    expect(result).toMatchObject({ code: 1, stderr: `demo-gen: error: ${join(project.dir, 'c.json')} key "projects[1].seed": must not be 3\n` });
    expect(existsSync(join(project.dir, 'one'))).toBe(false);
  });

  it('refuses an output that would overwrite a file the user owns, naming its key, and writes nothing', async () => {
    const project = tempProject('cli-owned', { prettier: false });
    const mine = project.write('two/a.ts', '// mine\n');
    project.write('c.json', JSON.stringify({ projects: [{ input_openapi: 's', output: 'one' }, { input_openapi: 's', output: 'two' }] }));
    // The first project owns `two/a.ts` (a schema file), which the second project's output writes.
    const owning = { ...command(writeTwo), ownedFiles: (config: Config) => (config.output.endsWith('one') ? [{ path: mine, key: 'schema' }] : []) };
    const result = await run(owning, ['--config', 'c.json'], project.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`demo-gen: error: ${join(project.dir, 'c.json')} key "projects[0].schema": names ${mine}, which an output of this config writes: the user schema file is never overwritten; give that output another directory\n`);
    expect(readFileSync(mine, 'utf8')).toBe('// mine\n');
    expect(existsSync(join(project.dir, 'one'))).toBe(false);
    // Its own create-only first version may name it.
    const creating = { ...command(writeTwo), ownedFiles: (config: Config) => [{ path: join(config.output, 'owned.ts'), key: 'schema' }] };
    expect((await run(creating, ['--config', 'c.json'], project.dir)).code).toBe(0);
  });

  it('compares outputs and owned files where their paths lead, through symbolic links', () => {
    const project = tempProject('cli-owned-links', { prettier: false });
    const mine = project.write('src/mocks/handlers.ts', '// mine\n');
    symlinkSync('mocks/handlers.ts', join(project.dir, 'src', 'link.ts'));
    symlinkSync('src', join(project.dir, 'alias'));
    const output = { path: mine, content: '// generated\n' };
    // The user's file named through a link, written through its real path.
    expect(() => checkDistinctOutputs([output], 'c.json', [{ path: join(project.dir, 'src', 'link.ts'), key: 'input_schema' }])).toThrow(/names \S+handlers\.ts, which an output of this config writes/);
    // Two outputs, one through a linked directory, that are one file.
    expect(() => checkDistinctOutputs([output, { path: join(project.dir, 'alias', 'mocks', 'handlers.ts'), content: '' }], 'c.json')).toThrow(/two outputs write /);
    // A file not there yet, under a linked directory, is compared as well.
    expect(() => checkDistinctOutputs([{ path: join(project.dir, 'src', 'new.ts'), content: '' }, { path: join(project.dir, 'alias', 'new.ts'), content: '' }], 'c.json')).toThrow(/two outputs write /);
    expect(() => checkDistinctOutputs([{ path: join(project.dir, 'src', 'other.ts'), content: '' }], 'c.json', [{ path: mine, key: 'input_schema' }])).not.toThrow();
  });

  it('reports an internal crash without a stack trace unless DEBUG is set', async () => {
    const project = tempProject('cli-crash', { prettier: false });
    project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const crashing = command(async () => {
      throw new TypeError('cannot read x of undefined');
    });
    const quiet = await run(crashing, ['--config', 'c.json'], project.dir);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toMatch(/internal error: cannot read x of undefined\nThis is a bug in Specwright/);
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const loud = await run(crashing, ['--config', 'c.json'], project.dir, { DEBUG: '1' });
    expect(loud.stderr).toMatch(/\n\s+at /);
  });

  it('prints warnings once each; past 20, one line per kind with a count; --verbose prints them all', async () => {
    const project = tempProject('cli-warn', { prettier: false });
    project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const noisy = command(async (config, context) => {
      for (let i = 0; i < 30; i++) context.warn(`/x/spec.yaml: #/paths/~1a${i % 25}/get: path parameter "v${i % 25}" is not declared`);
      context.warn('/x/spec.yaml: #/paths/~1items/post: query parameter "filter" is an object');
      return writeTwo(config, context);
    });
    const grouped = await run(noisy, ['--config', 'c.json'], project.dir);
    expect(grouped.code).toBe(0);
    expect(grouped.stderr).toContain('demo-gen: warning: /x/spec.yaml: #/paths/~1a0/get: path parameter "v0" is not declared (25 warnings of this kind; the first shown)\n');
    // The rare warning is not hidden behind the repeated one.
    expect(grouped.stderr).toContain('demo-gen: warning: /x/spec.yaml: #/paths/~1items/post: query parameter "filter" is an object\n');
    expect(grouped.stderr).toContain('demo-gen: 26 warnings of 2 kinds; run with --verbose to see them all\n');
    const verbose = await run(noisy, ['--config', 'c.json', '--verbose'], project.dir);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr.match(/warning: /g)).toHaveLength(26);
    expect(verbose.stderr).not.toContain('--verbose');
    const few = command(async (config, context) => {
      for (let i = 0; i < 20; i++) context.warn(`problem ${i}`);
      return writeTwo(config, context);
    });
    expect((await run(few, ['--config', 'c.json'], project.dir)).stderr.match(/warning: problem/g)).toHaveLength(20);
  });
});

describe('writing outputs', () => {
  it('writes nothing when one file cannot be written', async () => {
    const project = tempProject('write-atomic', { prettier: false });
    project.write('blocker', 'a file where a directory is needed');
    const error = await writeOutputs([
      { path: join(project.dir, 'ok.ts'), content: 'x' },
      { path: join(project.dir, 'blocker', 'inner.ts'), content: 'y' },
    ]).catch((e: unknown) => e);
    expect((error as SpecwrightError).code).toBe('GENERATION_FAILED');
    expect(existsSync(join(project.dir, 'ok.ts'))).toBe(false);
    expect(readdirSync(project.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  /** Every file (with its content) and directory under `dir`. */
  const tree = (dir: string): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (current: string, prefix: string) => {
      for (const entry of readdirSync(current, { withFileTypes: true })) {
        const path = `${prefix}${entry.name}`;
        if (entry.isDirectory()) {
          out[`${path}/`] = '';
          walk(join(current, entry.name), `${path}/`);
        } else out[path] = readFileSync(join(current, entry.name), 'utf8');
      }
    };
    walk(dir, '');
    return out;
  };

  it('puts everything back when a rename fails midway: replaced files, new files, new directories', async () => {
    const project = tempProject('write-rollback', { prettier: false });
    project.write('out/a.ts', '// old a\n');
    project.write('out/same.ts', '// same\n');
    project.write('out/z.ts/keep.txt', 'a directory where a file is expected');
    // An hour old: a file put back keeps its time, so a watcher (tsc, a bundler) sees no change.
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(join(project.dir, 'out', 'a.ts'), old, old);
    const oldTime = statSync(join(project.dir, 'out', 'a.ts')).mtimeMs;
    const before = tree(project.dir);
    const error = await writeOutputs([
      { path: join(project.dir, 'out', 'a.ts'), content: '// new a\n' },
      { path: join(project.dir, 'out', 'same.ts'), content: '// same\n' },
      { path: join(project.dir, 'out', 'b.ts'), content: '// new b\n' },
      { path: join(project.dir, 'out', 'new', 'deeper', 'c.ts'), content: '// new c\n' },
      { path: join(project.dir, 'fresh', 'd.ts'), content: '// new d\n' },
      // Renamed last: fails (a directory is there) after the others are in place.
      { path: join(project.dir, 'out', 'z.ts'), content: '// z\n' },
    ]).catch((e: unknown) => e);
    expect((error as SpecwrightError).code).toBe('GENERATION_FAILED');
    expect(tree(project.dir)).toEqual(before);
    expect(statSync(join(project.dir, 'out', 'a.ts')).mtimeMs).toBe(oldTime);
  });

  it('creates no directory when a file of the run cannot be placed', async () => {
    const project = tempProject('write-no-dirs', { prettier: false });
    project.write('blocker', 'a file where a directory is needed');
    const before = tree(project.dir);
    const error = await writeOutputs([
      { path: join(project.dir, 'gen', 'nested', 'a.ts'), content: 'x' },
      { path: join(project.dir, 'blocker', 'inner', 'b.ts'), content: 'y' },
    ]).catch((e: unknown) => e);
    expect((error as SpecwrightError).code).toBe('GENERATION_FAILED');
    expect(tree(project.dir)).toEqual(before);
  });

  it('writes every file, creating directories, and leaves no temp file or backup', async () => {
    const project = tempProject('write-ok', { prettier: false });
    project.write('out/a.ts', '// old a\n');
    const { changed } = await writeOutputs([
      { path: join(project.dir, 'out', 'a.ts'), content: '// new a\n' },
      { path: join(project.dir, 'out', 'new', 'deeper', 'c.ts'), content: '// c\n' },
    ]);
    expect(changed).toHaveLength(2);
    const after = tree(project.dir);
    expect(Object.fromEntries(Object.entries(after).filter(([path]) => path.startsWith('out')))).toEqual({
      'out/': '',
      'out/a.ts': '// new a\n',
      'out/new/': '',
      'out/new/deeper/': '',
      'out/new/deeper/c.ts': '// c\n',
    });
    expect(Object.keys(after).filter((path) => /specwright-.*\.(tmp|bak)$/.test(path))).toEqual([]);
  });

  it('prints a drift as a warning; --check fails on it even when every file is up to date', async () => {
    const project = tempProject('cli-drift', { prettier: false });
    project.write('c.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'out' }));
    const drifting = command(async (config, context) => {
      context.drift?.('/x/schemas.ts: PetSchema (#/components/schemas/Pet): property "tag" is in the spec but not in the file');
      return writeTwo(config, context);
    });
    const written = await run(drifting, ['--config', 'c.json'], project.dir);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('demo-gen: warning: /x/schemas.ts: PetSchema (#/components/schemas/Pet): property "tag" is in the spec but not in the file\n');
    const checked = await run(drifting, ['--config', 'c.json', '--check'], project.dir);
    expect(checked.stdout).toBe('');
    expect(checked.stderr).toContain('demo-gen: 1 difference between the spec and a file you own (see the warnings); regenerating does not fix them\n');
    expect(checked.code).toBe(1);
    expect((await run(command(writeTwo), ['--config', 'c.json', '--check'], project.dir)).code).toBe(0);
  });
});
