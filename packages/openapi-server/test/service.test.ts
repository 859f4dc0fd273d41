import { modelFromDocument, printModuleSource } from '@specwright/core';
import { describe, expect, it } from 'vitest';
import { generateModules } from '../src/index.js';

const model = modelFromDocument({
  openapi: '3.1.0',
  info: { title: 'Shop', version: '2.0.0' },
  security: [{ bearerAuth: ['read'] }],
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'k' } },
    schemas: { Order: { type: 'object', properties: { id: { type: 'string' } } }, AuthContext: { type: 'object' }, Service: { type: 'string' } },
  },
  paths: {
    '/shops/{shopId}/orders/{order-id}': {
      put: {
        operationId: 'update_order',
        summary: 'Replace an order */ with text that tries to end the comment',
        security: [{ bearerAuth: ['orders:write', 'orders:read'], apiKey: [] }, { apiKey: [] }],
        parameters: [
          { name: 'shopId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'order-id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
      },
    },
    '/orders': {
      get: {
        security: [],
        deprecated: true,
        parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthContext' } } } } },
      },
      post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } }, parameters: [{ name: 'x', in: 'query', schema: { type: 'string' } }], responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Service' } } } } } },
    },
  },
});

describe('service.ts', () => {
  it('without context_type: methods in DECISIONS order, optional marks only where nothing required follows', () => {
    const text = printModuleSource(generateModules(model, { framework: 'none' }).service);
    expect(text).toContain('export interface Service {');
    expect(text).toContain('updateOrder(shopId: string, orderId: string, body: Order, query?: UpdateOrderQuery): Promise<Order | Reply<200, Order>>;');
    expect(text).toContain('getOrders(query: GetOrdersQuery): Promise<AuthContext | Reply<200, AuthContext>>;');
    // A schema named Service is imported under another name.
    expect(text).toContain('createOrders(body?: Order, query?: CreateOrdersQuery): Promise<Service_ | Reply<201, Service_>>;');
    expect(text).toContain('Service as Service_');
  });

  it('with context_type: generic with default never, the context last, never imported', () => {
    const text = printModuleSource(generateModules(model, { framework: 'none', contextType: 'AuthContext' }).service);
    expect(text).toContain('export interface Service<AuthContext = never> {');
    expect(text).toContain('updateOrder(shopId: string, orderId: string, body: Order, query: UpdateOrderQuery | undefined, context: AuthContext): Promise<Order | Reply<200, Order>>;');
    expect(text).toContain('createOrders(body: Order | undefined, query: CreateOrdersQuery | undefined, context: AuthContext): Promise<Service_ | Reply<201, Service_>>;');
    // The user's type is never imported; a schema of that name is imported under another name.
    expect(text).toContain('getOrders(query: GetOrdersQuery, context: AuthContext): Promise<AuthContext_ | Reply<200, AuthContext_>>;');
    expect(text).toMatch(/import type \{ [^}]*AuthContext as AuthContext_[^}]* \} from "\.\/schema-types\.js";/);
  });

  it('comments: method and path, summary (escaped), security per alternative, deprecation', () => {
    const text = printModuleSource(generateModules(model, { framework: 'none' }).service);
    expect(text).toContain(' * PUT /shops/{shopId}/orders/{order-id}');
    expect(text).toContain(' * Replace an order *\\/ with text that tries to end the comment');
    expect(text).toContain(' * @security bearerAuth [orders:write, orders:read] + apiKey');
    expect(text).toContain(' * @security apiKey\n');
    expect(text).toMatch(/GET \/orders\n {3}\*\n {3}\* @security none \(public: the spec sets `security: \[\]`\)\n {3}\* @deprecated/);
    expect(text).toMatch(/POST \/orders\n {3}\*\n {3}\* @security bearerAuth \[read\]/);
  });
});
