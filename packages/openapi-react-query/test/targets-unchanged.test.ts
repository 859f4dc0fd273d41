/**
 * The Vue, Svelte and Solid output (React has its own, react-unchanged.test.ts) of three fixture
 * specs, byte for byte, against files written before the SWR and Angular targets existed
 * (`expected/targets/`), and SWR's, written before the Angular target (its code trees compared
 * equal to those of the commit before it), and Angular's as first written: adding targets must not
 * change a byte of what these users get.
 * `UPDATE_EXPECTED=1` rewrites them; a diff in review then shows exactly what changed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { configSchema, generate } from '../src/index.js';

const expectedDir = join(import.meta.dirname, 'expected', 'targets');
const ALL_ON = { auto_invalidate: true, infinite_query: true, stale_time: 1000, gc_time: 60_000, overrides: { pets: { stale_time: 5 } } };

const SPECS: { out: string; spec: string; hooks: Record<string, unknown> }[] = [
  { out: 'auth-lab', spec: join(import.meta.dirname, 'fixtures', 'auth-lab.yaml'), hooks: {} },
  { out: 'petstore', spec: fixture('petstore-3.1.yaml'), hooks: { auto_invalidate: true } },
  { out: 'features', spec: fixture('features-3.1.yaml'), hooks: ALL_ON },
];
const CASES = (['vue', 'svelte', 'solid', 'swr', 'angular'] as const).flatMap((target) => SPECS.map((c) => ({ ...c, target })));

describe('Vue, Svelte, Solid, SWR and Angular output', () => {
  const project = tempProject('rq-targets-unchanged');

  it.each(CASES)('$target: byte-identical to the committed files for $out', async (c) => {
    const config = configSchema.parse({ input_openapi: c.spec, output: join(project.dir, c.target, c.out), target: c.target, ...c.hooks });
    const files = await generate(config);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const expected = join(expectedDir, c.target, c.out, `${file.path.slice(config.output.length + 1)}.txt`);
      if (process.env['UPDATE_EXPECTED'] === '1') {
        mkdirSync(join(expected, '..'), { recursive: true });
        writeFileSync(expected, file.content);
      }
      expect(file.content, expected).toBe(readFileSync(expected, 'utf8'));
    }
  });
});
