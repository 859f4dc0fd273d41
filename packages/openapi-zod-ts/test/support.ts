import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModel, modelFromDocument, type OutputFile } from '@specwright/core';
import { type TempProject, tempProject } from '@specwright/testing';
import { generateFromModel, type GenerateOptions } from '../src/index.js';

export interface Generated {
  project: TempProject;
  files: OutputFile[];
  warnings: string[];
}

/** Generates a spec (a file path, or a YAML/JSON document as an object) into `<project>/<outDir>`. */
export async function generateInto(
  spec: string | object,
  options: { project?: TempProject; outDir?: string; inputSchema?: string; format?: boolean; typing?: GenerateOptions['typing']; variant?: GenerateOptions['variant']; prefix?: string } = {},
): Promise<Generated> {
  const project = options.project ?? tempProject(options.prefix ?? 'zod-ts', options.format === false ? { prettier: false } : {});
  const model = typeof spec === 'string' ? await loadModel(spec) : modelFromDocument(spec, 'inline.yaml');
  const warnings: string[] = [];
  const files = await generateFromModel(model, {
    outputDir: `${project.dir}/${options.outDir ?? 'gen'}`,
    inputSchema: options.inputSchema === undefined ? undefined : `${project.dir}/${options.inputSchema}`,
    format: options.format ?? true,
    typing: options.typing,
    variant: options.variant,
    warn: (message) => warnings.push(message),
  });
  writeFiles(project, files);
  return { project, files, warnings };
}

export function writeFiles(project: TempProject, files: OutputFile[]): void {
  for (const file of files) project.write(relative(project.dir, file.path), file.content);
}

export async function importModule<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(path).href)) as T;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sets how the server answers the next requests. */
  reply(handler: (request: RecordedRequest) => Reply): void;
  close(): Promise<void>;
}

/** A `node:http` server on 127.0.0.1 that records requests and answers as told. */
export async function startServer(): Promise<TestServer> {
  let handler: (request: RecordedRequest) => Reply = () => ({ status: 200, json: {} });
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      const reply = handler(request);
      const status = reply.status ?? 200;
      if (reply.json !== undefined) {
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (next) => {
      handler = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
