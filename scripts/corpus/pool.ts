import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { SpecResult, WorkerJob, WorkerMessage } from './types.js';

export interface PoolOptions {
  /** Workers at once. */
  jobs: number;
  /** Bound of one spec (all phases), from its size. */
  timeoutMs(job: WorkerJob): number;
  /** Specs at least this large run alone (their tsc and prettier runs take several GB). */
  heavyBytes: number;
  /** Heap limit of a worker, MiB. */
  heapMiB: number;
  /** Smallest spec first (a run stopped early has covered the most specs) instead of largest first. */
  smallestFirst?: boolean;
  onStart?(job: WorkerJob): void;
  onResult(result: SpecResult): void | Promise<void>;
}

const WORKER = join(import.meta.dirname, 'worker.ts');
const REGISTER = join(import.meta.dirname, 'register.mjs');

/** Runs one spec in a worker process; never rejects. */
function runOne(job: WorkerJob, options: PoolOptions): Promise<SpecResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so that a timeout also ends the tsc it started.
    const child = fork(WORKER, [JSON.stringify(job)], {
      execArgv: ['--import', REGISTER, `--max-old-space-size=${options.heapMiB}`],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    let phase = 'start';
    let result: SpecResult | undefined;
    let stderr = '';
    let timedOut = false;
    child.stdout!.resume();
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'phase') phase = message.phase;
      else result = message.result;
    });
    const limit = options.timeoutMs(job);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, limit);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (result) return resolve(result);
      const base = { id: job.spec.id, bytes: job.spec.bytes, ms: Math.round(performance.now() - started), phase };
      if (timedOut) return resolve({ ...base, status: 'timeout', error: { generator: 'load', kind: 'crash', code: 'TIMEOUT', message: `over ${limit / 1000} s (in ${phase})` } });
      const last = stderr.trim().split('\n').slice(-3).join(' | ');
      resolve({ ...base, status: 'died', error: { generator: 'load', kind: 'crash', code: signal ?? `exit ${code}`, message: `the worker exited in ${phase} without a result: ${last}` } });
    });
  });
}

/**
 * Runs the jobs on `jobs` workers, largest first (the long ones start early instead of finishing
 * last) unless `smallestFirst`; a heavy job waits for the running ones and runs alone.
 */
export async function runPool(jobs: WorkerJob[], options: PoolOptions): Promise<void> {
  const queue = [...jobs].sort((a, b) => (options.smallestFirst ? a.spec.bytes - b.spec.bytes : b.spec.bytes - a.spec.bytes));
  const running = new Set<Promise<void>>();
  let heavyRunning = false;
  while (queue.length > 0 || running.size > 0) {
    const next = queue[0];
    const heavy = next !== undefined && next.spec.bytes >= options.heavyBytes;
    const canStart = next !== undefined && !heavyRunning && running.size < options.jobs && (!heavy || running.size === 0);
    if (canStart) {
      queue.shift();
      options.onStart?.(next);
      if (heavy) heavyRunning = true;
      const task: Promise<void> = runOne(next, options).then(async (result) => {
        if (heavy) heavyRunning = false;
        running.delete(task);
        await options.onResult(result);
      });
      running.add(task);
      continue;
    }
    await Promise.race(running);
  }
}
