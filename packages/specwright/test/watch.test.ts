import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandScript, fixture, runCommandLine, tempProject } from '@specwright/testing';
import { afterEach, describe, expect, it } from 'vitest';

/** A `specwright --watch` child whose stderr is read line by line. */
function startWatch(cwd: string) {
  const child = spawn(process.execPath, [commandScript('specwright', 'specwright'), '--watch'], { cwd, env: { ...process.env, DEBUG: '' } });
  const lines: string[] = [];
  let buffer = '';
  const waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
    for (const waiter of [...waiters]) {
      const found = lines.slice(waiter.from).find((line) => waiter.pattern.test(line));
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    /** The next line (after those seen so far) matching `pattern`. */
    next(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
      const from = lines.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; stderr:\n${lines.join('\n')}`)), timeoutMs);
        waiters.push({ pattern, from, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      });
    },
  };
}

const RUN_LINE = /^specwright: (\d+) of (\d+) files changed.* in \d+ ms$/;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('specwright --watch', () => {
  it('regenerates on spec, $ref file and config edits, keeps the last output on a broken edit, and exits 0 on SIGTERM', async () => {
    const p = tempProject('specwright-watch', { prettier: false });
    cpSync(fixture('external'), join(p.dir, 'spec'), { recursive: true });
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api', input_schema: 'schemas.ts' }, msw: { output: 'mocks' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    const first = watch.next(RUN_LINE);
    expect(RUN_LINE.exec(await first)?.slice(1)).toEqual(['7', '7']);
    const client = join(p.dir, 'api', 'client.ts');
    const schemaTypes = join(p.dir, 'api', 'schema-types.ts');
    const userFile = readFileSync(join(p.dir, 'schemas.ts'), 'utf8');

    // An edit of the spec file itself: a new operation reaches the client and the mocks.
    const main = join(p.dir, 'spec', 'main.yaml');
    const spec = readFileSync(main, 'utf8');
    const mocksBefore = statSync(join(p.dir, 'mocks', 'handlers.ts')).mtimeMs;
    let line = watch.next(RUN_LINE);
    writeFileSync(main, spec.replace('paths:\n', 'paths:\n  /health:\n    get:\n      operationId: checkHealth\n      responses:\n        \'204\':\n          description: Up.\n'));
    expect(RUN_LINE.exec(await line)?.[1]).toBe('2');
    expect(readFileSync(client, 'utf8')).toContain('checkHealth');
    expect(readFileSync(join(p.dir, 'mocks', 'handlers.ts'), 'utf8')).toContain('/health');
    expect(statSync(join(p.dir, 'mocks', 'handlers.ts')).mtimeMs).toBeGreaterThan(mocksBefore);

    // An edit of a file an external $ref names: only schema-types.ts and the bases change (a description).
    const pet = join(p.dir, 'spec', 'schemas', 'pet.yaml');
    const clientBefore = statSync(client).mtimeMs;
    line = watch.next(RUN_LINE);
    writeFileSync(pet, readFileSync(pet, 'utf8').replace(/^(\s*)type: object/m, '$1description: A pet edited while watching.\n$1type: object'));
    expect(await line).toMatch(/^specwright: 2 of 6 files changed \(api\/schema-types\.ts, api\/schema-bases\.ts\) in \d+ ms$/);
    expect(readFileSync(schemaTypes, 'utf8')).toContain('A pet edited while watching.');
    expect(statSync(client).mtimeMs).toBe(clientBefore);

    // A broken intermediate state: the error is printed, no file changes, watching goes on.
    const good = readFileSync(schemaTypes, 'utf8');
    line = watch.next(/kept the last output/);
    writeFileSync(main, 'openapi: 3.1.0\npaths: [\n');
    await line;
    expect(watch.lines.some((l) => /^specwright: error: .*main\.yaml:\d+:\d+: /.test(l))).toBe(true);
    expect(readFileSync(schemaTypes, 'utf8')).toBe(good);

    // Fixed again: back to the generated files of the first edit.
    line = watch.next(RUN_LINE);
    writeFileSync(main, spec);
    await line;
    expect(readFileSync(client, 'utf8')).not.toContain('checkHealth');

    // A config edit: the mocks move to another directory.
    line = watch.next(RUN_LINE);
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api', input_schema: 'schemas.ts' }, msw: { output: 'mocks2', seed: 3 } }));
    expect(RUN_LINE.exec(await line)?.[1]).toBe('1');
    expect(readFileSync(join(p.dir, 'mocks2', 'handlers.ts'), 'utf8')).toContain('seed(3)');
    // The user-owned file was never rewritten.
    expect(readFileSync(join(p.dir, 'schemas.ts'), 'utf8')).toBe(userFile);

    // An edit of the user-owned schema file: a schema it stops exporting falls back to the generated one.
    line = watch.next(RUN_LINE);
    writeFileSync(join(p.dir, 'schemas.ts'), userFile.replace('export const PetSchema', 'const PetSchema'));
    expect(await line).toMatch(/^specwright: 1 of 6 files changed \(api\/schema-types\.ts\)/);
    expect(watch.lines.some((l) => l.includes('no export "PetSchema"; the generated schema is used instead'))).toBe(true);

    const runs = watch.lines.filter((l) => RUN_LINE.test(l)).length;
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
    expect(watch.lines.at(-1)).toBe('specwright: stopped watching');
    expect(runs).toBe(6);
  });

  it('watches what a failing run could not read: a spec missing at the start, a $ref file named before it exists', async () => {
    const p = tempProject('specwright-watch-missing', { prettier: false });
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    // No spec yet: the first run fails.
    await watch.next(/kept the last output/);
    expect(watch.lines.some((l) => /^specwright: error: .*main\.yaml: file not found \(named by input_openapi\)$/.test(l))).toBe(true);

    // The spec is created (its directory too): the run that follows generates.
    let line = watch.next(RUN_LINE);
    cpSync(fixture('external'), join(p.dir, 'spec'), { recursive: true });
    expect(RUN_LINE.exec(await line)?.slice(1)).toEqual(['4', '4']);

    // The spec names a $ref file that does not exist yet: an error, then the file is created.
    const pet = join(p.dir, 'spec', 'schemas', 'pet.yaml');
    line = watch.next(/kept the last output/);
    writeFileSync(pet, readFileSync(pet, 'utf8').replace("'./owner.yaml'", "'./keeper.yaml'"));
    await line;
    expect(watch.lines.some((l) => /does not resolve: .*keeper\.yaml/.test(l))).toBe(true);
    line = watch.next(RUN_LINE);
    writeFileSync(join(p.dir, 'spec', 'schemas', 'keeper.yaml'), readFileSync(join(p.dir, 'spec', 'schemas', 'owner.yaml'), 'utf8').replace(/^(\s*)type: object/m, '$1description: The keeper.\n$1type: object'));
    await line;
    expect(readFileSync(join(p.dir, 'api', 'schema-types.ts'), 'utf8')).toContain('The keeper.');
    // The same as a run of the final files.
    const fresh = runCommandLine('specwright', 'specwright', ['--check'], p.dir);
    expect(fresh.code).toBe(0);

    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  });

  it('keeps watching when an input is replaced by a FIFO: the run reports it, and putting the file back regenerates', async () => {
    const p = tempProject('specwright-watch-fifo', { prettier: false });
    cpSync(fixture('external'), join(p.dir, 'spec'), { recursive: true });
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec/main.yaml', zod_ts: { output: 'api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    await watch.next(RUN_LINE);
    const owner = join(p.dir, 'spec', 'schemas', 'owner.yaml');
    const text = readFileSync(owner, 'utf8');
    // Reading a FIFO blocks until a writer comes: the watch must not read it to tell a change.
    let line = watch.next(/kept the last output/);
    rmSync(owner);
    execFileSync('mkfifo', [owner]);
    await line;
    expect(watch.lines.some((l) => /owner\.yaml.*is not a regular file/.test(l))).toBe(true);
    line = watch.next(RUN_LINE);
    rmSync(owner);
    writeFileSync(owner, text.replace(/^(\s*)type: object/m, '$1description: Back as a file.\n$1type: object'));
    await line;
    expect(readFileSync(join(p.dir, 'api', 'schema-types.ts'), 'utf8')).toContain('Back as a file.');
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  });

  it('watches a spec that is a symbolic link where it leads, and starts with one run though the output directory is new', async () => {
    const p = tempProject('specwright-watch-link', { prettier: false });
    const real = p.write('elsewhere/spec.yaml', readFileSync(fixture('petstore-3.1.yaml'), 'utf8'));
    symlinkSync('elsewhere/spec.yaml', join(p.dir, 'spec.yaml'));
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'out/api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    await watch.next(RUN_LINE);
    // Creating out/ and out/api was the run's own doing: no second run follows (given a second to).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(watch.lines.filter((l) => RUN_LINE.test(l))).toHaveLength(1);
    // The save goes to the file the link leads to, in another directory.
    const line = watch.next(RUN_LINE);
    writeFileSync(real, readFileSync(real, 'utf8').replace(/operationId: (\w+)/, 'operationId: $1Renamed'));
    await line;
    expect(readFileSync(join(p.dir, 'out', 'api', 'client.ts'), 'utf8')).toContain('Renamed');
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  });

  it('lets go of a spec the config no longer names: its edits start no run, the new spec\'s do', async () => {
    const p = tempProject('specwright-watch-switch', { prettier: false });
    const petstore = readFileSync(fixture('petstore-3.1.yaml'), 'utf8');
    const oldSpec = p.write('old/spec.yaml', petstore);
    const newSpec = p.write('new/spec.yaml', petstore.replace(/operationId: (\w+)/, 'operationId: $1New'));
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'old/spec.yaml', zod_ts: { output: 'api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    await watch.next(RUN_LINE);
    const client = join(p.dir, 'api', 'client.ts');

    let line = watch.next(RUN_LINE);
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'new/spec.yaml', zod_ts: { output: 'api' } }));
    await line;
    expect(readFileSync(client, 'utf8')).toMatch(/\w+New\b/);
    const runs = () => watch.lines.filter((l) => RUN_LINE.test(l)).length;
    expect(runs()).toBe(2);

    // The old spec is edited (given a second to be seen): nothing runs.
    writeFileSync(oldSpec, petstore.replace(/operationId: (\w+)/, 'operationId: $1Old'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs(), watch.lines.join('\n')).toBe(2);

    // The new one is: a run.
    line = watch.next(RUN_LINE);
    writeFileSync(newSpec, petstore.replace(/operationId: (\w+)/, 'operationId: $1Newer'));
    await line;
    expect(readFileSync(client, 'utf8')).toMatch(/\w+Newer\b/);
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  });

  it('runs again after a run only when an input changed while it ran, not for more events of the save it read', async () => {
    const p = tempProject('specwright-watch-rerun', { prettier: false });
    // Large enough that a run lasts well beyond the debounce (a second or more).
    const schemas = Object.fromEntries(
      Array.from({ length: 1500 }, (_, i) => [`Item${i}`, { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } }]),
    );
    const paths = Object.fromEntries(
      Array.from({ length: 800 }, (_, i) => [`/items${i}`, { get: { operationId: `getItem${i}`, summary: `Item ${i}`, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } } } } } }]),
    );
    const spec = (summary: string) => JSON.stringify({ openapi: '3.1.0', info: { title: 'many', version: '1' }, paths: { ...paths, '/items0': { get: { ...paths['/items0']!.get, summary } } }, components: { schemas } });
    const specFile = p.write('spec.json', spec('first'));
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.json', zod_ts: { output: 'api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    await watch.next(RUN_LINE);
    const client = join(p.dir, 'api', 'client.ts');
    const settled = () => new Promise((resolve) => setTimeout(resolve, 1500));

    // The same bytes written again while the run reads the save: one run.
    let line = watch.next(RUN_LINE);
    writeFileSync(specFile, spec('second'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    writeFileSync(specFile, spec('second'));
    await line;
    await settled();
    expect(readFileSync(client, 'utf8')).toContain('second');
    const afterSame = watch.lines.filter((l) => RUN_LINE.test(l)).length;
    expect(afterSame, watch.lines.join("\n")).toBe(2);

    // Other bytes while it runs: a second run, which ends with the last save.
    line = watch.next(RUN_LINE);
    writeFileSync(specFile, spec('third'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    writeFileSync(specFile, spec('fourth'));
    await line;
    await watch.next(RUN_LINE);
    expect(readFileSync(client, 'utf8')).toContain('fourth');
  });

  it('formats with the prettier config as it is now: .prettierrc, package.json "prettier" and .editorconfig edits each make a run', async () => {
    const p = tempProject('specwright-watch-prettier', { prettier: { singleQuote: true } });
    cpSync(fixture('petstore-3.1.yaml'), join(p.dir, 'spec.yaml'));
    p.write('specwright.config.json', JSON.stringify({ input_openapi: 'spec.yaml', zod_ts: { output: 'api' }, msw: { output: 'api' } }));
    const watch = startWatch(p.dir);
    children.push(watch.child);
    await watch.next(RUN_LINE);
    const client = join(p.dir, 'api', 'client.ts');
    const text = () => readFileSync(client, 'utf8');
    // A fresh process generates what the watcher wrote (`--check` exits 1 on any difference).
    const agreesWithFreshRun = () => {
      const check = runCommandLine('specwright', 'specwright', ['--check'], p.dir);
      expect(check.code, check.stderr).toBe(0);
    };
    expect(text()).toContain(`import * as z from 'zod';`);
    expect(text()).not.toMatch(/\n\t\w/);

    // An .editorconfig created in the output directory the first run created: tabs (the prettier
    // config sets no useTabs).
    let line = watch.next(RUN_LINE);
    p.write('api/.editorconfig', '[*]\nindent_style = tab\n');
    await line;
    expect(text()).toMatch(/\n\t\w/);
    agreesWithFreshRun();

    // The config file edited.
    line = watch.next(RUN_LINE);
    p.write('.prettierrc.json', JSON.stringify({ singleQuote: false }));
    await line;
    expect(text()).toContain(`import * as z from "zod";`);
    agreesWithFreshRun();

    // A nearer config: package.json's "prettier" key (prettier looks at it before .prettierrc.json).
    line = watch.next(RUN_LINE);
    p.write('package.json', JSON.stringify({ name: 'watched', private: true, type: 'module', prettier: { semi: false } }));
    await line;
    expect(text()).toContain(`import * as z from "zod"\n`);
    expect(text()).toMatch(/\n\t\w/);
    agreesWithFreshRun();

    // The "prettier" key removed: .prettierrc.json again, with the .editorconfig.
    line = watch.next(RUN_LINE);
    p.write('package.json', JSON.stringify({ name: 'watched', private: true, type: 'module' }));
    await line;
    expect(text()).toContain(`import * as z from "zod";`);
    expect(text()).toMatch(/\n\t\w/);
    agreesWithFreshRun();
  });
});
