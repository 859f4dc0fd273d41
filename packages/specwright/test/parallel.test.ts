import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFormatter, createWorkerPool, loadModel } from '@specwright/core';
import { emitModules } from '@specwright/openapi-zod-ts';
import { CONSUMER_PRETTIER_CONFIG, commandScript, listFiles, repoRoot, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/index.js';

/**
 * A spec large enough that its modules are split between the calling thread and the worker
 * (300 statements and more), with the shapes whose printing differs most: nested objects,
 * unions, enums, arrays, nullable values, descriptions, odd and non-ASCII property keys (the
 * worker asks the calling thread about those), path, query and body parameters.
 */
function largeSpec(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 220; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      description: i % 3 === 0 ? `Item number ${i}: it has a "quoted" description, a backtick \` and */ in it.` : undefined,
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int64' },
        name: { type: 'string', minLength: 1, maxLength: 40 + i },
        // A non-ASCII key sends its statement back to the calling thread (prettier's answer about
        // it is asked there): only a few have one, so that most of the worker's text is used.
        ...(i % 25 === 0 ? { [`größe_${i}`]: { type: 'number' } } : {}),
        'odd-key with spaces': { type: ['string', 'null'] },
        status: { type: 'string', enum: ['active', 'archived', `state-${i}`] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
        parent: i > 0 ? { $ref: `#/components/schemas/Item${i - 1}` } : { type: 'string' },
        detail: {
          type: 'object',
          properties: { createdAt: { type: 'string', format: 'date-time' }, note: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
        },
      },
    };
  }
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 110; i++) {
    paths[`/items${i}/{itemId}`] = {
      get: {
        operationId: `getItem${i}`,
        summary: `Reads item ${i}.`,
        parameters: [
          { name: 'itemId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'expand', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: { '200': { description: 'The item.', content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } } } },
      },
      put: {
        operationId: `putItem${i}`,
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i + 1}` } } } },
        responses: { '204': { description: 'Saved.' }, '404': { description: 'Missing.' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Large', version: '1.0.0' }, paths, components: { schemas } });
}

describe('printing on two threads', () => {
  it('writes the same bytes as printing on one', async () => {
    const spec = largeSpec();
    const runs = await Promise.all(
      [true, false].map(async (parallel) => {
        const p = tempProject(`specwright-parallel-${parallel}`, { prettier: CONSUMER_PRETTIER_CONFIG });
        p.write('spec.json', spec);
        const config = { input_openapi: 'spec.json', zod_ts: { output: 'api' }, server: { framework: 'fastify' as const }, react_query: {}, msw: { output: 'mocks' } };
        await generate(config, { root: p.dir, parallel });
        return p.dir;
      }),
    );
    const [twoThreads, oneThread] = runs as [string, string];
    const written = listFiles(oneThread).filter((file) => file.endsWith('.ts'));
    expect(written.length).toBeGreaterThanOrEqual(8);
    expect(listFiles(twoThreads).filter((file) => file.endsWith('.ts'))).toEqual(written);
    for (const file of written) expect(readFileSync(join(twoThreads, file), 'utf8'), file).toBe(readFileSync(join(oneThread, file), 'utf8'));
  });

  it('ends its worker when the run ends, so a finished `specwright` process exits at once', async () => {
    // Counts the live workers the pool starts (the pool imports Worker from node:worker_threads).
    const Original = workerThreads.Worker;
    let started = 0;
    let live = 0;
    workerThreads.Worker = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        started++;
        live++;
        this.once('exit', () => live--);
      }
    };
    syncBuiltinESMExports();
    try {
      const p = tempProject('specwright-parallel-exit', { prettier: CONSUMER_PRETTIER_CONFIG });
      p.write('spec.json', largeSpec());
      await generate({ input_openapi: 'spec.json', zod_ts: { output: 'api' } }, { root: p.dir, parallel: true });
      expect(started).toBe(1);
      // Before, the worker idled for 5 s and, referenced, held the process open that long.
      expect(live).toBe(0);
    } finally {
      workerThreads.Worker = Original;
      syncBuiltinESMExports();
    }
  });

  it('has the worker print part of each large module, with the text of the calling thread', async () => {
    const p = tempProject('specwright-parallel-pool', { prettier: CONSUMER_PRETTIER_CONFIG });
    const specPath = p.write('spec.json', largeSpec());
    const outputDir = join(p.dir, 'api');
    const modules = await emitModules(await loadModel(specPath), { outputDir });
    const large = modules.filter(({ module }) => module.body.length >= 300);
    expect(large.length).toBeGreaterThan(0);
    const pool = createWorkerPool();
    const [split, serial] = await Promise.all([createFormatter(outputDir, { parallel: pool }), createFormatter(outputDir)]);
    for (const { path, module } of modules) expect(await split.formatModule(module, path), path).toBe(await serial.formatModule(module, path));
    // Each large module sent the worker at least a fifth of its statements.
    expect(pool.printedStatements).toBeGreaterThanOrEqual(large.reduce((sum, { module }) => sum + Math.floor(module.body.length / 5), 0));
    // Source prettier formats (raw code) is formatted in the worker, with the same text, and a
    // syntax error is prettier's own, as on one thread.
    const source = "export const  a = {b:1,  'c-d': [1,2,3]}\nexport function f(x:number){return x+1}";
    expect(await split.formatSource(source, join(outputDir, 'raw.ts'))).toBe(await serial.formatSource(source, join(outputDir, 'raw.ts')));
    const broken = 'export const = ;';
    const message = await serial.formatSource(broken, join(outputDir, 'raw.ts')).catch((error: Error) => error.message);
    expect(message).toMatch(/expected/i);
    await expect(split.formatSource(broken, join(outputDir, 'raw.ts'))).rejects.toThrow(message);
  });

  it('runs in the shipped command, whose worker thread is the bundle beside it', () => {
    // A machine of 4 CPUs, as the command sees it (it prints on one thread below that), and the
    // workers it starts: their files and their replies, written down as they come.
    const preload = `
      import os from 'node:os';
      import { appendFileSync } from 'node:fs';
      import { syncBuiltinESMExports } from 'node:module';
      import workerThreads from 'node:worker_threads';
      os.availableParallelism = () => 4;
      const Original = workerThreads.Worker;
      workerThreads.Worker = class extends Original {
        constructor(file, ...rest) {
          super(file, ...rest);
          appendFileSync(process.env.WORKER_REPORT, 'worker ' + String(file) + '\\n');
          this.on('message', () => appendFileSync(process.env.WORKER_REPORT, 'reply\\n'));
        }
      };
      syncBuiltinESMExports();`;
    const spec = largeSpec();
    const config = { input_openapi: 'spec.json', zod_ts: { output: 'api' }, server: { framework: 'fastify' }, react_query: {}, msw: { output: 'mocks' } };
    const [fourCpus, asIs] = ['four-cpus', 'as-is'].map((label) => {
      const p = tempProject(`specwright-parallel-bin-${label}`, { prettier: CONSUMER_PRETTIER_CONFIG });
      p.write('spec.json', spec);
      p.write('specwright.config.json', JSON.stringify(config));
      const report = join(p.dir, 'workers.txt');
      p.write('workers.txt', '');
      const args = label === 'four-cpus' ? ['--import', `data:text/javascript,${encodeURIComponent(preload)}`] : [];
      const run = spawnSync(process.execPath, [...args, commandScript('specwright', 'specwright')], { cwd: p.dir, encoding: 'utf8', env: { ...process.env, WORKER_REPORT: report } });
      expect(run.stderr).toMatch(/wrote \d+ files/);
      expect(run.status).toBe(0);
      return { dir: p.dir, report: readFileSync(report, 'utf8').split('\n').filter(Boolean) };
    }) as [{ dir: string; report: string[] }, { dir: string; report: string[] }];
    const bundledWorker = pathToFileURL(join(repoRoot, 'packages', 'specwright', 'dist', 'fast-worker.js')).href;
    expect(fourCpus.report.filter((line) => line.startsWith('worker '))).toEqual([`worker ${bundledWorker}`]);
    expect(fourCpus.report.filter((line) => line === 'reply').length).toBeGreaterThan(0);
    expect(asIs.report).toEqual([]);
    const written = listFiles(asIs.dir).filter((file) => file.endsWith('.ts'));
    expect(written.length).toBeGreaterThanOrEqual(8);
    for (const file of written) expect(readFileSync(join(fourCpus.dir, file), 'utf8'), file).toBe(readFileSync(join(asIs.dir, file), 'utf8'));
  });
});
