/**
 * One worker thread that prints part of each large module on the fast path while the calling
 * thread prints the rest. A run shares one pool between its formatters (the worker resolves
 * prettier per output directory, as they do). The worker never keeps the process alive and ends
 * after a moment without work; if it cannot start (sources run without a build), everything is
 * printed on the calling thread.
 */
import { Worker } from 'node:worker_threads';
import type { Stmt } from '../code/ast.js';
import type { WorkerMessage, WorkerPiece, WorkerReply, WorkerRequest } from './fast-worker.js';
import { encodeStatements } from './fast-worker-codec.js';

const IDLE_MS = 2000;

export interface WorkerPool {
  /**
   * Sends statements to the worker at once (so it works while the caller prints its own part);
   * resolves with the printed pieces, or undefined when no worker is available.
   */
  print(request: Omit<WorkerRequest, 'id'>): Promise<WorkerResult | undefined>;
  /**
   * Starts the worker and has it load the prettier of these output directories now, so that
   * this overlaps the caller's own work (loading the spec, building code trees).
   */
  warm(outputDirs: string[]): void;
  /** How many statements the worker printed (for tests and benchmarks). */
  readonly printedStatements: number;
}

/** The printed pieces, and the milliseconds the worker spent on them (decoding and printing). */
export interface WorkerResult {
  pieces: WorkerPiece[];
  ms: number;
}

interface Waiter {
  resolve: (result: WorkerResult | undefined) => void;
  reject: (error: Error) => void;
  count: number;
}

export function createWorkerPool(): WorkerPool {
  let worker: Worker | undefined;
  let failed = false;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  let printedStatements = 0;
  const pending = new Map<number, Waiter>();

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
    instance.unref();
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
      if (waiter) {
        if ('error' in message) waiter.reject(new Error(`fast formatting worker: ${message.error}`));
        else {
          printedStatements += waiter.count;
          waiter.resolve({ pieces: message.pieces, ms: message.ms });
        }
      }
      if (pending.size === 0) scheduleStop(instance);
    });
    scheduleStop(instance);
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
    print(request) {
      const instance = running();
      if (!instance) return Promise.resolve(undefined);
      clearTimeout(idle);
      const id = nextId++;
      return new Promise<WorkerResult | undefined>((resolve, reject) => {
        pending.set(id, { resolve, reject, count: request.statements.length });
        // Code trees are plain data: JSON travels faster than a structured clone of the objects.
        instance.postMessage({ ...request, statements: encodeStatements(request.statements), id } satisfies WorkerMessage);
      });
    },
    warm(outputDirs) {
      const instance = running();
      if (instance) for (const outputDir of outputDirs) instance.postMessage({ warm: outputDir });
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
