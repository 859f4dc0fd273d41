/**
 * Holds off the signals that end a run (Ctrl-C, a `kill`, a closed terminal) while output files
 * are written: a run ended between two renames would leave old and new files mixed, and its temp
 * files and backups behind. The signal is raised again once the files are all in place or all
 * put back, so the process ends as it would have (by that signal).
 */

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface SignalHold {
  /** True once a held signal was received: a write not yet committing may stop now. */
  interrupted(): boolean;
  /** Ends this hold; when it was the last one, the signal received (if any) is raised again. */
  release(): void;
}

// Process-wide, as signals are: the writes of several runs in one process (a build tool's) share
// one hold, and the process ends only after the last of them.
const holders = new Set<object>();
let received: NodeJS.Signals | undefined;

function onSignal(signal: NodeJS.Signals): void {
  // Another listener (a watch session, a host tool) decides what the signal does: it does not
  // end the process, so there is nothing to hold off.
  if (process.listenerCount(signal) > 1) return;
  received ??= signal;
}

export function holdSignals(): SignalHold {
  if (holders.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  const holder = {};
  holders.add(holder);
  return {
    interrupted: () => received !== undefined,
    release() {
      if (!holders.delete(holder) || holders.size > 0) return;
      for (const signal of SIGNALS) process.off(signal, onSignal);
      const signal = received;
      received = undefined;
      // No listener is left, so the default action applies: the process ends by this signal.
      if (signal !== undefined) process.kill(process.pid, signal);
    },
  };
}
