/**
 * The server process of bench/server.mjs: serves the generated route and the same route written
 * by hand, on fastify and on hono, each on its own port of 127.0.0.1, with one in-memory service.
 * Prints `{ "<name>": <port>, ... }` on stdout once all listen. Not meant to be run alone.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Hono } from 'hono';

const built = process.argv[2];
const load = (name) => import(pathToFileURL(join(built, name)).href);
const [schemas, fastifyRouter, honoRouter] = await Promise.all([load('schemas.js'), load('fastify/router.js'), load('hono/router.js')]);
const { CreateItemSchema, ItemSchema } = schemas;

let next = 0;
/** The same service behind every server: the generated routers call it, so do the hand-written routes. */
const service = {
  async createItem(body) {
    next += 1;
    return { id: `i${next}`, name: body.name, price: body.price, tags: body.tags ?? [] };
  },
  async getItem(itemId) {
    return { id: itemId, name: 'Lamp', price: 20, tags: ['home'] };
  },
};

async function listenFastify(register) {
  const app = Fastify({ logger: false });
  await register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address().port;
}

function listenHono(app) {
  return new Promise((resolve) => {
    serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
}

const ports = {};

ports['fastify-generated'] = await listenFastify((app) => app.register(fastifyRouter.createRouter(service), { prefix: '/api' }));

// What a fastify user writes by hand with the same type provider and schemas.
ports['fastify-hand-written'] = await listenFastify(async (app) => {
  await app.register(
    async (instance) => {
      instance.setValidatorCompiler(validatorCompiler);
      instance.setSerializerCompiler(serializerCompiler);
      instance.post('/items', { schema: { body: CreateItemSchema, response: { 201: ItemSchema } } }, async (request, reply) => {
        return reply.code(201).send(await service.createItem(request.body));
      });
      instance.get('/items/:itemId', { schema: { response: { 200: ItemSchema } } }, async (request) => service.getItem(request.params.itemId));
    },
    { prefix: '/api' },
  );
});

const honoGenerated = new Hono();
honoGenerated.route('/api', honoRouter.createRouter(service));
ports['hono-generated'] = await listenHono(honoGenerated);

// What a hono user writes by hand: parse, validate with the same schema, call, answer.
const honoHand = new Hono();
honoHand.post('/api/items', async (c) => {
  const parsed = CreateItemSchema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ error: 'Invalid request body', issues: parsed.error.issues }, 422);
  return c.json(await service.createItem(parsed.data), 201);
});
honoHand.get('/api/items/:itemId', async (c) => c.json(await service.getItem(c.req.param('itemId')), 200));
ports['hono-hand-written'] = await listenHono(honoHand);

process.stdout.write(`${JSON.stringify(ports)}\n`);
