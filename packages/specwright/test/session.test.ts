import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { createSession, generateFromFile } from '../src/index.js';

/**
 * Watch mode keeps a session (formatters with their prettier config and formatted statements) from
 * run to run. After each edit, a run in the session must give the bytes a fresh run gives.
 */
describe('a generation session', () => {
  it('gives byte for byte the output of a fresh run after each edit, and reuses its formatters', async () => {
    const p = tempProject('specwright-session', { prettier: { singleQuote: true, printWidth: 100 } });
    cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
    const config = p.write(
      'specwright.config.json',
      JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, server: { framework: 'hono' }, react_query: { suspense: true }, msw: { output: 'mocks' } }),
    );
    const session = createSession();
    const original = readFileSync(join(p.dir, 'spec.yaml'), 'utf8');
    const edits = [
      (text: string) => text.replace(/summary: (.*)/, 'summary: $1 (edited)'),
      (text: string) => text.replace('paths:\n', "paths:\n  /ping-check:\n    get:\n      operationId: checkPing\n      responses:\n        '204':\n          description: Up.\n"),
      (text: string) => text,
    ];
    let formatters: unknown[] = [];
    for (const [i, edit] of edits.entries()) {
      writeFileSync(join(p.dir, 'spec.yaml'), edit(original));
      const warm = await generateFromFile(config, { mode: 'none', session });
      const fresh = await generateFromFile(config, { mode: 'none' });
      expect(warm.files.map((f) => f.path)).toEqual(fresh.files.map((f) => f.path));
      for (const [j, file] of warm.files.entries()) expect(file.content, `${file.path} after edit ${i + 1}`).toBe(fresh.files[j]!.content);
      const now = [...session.formatters.values()];
      // The same formatter objects: prettier and its config are resolved once per session.
      if (i > 0) expect(now.every((formatter, k) => formatter === formatters[k])).toBe(true);
      formatters = now;
    }
    expect(session.formatters.size).toBe(2);
  });
});
