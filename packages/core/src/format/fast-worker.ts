/**
 * A worker thread that prints statements on the fast path, so that a large module is printed on
 * two cores (see `fast-worker-pool.ts`). It loads the same prettier as the formatter (resolved
 * from the same output directory) for its doc builders and string widths.
 */
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { Stmt } from '../code/ast.js';
import { printStatements } from '../code/print-doc.js';
import { printStatementSource } from '../code/print-source.js';
import { fastPathSetup } from './fast-path.js';
import { formatUntilStable } from './format-stable.js';
import { decodeStatements } from './fast-worker-codec.js';
import { resolvePrettier, type PrettierInstance } from './prettier-instance.js';

export interface WorkerRequest {
  id: number;
  statements: Stmt[];
  /** Index of the first statement in the module body. */
  start: number;
  prologue: number;
  resolved: Record<string, unknown>;
  filePath: string;
  /** The formatter's output directory: the prettier it formats with resolves from there. */
  outputDir: string;
  /** Non-ASCII keys prettier's answer is known for. */
  bareKeys: [string, boolean][];
}

/** Source for prettier, formatted as the formatter would (`formatUntilStable`). */
export interface FormatRequest {
  id: number;
  source: string;
  options: Record<string, unknown>;
  outputDir: string;
}

/**
 * A request as sent: statements to print (as JSON text), source to format, or the order to load
 * a directory's prettier and its TypeScript parser.
 */
export type WorkerMessage = (Omit<WorkerRequest, 'statements'> & { statements: string }) | FormatRequest | { id: number; warm: string };

export type WorkerPiece = { kind: 'text'; text: string } | { kind: 'prettier'; source: string; reason: string; wholeModule?: boolean } | { kind: 'key'; key: string };

export type WorkerReply = { id: number; pieces: WorkerPiece[]; ms: number } | { id: number; text: string } | { id: number; error: string };

const port = parentPort;
if (port) {
  const instances = new Map<string, Promise<PrettierInstance>>();
  // The formatter on the main thread has warned already.
  const prettierFor = (outputDir: string) => {
    let instance = instances.get(outputDir);
    if (!instance) instances.set(outputDir, (instance = resolvePrettier(outputDir, { warn: () => {} })));
    return instance;
  };
  port.on('message', async (message: WorkerMessage) => {
    if ('warm' in message) {
      const instance = await prettierFor(message.warm);
      // Formatting a statement loads the parser plugins before the first source arrives; under
      // prettier's default options the fast path writes the generators' raw code itself, so the
      // parser (about 50 ms to load) is likely never needed, and loaded only if it is.
      const file = join(message.warm, 'index.ts');
      const resolved = await instance.prettier.resolveConfig(file, { editorconfig: true }).catch(() => null);
      const setup = fastPathSetup(instance, resolved ?? {}, file);
      if (!setup.ok || !setup.env.canonicalRaw) await instance.prettier.format(';', { parser: 'typescript' }).catch(() => {});
      port.postMessage({ id: message.id, text: '' } satisfies WorkerReply);
      return;
    }
    if ('source' in message) {
      try {
        const { prettier } = await prettierFor(message.outputDir);
        port.postMessage({ id: message.id, text: await formatUntilStable(prettier, message.source, message.options) } satisfies WorkerReply);
      } catch (error) {
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
      }
      return;
    }
    try {
      const instance = await prettierFor(message.outputDir);
      const started = performance.now();
      const request: WorkerRequest = { ...message, statements: decodeStatements(message.statements) };
      const setup = fastPathSetup(instance, request.resolved, request.filePath);
      if (!setup.ok) throw new Error(setup.reason);
      const bareKeys = new Map(request.bareKeys);
      const pieces = printStatements(request.statements, request.start, request.prologue, { ...setup.env, unquotable: (key) => bareKeys.get(key) }, printStatementSource);
      const reply: WorkerReply = {
        id: request.id,
        pieces: pieces.map((piece): WorkerPiece => (piece.kind === 'key' ? { kind: 'key', key: piece.key } : piece)),
        ms: performance.now() - started,
      };
      port.postMessage(reply);
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
    }
  });
}
