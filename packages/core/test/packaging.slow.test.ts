import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, pnpmCommand, repoRoot } from '@specwright/testing';

const version = (JSON.parse(readFileSync(join(repoRoot, 'packages', 'core', 'package.json'), 'utf8')) as { version: string }).version;

/** The README's route: `pnpm pack:all <folder>` packs every public package into one folder. */
function packAll(destination: string): (pkg: string) => string {
  execFileSync(pnpmCommand(), ['run', '--silent', 'pack:all', destination], { cwd: repoRoot, stdio: 'pipe' });
  const tarballs = readdirSync(destination).filter((f) => f.endsWith('.tgz'));
  return (pkg) => {
    const tarball = tarballs.find((f) => f.startsWith(`specwright-${pkg}-`));
    if (!tarball) throw new Error(`no tarball for ${pkg} in ${tarballs.join(', ')}`);
    return join(destination, tarball);
  };
}

function tarEntries(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('published packages', () => {
  // Outside the workspace, so nothing resolves from the repository's node_modules.
  const root = mkdtempSync(join(tmpdir(), 'specwright-pack-'));
  const project = join(root, 'consumer');
  let core: string;
  let zodTs: string;
  let tarball: (pkg: string) => string;

  beforeAll(() => {
    tarball = packAll(root);
    // Every public package, and not the private test helpers.
    expect(readdirSync(root).filter((f) => f.endsWith('.tgz')).sort()).toEqual(
      ['cli', 'core', 'form-errors', 'openapi-msw', 'openapi-react-query', 'openapi-server', 'openapi-zod-ts', 'vite'].map((p) => `specwright-${p}-${version}.tgz`),
    );
    core = tarball('core');
    zodTs = tarball('openapi-zod-ts');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // npm waits up to 5 minutes on a stalled registry request by default, and retries twice: a
    // stall once used up the whole budget in CI. Shorter fetches with more retries ride it out.
    const network = ['--prefer-offline', '--fetch-timeout=60000', '--fetch-retries=6'];
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...network, core, zodTs], { cwd: project, stdio: 'pipe', timeout: 600_000 });
  }, 700_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('ship compiled code, types, license and readme, and no sources or tests', () => {
    for (const tarball of [core, zodTs]) {
      const entries = tarEntries(tarball);
      expect(entries).toContain('package/dist/index.js');
      expect(entries).toContain('package/dist/index.d.ts');
      expect(entries).toContain('package/LICENSE');
      expect(entries).toContain('package/package.json');
      expect(entries.filter((e) => /\/(src|test)\//.test(e) || e.endsWith('.map'))).toEqual([]);
    }
    expect(tarEntries(zodTs)).toContain('package/bin/openapi-zod-ts.js');
  });

  it('replace workspace: ranges with the shared version', () => {
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', zodTs, 'package/package.json'], { encoding: 'utf8' })) as {
      version: string;
      dependencies: Record<string, string>;
      engines: Record<string, string>;
      bin: Record<string, string>;
      license: string;
    };
    expect(manifest.dependencies['@specwright/core']).toBe(manifest.version);
    expect(manifest.engines['node']).toBe('>=22.12');
    expect(manifest.bin).toEqual({ 'openapi-zod-ts': './bin/openapi-zod-ts.js' });
    expect(manifest.license).toBe('MIT');
  });

  it('install with npm and run the command on a spec', () => {
    const bin = join(project, 'node_modules', '.bin', 'openapi-zod-ts');
    expect(execFileSync(bin, ['--version'], { cwd: project, encoding: 'utf8' }).trim()).toBe(
      (JSON.parse(readFileSync(join(repoRoot, 'packages', 'openapi-zod-ts', 'package.json'), 'utf8')) as { version: string }).version,
    );
    copyFileSync(fixture('petstore-3.1.yaml'), join(project, 'petstore.yaml'));
    writeFileSync(join(project, 'openapi-zod-ts.config.json'), JSON.stringify({ input_openapi: './petstore.yaml', output: './src/api' }));
    const run = spawnSync(bin, [], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toMatch(/wrote \d+ files/);
    expect(run.status).toBe(0);
    expect(readdirSync(join(project, 'src', 'api')).sort()).toEqual(['client-config.ts', 'client.ts', 'index.ts', 'schema-types.ts']);
  });

  it('install the specwright command with pnpm, whose bundle finds its dependencies in the strict layout', () => {
    // pnpm links a package's own dependencies beside it, and without hoisting nowhere else: the
    // script's imports of prettier and its parsers (a user schema file), and core's lazy requires
    // of js-yaml and yaml (a YAML spec), must resolve from there.
    const entries = tarEntries(tarball('cli'));
    expect(entries).toEqual(expect.arrayContaining(['package/dist/cli.bundle.cjs', 'package/dist/child-entry.cjs', 'package/dist/fast-worker.js', 'package/dist/cli.bundle.licenses.txt']));
    const strict = join(root, 'consumer-pnpm');
    mkdirSync(strict);
    const local = Object.fromEntries(['cli', 'core', 'openapi-zod-ts', 'openapi-server', 'openapi-react-query', 'openapi-msw'].map((pkg) => [`@specwright/${pkg}`, `file:${tarball(pkg)}`]));
    writeFileSync(join(strict, 'package.json'), JSON.stringify({ name: 'consumer-pnpm', private: true, type: 'module', dependencies: { '@specwright/cli': local['@specwright/cli'] }, pnpm: { overrides: local } }));
    execFileSync(pnpmCommand(), ['install', '--config.hoist=false', '--prefer-offline', '--config.fetch-timeout=60000', '--config.fetch-retries=6', '--reporter=silent'], { cwd: strict, stdio: 'pipe', timeout: 600_000 });
    const bin = join(strict, 'node_modules', '.bin', 'specwright');
    const cliVersion = (JSON.parse(readFileSync(join(repoRoot, 'packages', 'specwright', 'package.json'), 'utf8')) as { version: string }).version;
    expect(execFileSync(bin, ['--version'], { cwd: strict, encoding: 'utf8' }).trim()).toBe(cliVersion);
    copyFileSync(fixture('petstore-3.1.yaml'), join(strict, 'petstore.yaml'));
    writeFileSync(join(strict, 'specwright.config.json'), JSON.stringify({ input_openapi: './petstore.yaml', zod_ts: { output: './src/api', input_schema: './src/schemas.ts' }, server: { framework: 'hono' }, react_query: {}, msw: { output: './src/mocks' } }));
    const run = spawnSync(bin, [], { cwd: strict, encoding: 'utf8' });
    expect(run.stderr).toMatch(/wrote \d+ files/);
    expect(run.status).toBe(0);
    // The schema file the first run created is read by the second, with prettier's Babel parser.
    expect(readFileSync(join(strict, 'src', 'schemas.ts'), 'utf8')).toMatch(/export const/);
    const again = spawnSync(bin, [], { cwd: strict, encoding: 'utf8' });
    expect(again.stderr).toMatch(/wrote 0 files, \d+ unchanged/);
    expect(again.status).toBe(0);
    expect(readdirSync(join(strict, 'src', 'api')).sort()).toEqual(['client-config.ts', 'client.ts', 'hooks.ts', 'index.ts', 'router.ts', 'schema-bases.ts', 'schema-types.ts', 'service.ts', 'test-utils.ts']);
    expect(readdirSync(join(strict, 'src')).sort()).toEqual(['api', 'mocks', 'schemas.ts']);
    expect(readdirSync(join(strict, 'src', 'mocks'))).toEqual(['handlers.ts']);
  }, 700_000);
});
