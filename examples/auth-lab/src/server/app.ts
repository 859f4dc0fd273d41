import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { HttpError, createRouter } from '../generated/router.js';
import type { Service } from '../generated/service.js';
import { type AuthContext, createContext } from './auth.js';
import { authLabService } from './service.js';

export interface AppOptions {
  /** fastify's logger settings. @default true */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built frontend; without it only the API is served. */
  webRoot?: string | undefined;
  /** The business logic; tests swap it to prove what the router enforces. */
  service?: Service<AuthContext>;
}

/** The full-stack app: the API under /api (generated router), the built frontend everywhere else. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? true });
  answerUnparsableJsonWithIssues(app);
  await app.register(createRouter(options.service ?? authLabService, { createContext }), { prefix: '/api' });

  const webRoot = options.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(webRoot);
  if (hasWeb) await app.register(fastifyStatic, { root: webRoot, index: 'index.html' });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the single-page app get its index; unknown API paths get JSON.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasWeb && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
  return app;
}

/**
 * The spec's 400 body (ValidationErrorBody) requires `issues`; fastify's JSON parser fails
 * malformed, empty and prototype-poisoned bodies with a bare 400. Its own parser is kept, and its
 * failures become the router's 400 `{ ..., message: 'Invalid request body', issues: [...] }`,
 * with one issue at the body's root that carries the parser's message.
 */
function answerUnparsableJsonWithIssues(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString(), (error, value) => {
      if (!error) return done(null, value);
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status !== 400) return done(error, undefined);
      done(new HttpError(400, 'Invalid request body', [{ code: 'invalid_json', path: [], message: error.message }]), undefined);
    });
  });
}
