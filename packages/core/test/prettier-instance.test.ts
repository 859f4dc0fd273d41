import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as bundled from 'prettier';
import { describe, expect, it } from 'vitest';
import { createFormatter, resolvePrettier } from '../src/index.js';
import { tempProject } from '@specwright/testing';

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
