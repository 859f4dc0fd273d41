import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadSpecFile, modelFromDocument, printModuleSource } from '@specwright/core';
import { createClientNames, generateFromModel } from '@specwright/openapi-zod-ts';
import { tempProject, type TempProject } from '@specwright/testing';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { buildHandlersModule, generateHandlers, type HandlerGenOptions } from '../src/index.js';

/** What a generated `handlers.ts` exports. */
export interface HandlersModule {
  handlers: HttpHandler[];
  createHandlers(options?: { baseUrl?: string }): HttpHandler[];
  seedMockData(seed?: number): void;
}

export interface Generated {
  project: TempProject;
  file: string;
  content: string;
}

/** A minimal OpenAPI 3.1 document around some paths and component schemas. */
export function openapi(paths: Record<string, unknown>, schemas: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 'test', version: '1.0.0' }, paths, components: { schemas } };
}

/** `GET <path>` answering 200 with a JSON body of `schema`. */
export function getJson(schema: unknown): Record<string, unknown> {
  return { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } };
}

/**
 * Writes `handlers.ts` for a spec (a file path or a parsed document) into a fresh temp project,
 * formatted with prettier's defaults, or with `prettier`'s config when given one.
 */
export async function generateInto(spec: string | object, options: HandlerGenOptions = {}, prettier: object | false = false): Promise<Generated> {
  const document = typeof spec === 'string' ? (await loadSpecFile(spec)).document : spec;
  const project = tempProject('msw', { prettier });
  const { filename, content } = await generateHandlers(document, { outputDir: project.dir, ...options });
  const file = project.write(filename, content);
  return { project, file, content };
}

/** Imports a generated `handlers.ts` (each file is a fresh module: its own faker and seed). */
export async function importHandlers(file: string): Promise<HandlersModule> {
  return (await import(pathToFileURL(file).href)) as HandlersModule;
}

/** Runs `fn` with the handlers installed in an MSW node server; unhandled requests fail. */
export async function withServer<T>(handlers: HttpHandler[], fn: () => Promise<T>): Promise<T> {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    return await fn();
  } finally {
    server.close();
  }
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export async function call(url: string, method = 'GET'): Promise<Answer> {
  const response = await fetch(url, { method });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  return { status: response.status, contentType, text, json: contentType?.includes('json') && text !== '' ? JSON.parse(text) : undefined };
}

/** Generates, imports and serves a spec; `fetchJson(path)` answers the parsed body of a GET. */
export async function serve(spec: string | object, options: HandlerGenOptions = {}) {
  const generated = await generateInto(spec, options);
  const module = await importHandlers(generated.file);
  return { ...generated, module };
}

/** A spec's openapi-zod-ts client, configured for `baseUrl`, beside its handlers.ts, in one folder. */
export interface WithClient {
  dir: string;
  content: string;
  handlers: HandlersModule;
  /** The client's functions by operationId. */
  call: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

/**
 * Generates the client and handlers.ts of each spec into a folder of its own in one temp project,
 * and imports them (each client configured for `baseUrl`); the project is there to compile.
 */
export async function withClients(specs: Record<string, object>, baseUrl = BASE, options: Record<string, HandlerGenOptions> = {}): Promise<{ project: TempProject; generated: Record<string, WithClient> }> {
  const project = tempProject('msw-with-client', { prettier: false });
  const generated: Record<string, WithClient> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const dir = `${project.dir}/${name}`;
    const model = modelFromDocument(spec);
    for (const file of await generateFromModel(model, { outputDir: dir, format: false })) project.write(file.path.slice(project.dir.length + 1), file.content);
    const { filename, content } = await generateHandlers(spec, { ...options[name], outputDir: dir });
    project.write(`${name}/${filename}`, content);
    const load = async <T>(file: string) => (await import(pathToFileURL(`${dir}/${file}`).href)) as T;
    const client = await load<Record<string, (...args: unknown[]) => Promise<unknown>>>('client.ts');
    const { configureClient } = await load<{ configureClient(config: { baseUrl: string }): void }>('client-config.ts');
    configureClient({ baseUrl });
    const names = createClientNames(model);
    const call = Object.fromEntries(model.operations.map((op) => [op.operationId ?? op.key, client[names.operation(op).fn]!]));
    generated[name] = { dir, content, handlers: await importHandlers(`${dir}/handlers.ts`), call };
  }
  return { project, generated };
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}

export const BASE = 'http://localhost:3000/api';

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * The handlers and the openapi-zod-ts client schemas of one spec, generated into one project:
 * `check(operationId, body)` parses a body with the schema the generated client parses the
 * operation's 200 response with, and gives the issues (empty when it passes).
 */
export async function withClientSchemas(spec: object, options: { seed?: number; maxArrayItems?: number; depthCap?: number } = {}) {
  const model = modelFromDocument(spec);
  const project = tempProject('msw-client-schemas', { prettier: false });
  for (const file of await generateFromModel(model, { outputDir: project.dir, format: false })) project.write(file.path.slice(project.dir.length + 1), file.content);
  const { module: tree, warnings } = buildHandlersModule(model, { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*', ...options });
  const file = project.write('handlers.ts', printModuleSource(tree));
  const module = await importHandlers(file);
  const schemas = (await import(pathToFileURL(`${project.dir}/schema-types.ts`).href)) as Record<string, Parser>;
  const names = createClientNames(model);
  const check = (operationId: string, body: unknown): string[] => {
    const operation = model.operations.find((op) => op.operationId === operationId)!;
    const schema = schemas[names.operation(operation).responses.get('200')!.schema]!;
    return schema.safeParse(body).error?.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`) ?? [];
  };
  return { project, module, warnings, content: read(file), check };
}

/** A validator independent of the generator: zod's reading of the JSON Schema itself. */
export function validator(schema: object, components: Record<string, unknown> = {}) {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : rewrite(v)]),
      );
    }
    return value;
  };
  type JsonSchema = Parameters<typeof z.fromJSONSchema>[0];
  return z.fromJSONSchema({ ...(rewrite(schema) as object), $defs: rewrite(components) } as JsonSchema);
}
