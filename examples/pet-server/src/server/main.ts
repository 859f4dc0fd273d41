import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { logger } from 'hono/logger';
import { createRouter } from '../generated/router.js';
import { listenOptions } from './listen-options.js';
import { createPetStore } from './store.js';

const { port, hostname } = listenOptions(process.env);

const app = new Hono();
app.use(logger());
app.route('/', createRouter(createPetStore([{ name: 'Rex', tag: 'dog' }, { name: 'Tom', tag: 'cat', status: 'pending' }])));

const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`pet server listening on http://${hostname}:${info.port}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
