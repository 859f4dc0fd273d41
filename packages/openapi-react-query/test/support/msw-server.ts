import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An MSW server for the file's tests, listening from `beforeAll` and failing on unhandled
 * requests; `requests` lists what it saw as `METHOD /path?query`, cleared after each test with the
 * handlers added by `server.use` and, through `cleanup`, the testing library's rendered trees.
 */
export function useMswServer(cleanup: () => void): { server: SetupServer; requests: string[] } {
  const server = setupServer();
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    // Without vitest globals, the testing libraries do not unmount on their own.
    cleanup();
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return { server, requests };
}
