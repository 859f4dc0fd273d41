/**
 * One worker thread that prints part of each large module on the fast path while the calling
 * thread prints the rest. A run shares one pool between its formatters (the worker resolves
 * prettier per output directory, as they do). The worker never keeps the process alive and ends
 * after a moment without work; if it cannot start (sources run without a build), everything is
 * printed on the calling thread.
 */
import { Worker } from 'node:worker_threads';
import type { Stmt } from '../code/ast.js';
import type { FormatRequest, WorkerMessage, WorkerPiece, WorkerReply, WorkerRequest } from './fast-worker.js';
import { encodeStatements } from './fast-worker-codec.js';

/** A worker without work ends after this long (a run without a session ends first). */
const IDLE_MS = 5000;

export interface WorkerPool {
  /**
   * Sends statements to the worker at once (so it works while the caller prints its own part);
   * resolves with the printed pieces, or undefined when no worker is available or it failed.
   */
  print(request: Omit<WorkerRequest, 'id'>): Promise<WorkerResult | undefined>;
  /**
   * Formats source with prettier in the worker (`formatUntilStable`); undefined when there is no
   * worker or it failed (the caller formats, and meets prettier's own error).
   */
  format(request: Omit<FormatRequest, 'id'>): Promise<string | undefined>;
  /**
   * Starts the worker and has it load the prettier of these output directories now, so that
   * this overlaps the caller's own work (loading the spec, building code trees).
   */
  warm(outputDirs: string[]): void;
  /** Ends the worker now (a run that started the pool ends it rather than wait for the idle timer). */
  close(): Promise<void>;
  /** How many statements the worker printed (for tests and benchmarks). */
  readonly printedStatements: number;
}

/** The printed pieces, and the milliseconds the worker spent on them (decoding and printing). */
export interface WorkerResult {
  pieces: WorkerPiece[];
  ms: number;
}

interface Waiter {
  resolve: (reply: WorkerReply | undefined) => void;
}

export function createWorkerPool(): WorkerPool {
  let worker: Worker | undefined;
  let failed = false;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  let printedStatements = 0;
  const pending = new Map<number, Waiter>();

  /** Sends a request; resolves with the reply, or undefined when the worker is gone. */
  const send = (instance: Worker, message: WorkerMessage): Promise<WorkerReply | undefined> => {
    clearTimeout(idle);
    // Held while a reply is awaited (nothing else may keep the loop alive), let go when idle.
    instance.ref();
    return new Promise((resolve) => {
      pending.set(message.id, { resolve });
      try {
        instance.postMessage(message);
      } catch {
        // Options that cannot be cloned (a plugin object from a JavaScript prettier config).
        pending.delete(message.id);
        resolve(undefined);
      }
    });
  };

  const settleAll = () => {
    for (const { resolve } of pending.values()) resolve(undefined);
    pending.clear();
  };

  const start = (): Worker | undefined => {
    let instance: Worker;
    try {
      instance = new Worker(new URL('./fast-worker.js', import.meta.url));
    } catch {
      failed = true;
      return undefined;
    }
    instance.on('error', () => {
      failed = true;
      worker = undefined;
      settleAll();
    });
    instance.on('exit', () => {
      if (worker === instance) worker = undefined;
      settleAll();
    });
    instance.on('message', (message: WorkerReply) => {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      waiter?.resolve(message);
      if (pending.size === 0) {
        instance.unref();
        scheduleStop(instance);
      }
    });
    return instance;
  };

  const scheduleStop = (instance: Worker) => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (pending.size === 0 && worker === instance) {
        worker = undefined;
        void instance.terminate();
      }
    }, IDLE_MS);
    idle.unref();
  };

  const running = (): Worker | undefined => {
    if (failed) return undefined;
    worker ??= start();
    return worker;
  };

  return {
    async print(request) {
      const instance = running();
      if (!instance) return undefined;
      // Code trees are plain data: JSON travels faster than a structured clone of the objects.
      const reply = await send(instance, { ...request, statements: encodeStatements(request.statements), id: nextId++ });
      // A failure in the worker (an error reply, the worker gone) leaves the statements to the
      // caller, whose own printing gives the text, or the real error with its stack.
      if (!reply || !('pieces' in reply)) return undefined;
      printedStatements += request.statements.length;
      return { pieces: reply.pieces, ms: reply.ms };
    },
    async format(request) {
      const instance = running();
      if (!instance) return undefined;
      const reply = await send(instance, { ...request, id: nextId++ });
      return reply && 'text' in reply ? reply.text : undefined;
    },
    warm(outputDirs) {
      const instance = running();
      if (instance) for (const outputDir of outputDirs) void send(instance, { warm: outputDir, id: nextId++ });
    },
    async close() {
      clearTimeout(idle);
      const instance = worker;
      worker = undefined;
      settleAll();
      if (instance) await instance.terminate();
    },
    get printedStatements() {
      return printedStatements;
    },
  };
}

/** Where to split a body so that about `share` of its statements come after. */
export function splitPoint(body: Stmt[], share: number): number {
  return Math.max(1, Math.min(body.length - 1, Math.round(body.length * (1 - share))));
}
