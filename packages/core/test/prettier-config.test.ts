/**
 * The user's prettier config, when it is wrong or meant for other files: an error naming the
 * config file and what is wrong (never an internal error), the same on the fast path and
 * prettier's; a `parser` is overridden, since the output is TypeScript.
 */
import { join } from 'node:path';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/errors.js';
import { createFormatter } from '../src/format/formatter.js';
import { loadModel } from '../src/load/load-model.js';
import { generatedModules } from './format-generated.js';

const modules = loadModel(fixture('petstore-3.1.yaml')).then(generatedModules);

/** A project with this `.prettierrc`; its path. */
function withConfig(text: string): { dir: string; rc: string } {
  const p = tempProject('prettier-config', { prettier: false });
  return { dir: p.dir, rc: p.write('.prettierrc', text) };
}

const CASES: [string, { rc: string; want: (rc: string) => string }][] = [
  ['a value prettier does not accept', { rc: '{ "semi": "banana" }', want: (rc) => `${rc} key "semi": the prettier config is invalid: Invalid semi value. Expected true or false, but received "banana".` }],
  ['a plugin that is not installed', { rc: '{ "plugins": ["nonexistent-plugin"] }', want: (rc) => `${rc} key "plugins": the prettier config is invalid: Cannot find package 'nonexistent-plugin'` }],
  ['a config that does not parse', { rc: '{ "semi": ', want: (rc) => `${rc}: the prettier config is invalid: Flow map must end with a } at line 1, column 11` }],
];

describe('a prettier config', () => {
  describe.each([true, false])('fast path %s', (fastPath) => {
    it.each(CASES)('%s is a config error naming it', async (_name, { rc, want }) => {
      const project = withConfig(rc);
      const formatter = await createFormatter(project.dir, { fastPath });
      const { module } = (await modules)[0]!;
      const error = await formatter.formatModule(module, join(project.dir, 'out.ts')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).describe()).toBe(want(project.rc));
    });
  });

  it('with a parser for other files formats the output as TypeScript, on the fast path as without it', async () => {
    const plain = withConfig('{ "singleQuote": true }');
    const babel = withConfig('{ "singleQuote": true, "parser": "babel" }');
    const [withPlain, withBabel, withBabelSlow] = await Promise.all([createFormatter(plain.dir), createFormatter(babel.dir), createFormatter(babel.dir, { fastPath: false })]);
    for (const { name, module } of await modules) {
      const want = await withPlain.formatModuleWithReport(module, join(plain.dir, 'out.ts'));
      const fast = await withBabel.formatModuleWithReport(module, join(babel.dir, 'out.ts'));
      expect(fast.report.path, name).toBe(want.report.path);
      expect(fast.text, name).toBe(want.text);
      expect(await withBabelSlow.formatModule(module, join(babel.dir, 'out.ts')), name).toBe(want.text);
    }
  });
});
