import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModel } from '@specwright/core';
import { createClientNames } from '@specwright/openapi-zod-ts';
import { fixture } from '@specwright/testing';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { planOperations } from '../src/index.js';
import { neededParamLength } from '../src/fastify.js';
import { CONTRACT_SPEC, generateProject } from './support.js';

/**
 * fastify answers 414 to a path parameter longer than its `maxParamLength` (default 100), a server
 * option a plugin cannot raise. AWS's ARNs are up to 2048 characters, `:` and `/` percent-encoded.
 */

interface RouterModule {
  createRouter(service: object): FastifyPluginAsync;
  maxParamLength: number;
}

const service = new Proxy({}, { get: (_, name) => (name === 'then' ? undefined : async () => ({ ok: true })) });
const LONG_ARN = `arn:aws:${'a:b/'.repeat(60)}`;

describe('fastify: maxParamLength', () => {
  let router: RouterModule;

  beforeAll(async () => {
    const generated = await generateProject({ spec: fixture('path-values.yaml'), framework: 'fastify', inputSchema: false, contextType: false });
    expect(generated.server.code).toBe(0);
    router = (await import(pathToFileURL(join(generated.out, 'router.ts')).href)) as RouterModule;
  });

  async function start(options: { maxParamLength?: number }) {
    const logs: { level: number; msg: string }[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) } },
      ...(options.maxParamLength === undefined ? {} : { routerOptions: { maxParamLength: options.maxParamLength } }),
    });
    await app.register(router.createRouter(service), { prefix: '/api' });
    await app.ready();
    return { app, logs };
  }

  it('exports three times the longest maxLength of a path parameter (resourceArn: 1011)', () => {
    expect(router.maxParamLength).toBe(3033);
  });

  it("warns once at registration, naming the option and the value, on a server with fastify's default", async () => {
    const { app, logs } = await start({});
    try {
      expect(logs.map((l) => l.msg)).toEqual([expect.stringContaining('Fastify({ routerOptions: { maxParamLength } })')]);
      expect(logs[0]!.msg).toContain('3033');
      expect(logs[0]!.msg).toContain('(100)');
      const long = await app.inject({ method: 'GET', url: `/api/tags/${encodeURIComponent(LONG_ARN)}` });
      expect(long.statusCode).toBe(414);
    } finally {
      await app.close();
    }
  });

  it('is silent and routes the long value when the server is created as the README shows', async () => {
    const { app, logs } = await start({ maxParamLength: router.maxParamLength });
    try {
      expect(logs).toEqual([]);
      const long = await app.inject({ method: 'GET', url: `/api/tags/${encodeURIComponent(LONG_ARN)}` });
      expect(long.statusCode).toBe(200);
      expect(long.json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it("stays at fastify's default when no path parameter declares a longer maxLength", async () => {
    const model = await loadModel(CONTRACT_SPEC);
    expect(neededParamLength(model, planOperations(model, createClientNames(model)))).toBe(100);
  });
});
