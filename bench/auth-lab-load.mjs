// Load test of the Auth Lab server (issue 6, section 5): starts the built server, logs in,
// then drives GET /api/me and POST /api/contact with the token from a second process
// (autocannon) at 100 connections for 10 s each, and prints requests/s, p99 latency, errors
// and non-2xx answers. Stops before measuring when login does not answer 200 with a token;
// exits 1 when any request errs or answers outside 2xx.
//
//   pnpm --filter @specwright/example-auth-lab build && node bench/auth-lab-load.mjs [--connections N] [--duration S]
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'examples', 'auth-lab');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const connections = option('connections', 100);
const duration = option('duration', 10);

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;

// fastify's request logging stays on (as in production); its output goes nowhere.
const server = spawn(process.execPath, [join(app, 'dist', 'server', 'main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    await fetch(`${base}/api/me`);
    break;
  } catch {
    if (i > 100) throw new Error('the server did not start (run the build first)');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'load', password: 'x' }),
});
const loginText = await login.text();
let token;
try {
  token = JSON.parse(loginText).token;
} catch {
  // Not JSON: reported below.
}
// Without a real token every measured request would be a fast 401: refuse to measure that.
if (login.status !== 200 || typeof token !== 'string' || token === '') {
  server.kill('SIGTERM');
  throw new Error(`login failed (status ${login.status}): ${loginText.slice(0, 500)}`);
}

const scenarios = [
  { name: 'GET /api/me', args: ['-H', `authorization=Bearer ${token}`, `${base}/api/me`] },
  {
    name: 'POST /api/contact',
    args: ['-m', 'POST', '-H', `authorization=Bearer ${token}`, '-H', 'content-type=application/json', '-b', JSON.stringify({ method: 'email', email: 'load@example.com', message: 'hello' }), `${base}/api/contact`],
  },
];

const autocannon = join(root, 'node_modules', 'autocannon', 'autocannon.js');
let failed = false;
console.log(`Auth Lab load: ${connections} connections, ${duration} s per route, node ${process.version}`);
console.log('route                 req/s     p99 ms   requests   errors   timeouts   non-2xx');
for (const scenario of scenarios) {
  const run = spawnSync(process.execPath, [autocannon, '-j', '-c', String(connections), '-d', String(duration), ...scenario.args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    server.kill('SIGTERM');
    throw new Error(`autocannon failed on ${scenario.name}:\n${run.stderr}`);
  }
  const result = JSON.parse(run.stdout);
  const requests = result['2xx'] + result.non2xx;
  console.log(
    `${scenario.name.padEnd(20)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p99).padStart(9)} ${String(requests).padStart(10)} ${String(result.errors).padStart(8)} ${String(result.timeouts).padStart(10)} ${String(result.non2xx).padStart(9)}`,
  );
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) failed = true;
}

server.kill('SIGTERM');
process.exitCode = failed ? 1 : 0;
