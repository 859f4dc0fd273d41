/**
 * The fast path against other prettier 3 versions, to decide which versions it may claim
 * (`PROVEN_VERSIONS` in `format/fast-path.ts`). Needs those versions installed outside the
 * workspace, one folder per version:
 *
 *   for v in 3.9.10 3.8.5; do npm install --prefix /tmp/prettier-versions/p$v prettier@$v; done
 *   PRETTIER_VERSIONS_DIR=/tmp/prettier-versions pnpm exec vitest run packages/core/test/format-versions
 *
 * Skipped when PRETTIER_VERSIONS_DIR is not set.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printModuleSource } from '../src/code/print-source.js';
import { treeArbitraries } from './format-arbitrary.js';
import { CONFIGS, formatBoth, harness } from './format-harness.js';

const base = process.env.PRETTIER_VERSIONS_DIR;
const versions = base && existsSync(base) ? readdirSync(base).filter((name) => existsSync(join(base, name, 'node_modules', 'prettier', 'package.json'))) : [];
const RUNS = Number(process.env.FORMAT_PROPERTY_RUNS ?? 60);

describe.skipIf(versions.length === 0)('fast path against other prettier versions', () => {
  const { module } = treeArbitraries(3);
  for (const version of versions) {
    for (const configName of ['default', 'consumer', 'narrow', 'noSemi', 'collapse']) {
      it(`${version}, config ${configName}`, async () => {
        const options = { dir: join(base!, version), trustPrettierVersion: true };
        const config = CONFIGS[configName]!;
        expect((await harness(config, options)).fast.prettier.own).toBe(true);
        await fc.assert(
          fc.asyncProperty(module, async (tree) => {
            let result;
            try {
              result = await formatBoth(tree, config, options);
            } catch {
              return;
            }
            if (result.fast !== result.prettier) throw new Error(`mismatch for source:\n${printModuleSource(tree)}\n--- fast\n${result.fast}\n--- prettier\n${result.prettier}`);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  }
});
