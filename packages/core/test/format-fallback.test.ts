/**
 * The fallback to plain prettier: a prettier version the fast path was not proven against, a
 * config with plugins, or an option the fast path does not know sends every module whole to
 * prettier (report path `prettier`), and the written file passes the project's own
 * `prettier --check`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as bundled from 'prettier';
import { CONSUMER_PRETTIER_CONFIG } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { fastPathSetup, PROVEN_PRETTIER_VERSIONS } from '../src/format/fast-path.js';
import { createFormatter } from '../src/format/formatter.js';
import { loadModel } from '../src/load/load-model.js';
import { generatedModules } from './format-generated.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** A project whose `node_modules/prettier` is the root's `prettier-<alias>`, with a `.prettierrc.json`. */
function project(prettierPackage: string, config: Record<string, unknown>, files: Record<string, string> = {}): string {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'format-fallback-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(repoRoot, 'node_modules', prettierPackage), join(dir, 'node_modules', 'prettier'), 'dir');
  writeFileSync(join(dir, '.prettierrc.json'), JSON.stringify(config));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** The project's own prettier command line. */
function prettierCheck(dir: string, files: string[]): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', ...files], { cwd: dir, encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

/** A plugin that adds an option, as real plugins do (prettier-plugin-organize-imports...). */
const PLUGIN = "export const options = { specwrightTestFlag: { type: 'boolean', category: 'Global', default: false, description: 'test option' } };\n";

const CASES: [string, { prettier: string; config: Record<string, unknown>; files?: Record<string, string> }, RegExp][] = [
  ['an unproven prettier version (3.8.5)', { prettier: 'prettier-3.8.5', config: CONSUMER_PRETTIER_CONFIG }, /^prettier 3\.8\.5 is not proven/],
  ['a config with plugins', { prettier: 'prettier', config: { ...CONSUMER_PRETTIER_CONFIG, plugins: ['./plugin.mjs'], specwrightTestFlag: true }, files: { 'plugin.mjs': PLUGIN } }, /^option plugins is not supported/],
  ['an option the fast path does not know', { prettier: 'prettier', config: { ...CONSUMER_PRETTIER_CONFIG, someFutureOption: true } }, /^unknown option someFutureOption$/],
];

describe('fallback to plain prettier', () => {
  const modules = loadModel(join(repoRoot, 'fixtures', 'specs', 'petstore-3.1.yaml')).then(generatedModules);

  it.each(CASES)('%s', async (_name, setup, reason) => {
    const dir = project(setup.prettier, setup.config, setup.files);
    const formatter = await createFormatter(dir);
    expect(formatter.prettier.own).toBe(true);
    const written: string[] = [];
    for (const [i, { name, module }] of (await modules).entries()) {
      const file = `out-${i}.ts`;
      const { text, report } = await formatter.formatModuleWithReport(module, join(dir, file));
      expect(report, name).toMatchObject({ path: 'prettier', reason: expect.stringMatching(reason) });
      writeFileSync(join(dir, file), text);
      written.push(file);
    }
    const check = prettierCheck(dir, written);
    expect(check.output).toContain('All matched files use Prettier code style');
    expect(check.code).toBe(0);
  });

  it('takes the fast path in the same kind of project with a proven version and a known config', async () => {
    const dir = project('prettier', CONSUMER_PRETTIER_CONFIG);
    const formatter = await createFormatter(dir);
    const [first] = await modules;
    const { text, report } = await formatter.formatModuleWithReport(first!.module, join(dir, 'out.ts'));
    expect(report.path).toBe('fast');
    writeFileSync(join(dir, 'out.ts'), text);
    expect(prettierCheck(dir, ['out.ts']).code).toBe(0);
  });
});

describe('fastPathSetup', () => {
  const instance = (version: string) => ({ prettier: bundled, version, own: true });

  it.each(PROVEN_PRETTIER_VERSIONS)('accepts proven version %s', (version) => {
    expect(fastPathSetup(instance(version), {}, '/p/out.ts').ok).toBe(true);
  });

  it.each(['3.9.11', '3.10.2', '3.11.0', '3.8.5', '3.9.0-alpha.1', '4.0.0'])('refuses version %s, even next to a proven one', (version) => {
    expect(fastPathSetup(instance(version), {}, '/p/out.ts')).toEqual({ ok: false, reason: `prettier ${version} is not proven for the fast path` });
  });

  it.each([
    [{ plugins: ['prettier-plugin-x'] }, 'option plugins is not supported by the fast path'],
    [{ parser: 'babel-ts' }, 'option parser is not supported by the fast path'],
    [{ someFutureOption: 1 }, 'unknown option someFutureOption'],
    [{ trailingComma: 'always' }, 'option trailingComma: "always" is not supported by the fast path'],
  ])('refuses %j', (options, reason) => {
    expect(fastPathSetup(instance('3.10.1'), options, '/p/out.ts')).toEqual({ ok: false, reason });
  });

  it('accepts options that change nothing in TypeScript output, and empty plugins', () => {
    expect(fastPathSetup(instance('3.10.1'), { plugins: [], jsxSingleQuote: true, proseWrap: 'always', semi: false }, '/p/out.ts').ok).toBe(true);
  });
});
