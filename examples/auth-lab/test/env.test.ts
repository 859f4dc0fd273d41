import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The dev server's port and its `/api` proxy target come from the environment (README.md):
 * `DEV_PORT`, `API_TARGET`, else the full-stack server's `PORT`.
 */
describe('the Auth Lab dev server settings', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function devServer() {
    const { default: config } = (await import('../vite.config.js')) as { default: { server: { port: number; proxy: Record<string, string> } } };
    return { port: config.server.port, target: config.server.proxy['/api'] };
  }

  it.each([
    [{}, { port: 5173, target: 'http://localhost:3004' }],
    [{ PORT: '4000' }, { port: 5173, target: 'http://localhost:4000' }],
    [{ PORT: '4000', DEV_PORT: '6000', API_TARGET: 'http://127.0.0.1:4500' }, { port: 6000, target: 'http://127.0.0.1:4500' }],
  ])('with %j: %j', async (env, expected) => {
    for (const name of ['PORT', 'DEV_PORT', 'API_TARGET']) vi.stubEnv(name, (env as Record<string, string>)[name]);
    expect(await devServer()).toEqual(expected);
  });
});
