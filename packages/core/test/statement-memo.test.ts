/**
 * A formatter made with `reuse` (a watch session) keeps each file's printed statements and prints
 * again only those whose code tree changed. Its text must be the text a fresh formatter gives.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_PRETTIER_CONFIG } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import type { Module } from '../src/code/ast.js';
import * as c from '../src/code/build.js';
import { createFormatter } from '../src/format/formatter.js';
import { statementKey } from '../src/format/statement-memo.js';
import { loadModel } from '../src/load/load-model.js';
import { generatedModules } from './format-generated.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

function projectDir(): string {
  const base = join(repoRoot, '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'statement-memo-'));
  writeFileSync(join(dir, '.prettierrc.json'), JSON.stringify(CONSUMER_PRETTIER_CONFIG));
  return dir;
}

/** The module with its second statement dropped and one new statement (with a non-ASCII key) at the end. */
function edited(module: Module): Module {
  const added = c.constDecl('specwrightEdited', c.obj([c.prop('ключ', c.num(1)), c.prop('plain', c.str('text'))]), { exported: true });
  return { header: module.header, body: [module.body[0]!, ...module.body.slice(2), added] };
}

describe('a formatter that reuses printed statements', () => {
  it('gives the text of a fresh formatter after each edit, printing again only the changed statements', async () => {
    const modules = (await generatedModules(await loadModel(join(repoRoot, 'fixtures', 'specs', 'petstore-3.1.yaml')))).filter(({ module }) => module.body.length >= 3);
    expect(modules.length).toBeGreaterThan(5);
    const dir = projectDir();
    const kept = await createFormatter(dir, { reuse: true });
    for (const [i, { name, module }] of modules.entries()) {
      const file = join(dir, `out-${i}.ts`);
      const first = await kept.formatModuleWithReport(module, file);
      expect(first.report.reusedStatements, name).toBe(0);
      expect(first.text, name).toBe(await (await createFormatter(dir)).formatModule(module, file));

      const next = edited(module);
      const second = await kept.formatModuleWithReport(next, file);
      expect(second.text, `${name} after the edit`).toBe(await (await createFormatter(dir)).formatModule(next, file));
      // Every statement but the new one comes from the first call (a duplicate statement counts each time).
      expect(second.report.reusedStatements, name).toBe(next.body.length - 1);

      // Only the last call is kept: the dropped statement is printed again when it comes back.
      const third = await kept.formatModuleWithReport(module, file);
      expect(third.text).toBe(first.text);
      expect(third.report.reusedStatements, name).toBe(module.body.filter((stmt) => stmt !== module.body[1]).length);
    }
  });

  it('keys a statement by its whole tree: numbers JSON cannot write, the directive prologue', () => {
    const keyOf = (value: number) => statementKey(c.constDecl('x', { k: 'number', value }), false);
    const keys = [Infinity, -Infinity, NaN, 0, -0, 1].map(keyOf);
    expect(new Set(keys).size).toBe(6);
    expect(statementKey(c.constDecl('x', c.nul()), false)).not.toBe(keyOf(NaN));
    const directive: Module['body'][number] = { k: 'expr', expr: c.str('use client') };
    expect(statementKey(directive, true)).not.toBe(statementKey(directive, false));
    expect(statementKey(c.constDecl('x', c.str('a')), false)).toBe(statementKey(c.constDecl('x', c.str('a')), false));
  });
});
