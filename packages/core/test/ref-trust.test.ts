import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommandLine, tempProject, type TempProject } from '@specwright/testing';
import { SpecError, loadSpecFile, type LoadOptions } from '../src/index.js';
import { SourcePolicy } from '../src/load/source-policy.js';
import { SCHEMA_REF_POINTER, serveSpecs, specWithSchema, type SpecServer } from './spec-server.js';

/**
 * The trust boundary for `$ref`s (issue 18): hostile specs, each breaking one rule. The secret
 * files outside the spec's tree are not valid YAML, so had one been read the error would be a
 * syntax error, not the refusal the tests expect; remote targets count their requests.
 */

const SECRET = 'description: TOP-SECRET\n  : [not yaml';
const PET = 'type: object\nproperties:\n  name: { type: string }\n';

let project: TempProject;
let specDir: string;
let other: SpecServer;

beforeAll(async () => {
  project = tempProject('ref-trust', { prettier: false });
  specDir = join(project.dir, 'spec');
  project.write('outside/secret.yaml', SECRET);
  project.write('shared/pet.yaml', PET);
  project.write('spec/models/pet.yaml', PET);
  symlinkSync(join(project.dir, 'outside/secret.yaml'), join(specDir, 'models/link.yaml'));
  symlinkSync(join(project.dir, 'outside'), join(specDir, 'linked-dir'));
  other = await serveSpecs({ '/pet.yaml': PET });
});

afterAll(() => other.close());

async function refusal(ref: string, options: LoadOptions = {}): Promise<SpecError> {
  const spec = project.write(`spec/${Math.random().toString(36).slice(2)}.json`, specWithSchema({ $ref: ref }));
  try {
    await loadSpecFile(spec, options);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    expect(error.location).toEqual({ file: spec, pointer: SCHEMA_REF_POINTER });
    return error;
  }
  throw new Error(`expected the $ref ${ref} to be refused`);
}

async function loads(ref: string, options: LoadOptions = {}) {
  const spec = project.write(`spec/${Math.random().toString(36).slice(2)}.json`, specWithSchema({ $ref: ref }));
  return loadSpecFile(spec, options);
}

