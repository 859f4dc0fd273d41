import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';

const port = Number(process.env['PORT'] ?? 3004);
const host = process.env['HOST'] ?? 'localhost';
// dist/server/main.js serves dist/web, where `vite build` puts the frontend.
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');

const app = await buildApp({ webRoot });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port, host });
} catch (error) {
  app.log.error({ err: error }, 'cannot start the server');
  process.exit(1);
}
