import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as bundled from 'prettier';
import { describe, expect, it } from 'vitest';
import { createFormatter, resolvePrettier } from '../src/index.js';
import { fixture, repoRoot, runCommandLine, tempProject } from '@specwright/testing';

describe('resolvePrettier', () => {
  it("uses the consumer's prettier 3 through its ESM entry, the bundled copy's module instance", async () => {
    const { dir } = tempProject('prettier-own', { prettier: false });
    const instance = await resolvePrettier(dir);
    expect(instance.own).toBe(true);
    expect(instance.version).toBe(bundled.version);
    expect(typeof instance.prettier.resolveConfig).toBe('function');
    expect(instance.prettier.format).toBe(bundled.format);
  });

  it('falls back to the bundled prettier where none resolves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prettier-none-'));
    const instance = await resolvePrettier(dir);
    expect(instance).toEqual({ prettier: bundled, version: bundled.version, own: false });
  });

  it("formats with the consumer's config through its own prettier", async () => {
    const project = tempProject('prettier-format');
    const formatter = await createFormatter(project.dir);
    expect(await formatter.formatSource('const a = "x";\n', join(project.dir, 'a.ts'))).toBe("const a = 'x'\n");
  });
});

describe("a project's prettier 2", () => {
  /** A project whose `node_modules/prettier` is prettier 2.8.8 (the root's alias `prettier-2.8.8`). */
  const projectWithPrettier2 = () => {
    const project = tempProject('prettier-2', { prettier: { singleQuote: true } });
    mkdirSync(join(project.dir, 'node_modules'));
    symlinkSync(join(repoRoot, 'node_modules', 'prettier-2.8.8'), join(project.dir, 'node_modules', 'prettier'), 'dir');
    return project;
  };

  it('is named in one warning, and the bundled prettier 3 formats with the project config', async () => {
    const project = projectWithPrettier2();
    const warnings: string[] = [];
    const formatter = await createFormatter(project.dir, { warn: (message) => warnings.push(message) });
    expect(formatter.prettier).toEqual({ prettier: bundled, version: bundled.version, own: false });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^the project's prettier 2\.8\.8 \(\/.+\/prettier\) is not prettier 3: formatting with the bundled prettier /);
    expect(warnings[0]!.endsWith(`bundled prettier ${bundled.version}`)).toBe(true);
    expect(await formatter.formatSource('const a = "x";\n', join(project.dir, 'a.ts'))).toBe("const a = 'x';\n");
  });

  it('is reported on stderr by the command, as one line', () => {
    const project = projectWithPrettier2();
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: fixture('petstore-3.1.yaml'), output: 'gen' }));
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], project.dir);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n').filter((line) => line.includes('prettier 2.8.8'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^openapi-zod-ts: warning: the project's prettier 2\.8\.8 \(.+\) is not prettier 3: formatting with the bundled prettier 3\.\d+\.\d+$/);
  });
});
