/**
 * The React output of every fixture, byte for byte, against files written by the generator as it
 * was before the `target` key existed (`expected/react/`, committed first, then never regenerated
 * by hand): adding targets must not change a byte of what React users get. `UPDATE_EXPECTED=1`
 * rewrites them; a diff in review then shows exactly what changed for React users.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { configSchema, generate } from '../src/index.js';

const own = (name: string) => join(import.meta.dirname, 'fixtures', name);
const expectedDir = join(import.meta.dirname, 'expected', 'react');
const ALL_ON = { suspense: true, auto_invalidate: true, infinite_query: true, stale_time: 1000, gc_time: 60_000, overrides: { pets: { stale_time: 5 } } };

const CASES: { out: string; spec: string; hooks?: Record<string, unknown> }[] = [
  { out: 'auth-lab', spec: own('auth-lab.yaml') },
  { out: 'edge', spec: own('hooks-edge.yaml'), hooks: { suspense: true, auto_invalidate: true } },
  { out: 'edge-all', spec: own('hooks-edge.yaml'), hooks: ALL_ON },
  { out: 'petstore', spec: fixture('petstore-3.1.yaml') },
  { out: 'features', spec: fixture('features-3.1.yaml'), hooks: ALL_ON },
  { out: 'nullable', spec: fixture('nullable-3.0.yaml'), hooks: ALL_ON },
  { out: 'hostile', spec: fixture('hostile.yaml'), hooks: ALL_ON },
];

describe('React output (target "react", the default)', () => {
  const project = tempProject('rq-react-unchanged');

  it.each(CASES)('is byte-identical to the committed files for $out', async (c) => {
    const config = configSchema.parse({ input_openapi: c.spec, output: join(project.dir, c.out), ...c.hooks });
    const files = await generate(config);
    expect(files.map((f) => f.path.slice(config.output.length + 1))).toEqual(['hooks.ts', 'test-utils.ts']);
    for (const file of files) {
      const expected = join(expectedDir, c.out, `${file.path.slice(config.output.length + 1)}.txt`);
      if (process.env['UPDATE_EXPECTED'] === '1') {
        mkdirSync(join(expected, '..'), { recursive: true });
        writeFileSync(expected, file.content);
      }
      expect(file.content, expected).toBe(readFileSync(expected, 'utf8'));
    }
  });
});