describe('local $refs stay inside the spec directory and ref_roots', () => {
  it.each([
    ['an absolute path', () => join(project.dir, 'outside/secret.yaml'), /is refused: .*outside[/\\]secret\.yaml is outside the spec's directory and every ref_roots directory/],
    ['a ../ path', () => '../outside/secret.yaml', /is refused: .*outside the spec's directory/],
    ['a symlinked file leaving the tree', () => './models/link.yaml', /is refused: .*link\.yaml is a link to .*secret\.yaml, which is outside the spec's directory/],
    ['a path through a symlinked directory', () => './linked-dir/secret.yaml', /is refused: .*is a link to .*outside[/\\]secret\.yaml/],
    ['a file: URL outside the tree', () => pathToFileURL(join(project.dir, 'outside/secret.yaml')).href, /is refused: file: URLs are not allowed/],
    ['a file: URL even inside the tree', () => pathToFileURL(join(specDir, 'models/pet.yaml')).href, /is refused: file: URLs are not allowed/],
    ['a file: URL on another host', () => 'file://evil.example/etc/passwd', /is refused: file: URLs are not allowed/],
    // The URL parser drops leading spaces and every tab and line break: still a file: URL.
    ['a file: URL after a space', () => ` ${pathToFileURL(join(specDir, 'models/pet.yaml')).href}`, /is refused: file: URLs are not allowed/],
    ['a file: URL with a tab in its scheme', () => `fi\tle://${pathToFileURL(join(specDir, 'models/pet.yaml')).pathname}`, /is refused: file: URLs are not allowed/],
    ['a file: URL after a line break', () => `\n${pathToFileURL(join(project.dir, 'outside/secret.yaml')).href}`, /is refused: file: URLs are not allowed/],
  ])('refuses %s, naming the $ref and the rule', async (_name, ref, message) => {
    const error = await refusal(ref());
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/TOP-SECRET|YAML/);
  });

  it('reads files inside the tree, also through a symlink that stays inside', async () => {
    symlinkSync(join(specDir, 'models/pet.yaml'), join(specDir, 'models/alias.yaml'));
    const spec = await loads('./models/alias.yaml');
    expect(spec.loadedFiles[1]).toBe(join(specDir, 'models/alias.yaml'));
    expect(spec.document['components']).toMatchObject({ schemas: { Alias: { type: 'object' } } });
  });

  it('reads a ref_roots directory, and only that one', async () => {
    const shared = { ref_roots: [join(project.dir, 'shared')] };
    const spec = await loads('../shared/pet.yaml', shared);
    expect(spec.loadedFiles).toContain(join(project.dir, 'shared/pet.yaml'));
    const error = await refusal('../outside/secret.yaml', shared);
    expect(error.message).toMatch(/outside the spec's directory and every ref_roots directory/);
  });
});

describe('the policy', () => {
  it('refuses every file to a remote spec, even inside ref_roots', async () => {
    const policy = new SourcePolicy(new URL('http://specs.example.com/api.json'), { ref_roots: [join(project.dir, 'shared')] });
    expect(await policy.check(pathToFileURL(join(project.dir, 'shared/pet.yaml')))).toBe('a remote spec may not read local files');
  });
});

describe('local $refs to things that are not files', () => {
  it('refuses a FIFO or a directory inside the tree before reading it (a FIFO would block for ever)', async () => {
    const pipe = join(specDir, 'pipe.yaml');
    execFileSync('mkfifo', [pipe]);
    // Removed at once: nothing that walks the temp directory later may open it.
    const fifo = await loadSpecFile(project.write('spec/fifo.json', specWithSchema({ $ref: './pipe.yaml' })))
      .catch((e: unknown) => e)
      .finally(() => rmSync(pipe));
    expect((fifo as SpecError).message).toMatch(/does not resolve: \S+pipe\.yaml is not a regular file/);
    const directory = await loadSpecFile(project.write('spec/directory.json', specWithSchema({ $ref: './models' }))).catch((e: unknown) => e);
    expect((directory as SpecError).message).toMatch(/does not resolve: \S+models is not a regular file/);
  });
});

describe('malformed $refs', () => {
  it.each([
    ['an encoded slash', 'sub%2F..%2F..%2Foutside%2Fsecret.yaml', /is refused: it names no file path/],
    ['a URL that does not parse', 'http://[::1', /is not a valid reference/],
  ])('%s is an error at its place, not a crash', async (_name, ref, message) => {
    expect((await refusal(ref)).message).toMatch(message);
  });
});

describe('remote $refs from a local spec', () => {
  it('are refused without allowed_ref_hosts, and no request leaves', async () => {
    const before = other.hits.length;
    const error = await refusal(`${other.origin}/pet.yaml`);
    expect(error.message).toMatch(/remote \$refs are not allowed from a local spec \(list 127\.0\.0\.1:\d+ in allowed_ref_hosts to allow it\)/);
    expect(other.hits.length - before).toBe(0);
  });

  it('are refused for a host that allowed_ref_hosts does not list', async () => {
    const before = other.hits.length;
    const error = await refusal(`${other.origin}/pet.yaml`, { allowed_ref_hosts: ['specs.example.com'] });
    expect(error.message).toMatch(/127\.0\.0\.1:\d+ is not an allowed host \(allowed: specs\.example\.com/);
    expect(other.hits.length - before).toBe(0);
  });

  it('are fetched from a host allowed_ref_hosts lists', async () => {
    const host = new URL(other.origin).host;
    const spec = await loads(`${other.origin}/pet.yaml`, { allowed_ref_hosts: [host] });
    expect(spec.loadedFiles[1]).toBe(`${other.origin}/pet.yaml`);
    expect(spec.document['components']).toMatchObject({ schemas: { Pet: { type: 'object' } } });
  });
});

describe('a remote spec', () => {
  let origin: SpecServer;
  beforeAll(async () => {
    origin = await serveSpecs({
      '/spec/other-host.json': specWithSchema({ $ref: `${other.origin}/pet.yaml` }),
      '/spec/redirect-away.json': specWithSchema({ $ref: './moved.yaml' }),
      '/spec/moved.yaml': (response) => response.writeHead(302, { location: `${other.origin}/pet.yaml` }).end(),
      '/spec/file-url.json': specWithSchema({ $ref: pathToFileURL(join(project.dir, 'outside/secret.yaml')).href }),
      '/spec/absolute.json': specWithSchema({ $ref: join(project.dir, 'outside/secret.yaml') }),
      '/spec/spaced-file-url.json': specWithSchema({ $ref: ` ${pathToFileURL(join(project.dir, 'shared/pet.yaml')).href}` }),
    });
  });
  afterAll(() => origin.close());

  async function remoteRefusal(path: string): Promise<SpecError> {
    const error = await loadSpecFile(`${origin.origin}${path}`).catch((e: unknown) => e);
    if (!(error instanceof SpecError)) throw error;
    expect(error.location).toEqual({ file: `${origin.origin}${path}`, pointer: SCHEMA_REF_POINTER });
    return error;
  }

  it('may not reach another host', async () => {
    const before = other.hits.length;
    expect((await remoteRefusal('/spec/other-host.json')).message).toMatch(/is not an allowed host \(allowed: http:\/\/127\.0\.0\.1:\d+;/);
    expect(other.hits.length - before).toBe(0);
  });

  it('may not be redirected to another host', async () => {
    const before = other.hits.length;
    const error = await remoteRefusal('/spec/redirect-away.json');
    expect(error.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/spec\/moved\.yaml redirects to http:\/\/127\.0\.0\.1:\d+\/pet\.yaml, which is refused: .* is not an allowed host/);
    expect(other.hits.length - before).toBe(0);
  });

  it('may not read local files, through a file: URL or an absolute path', async () => {
    expect((await remoteRefusal('/spec/file-url.json')).message).toMatch(/file: URLs are not allowed/);
    // An absolute path in a remote spec is a path on the spec's own server, never a local file.
    const error = await remoteRefusal('/spec/absolute.json');
    expect(error.message).toMatch(/does not resolve: GET http:\/\/127\.0\.0\.1:\d+\/.*outside\/secret\.yaml: HTTP 404/);
  });

  it('may not read local files even inside a ref_roots directory, however the file: URL is spelt', async () => {
    const error = await loadSpecFile(`${origin.origin}/spec/spaced-file-url.json`, { ref_roots: [join(project.dir, 'shared')] }).catch((e: unknown) => e);
    expect((error as SpecError).message).toMatch(/file: URLs are not allowed/);
  });
});

describe('the command line', () => {
  it('exits 1 with the rule, the file and the pointer, and writes nothing', () => {
    const spec = project.write('spec/cli.json', specWithSchema({ $ref: '../outside/secret.yaml' }));
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: 'spec/cli.json', output: 'gen' }));
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], project.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `openapi-zod-ts: error: ${spec} at ${SCHEMA_REF_POINTER}: $ref "../outside/secret.yaml" is refused: ${join(project.dir, 'outside/secret.yaml')} is outside the spec's directory and every ref_roots directory\n`,
    );
    expect(existsSync(join(project.dir, 'gen'))).toBe(false);
  });

  it('reads ref_roots from the config, relative to the config file', () => {
    project.write('spec/cli-shared.json', specWithSchema({ $ref: '../shared/pet.yaml' }));
    project.write('roots.config.json', JSON.stringify({ input_openapi: 'spec/cli-shared.json', output: 'gen-shared', ref_roots: ['shared'] }));
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'roots.config.json'], project.dir);
    expect(result).toMatchObject({ code: 0, stderr: 'openapi-zod-ts: wrote 4 files\n' });
  });

  it('refuses a ref_roots that is not a list of strings, naming the key', () => {
    project.write('bad-roots.config.json', JSON.stringify({ input_openapi: 'spec/cli.json', output: 'gen', ref_roots: 'shared' }));
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'bad-roots.config.json'], project.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/key "ref_roots": must be an array of non-empty strings \(got "shared"\)/);
  });
});
