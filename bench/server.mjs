#!/usr/bin/env node
/**
 * Speed of the routers openapi-server writes (issue 4 §4).
 *
 *   node bench/server.mjs [--connections 50] [--duration 3] [--rounds 8] [--warmup 2]
 *
 * 1. openapi-zod-ts and openapi-server (fastify and hono, validation through input_schema) write
 *    the code for bench/server-bench.yaml; tsc compiles it to JavaScript.
 * 2. A child process (bench/server-app.mjs) serves, on 127.0.0.1, each framework twice: the
 *    generated router, and the same routes written by hand with the same schemas and service.
 * 3. This process loads each server in turn with autocannon (fixed connections and duration, one
 *    warm-up run first; each round runs both back to back, the order swapped every round) and
 *    prints the median requests/s and p99 latency of each over the rounds, and the median of the
 *    per-round ratios generated / hand-written (with their range: a busy machine shows there).
 *
 * Target: the generated route within 10% of the hand-written one. Build first (`pnpm build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const warmup = Number(values.warmup);
const dir = join(root, '.tmp', 'bench-server');

function node(args, cwd = dir) {
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result;
}

// 1. Generate and compile.
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const spec = join(root, 'bench', 'server-bench.yaml');
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-server', private: true, type: 'module' }));
writeFileSync(join(dir, 'openapi-zod-ts.config.json'), JSON.stringify({ input_openapi: spec, output: 'gen', input_schema: 'schemas.ts' }));
node([join(root, 'packages/openapi-zod-ts/bin/openapi-zod-ts.js')]);
for (const framework of ['fastify', 'hono']) {
  const config = join(dir, `${framework}.config.json`);
  writeFileSync(config, JSON.stringify({ input_openapi: spec, output: framework, types_dir: 'gen', framework, input_schema: 'schemas.ts' }));
  node([join(root, 'packages/openapi-server/bin/openapi-server.js'), '--config', config]);
}
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, outDir: 'built', rootDir: '.' },
    include: ['schemas.ts', 'gen/**/*.ts', 'fastify/**/*.ts', 'hono/**/*.ts'],
  }),
);
node([join(root, 'node_modules/typescript/bin/tsc'), '-p', dir]);

// 2. The server process.
const server = spawn(process.execPath, [join(root, 'bench', 'server-app.mjs'), join(dir, 'built')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const ports = await new Promise((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});

// 3. Load.
const ROUTES = {
  'POST /api/items (JSON body validated, 201 JSON)': { method: 'POST', path: '/api/items', status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Lamp', price: 20, tags: ['home', 'light'] }) },
  'GET /api/items/{itemId} (path parameter, 200 JSON)': { method: 'GET', path: '/api/items/i42', status: 200 },
};

function load(port, route, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${route.path}`, method: route.method, headers: route.headers, body: route.body, connections, duration: seconds, pipelining: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const format = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rows = [];
try {
  for (const [label, route] of Object.entries(ROUTES)) {
    for (const framework of ['fastify', 'hono']) {
      const targets = { generated: ports[`${framework}-generated`], 'hand-written': ports[`${framework}-hand-written`] };
      for (const port of Object.values(targets)) await load(port, route, warmup);
      const samples = { generated: [], 'hand-written': [] };
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['generated', 'hand-written'] : ['hand-written', 'generated'];
        for (const kind of order) {
          const result = await load(targets[kind], route, duration);
          const wrong = result.non2xx + result.errors + result.timeouts;
          if (wrong > 0) throw new Error(`${framework} ${kind} ${label}: ${wrong} failed requests`);
          samples[kind].push({ rps: result.requests.average, p99: result.latency.p99 });
        }
      }
      const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      const of = (kind, key) => median(samples[kind].map((sample) => sample[key]));
      const ratios = samples.generated.map((sample, i) => sample.rps / samples['hand-written'][i].rps);
      const generated = { rps: of('generated', 'rps'), p99: of('generated', 'p99') };
      const hand = { rps: of('hand-written', 'rps'), p99: of('hand-written', 'p99') };
      rows.push({ label, framework, generated, hand, ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) });
    }
  }
} finally {
  server.kill();
}

console.log(`\nopenapi-server routers vs hand-written, node ${process.versions.node}, ${connections} connections, ${duration} s x ${rounds} rounds (after ${warmup} s warm-up), loopback, load average ${format(loadavg()[0], 1)} on ${availableParallelism()} CPUs\n`);
console.log('| Route | Framework | Generated req/s | p99 ms | Hand-written req/s | p99 ms | Generated / hand-written | Range over rounds |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const range = `${format(row.low * 100, 0)}-${format(row.high * 100, 0)}%`;
  console.log(`| ${row.label} | ${row.framework} | ${format(row.generated.rps)} | ${format(row.generated.p99, 1)} | ${format(row.hand.rps)} | ${format(row.hand.p99, 1)} | ${format(row.ratio * 100, 1)}% | ${range} |`);
}
const worst = Math.min(...rows.map((r) => r.ratio));
console.log(`\nTarget: generated within 10% of hand-written (ratio >= 90%). Worst: ${format(worst * 100, 1)}% ${worst >= 0.9 ? 'PASS' : 'MISS'}`);
