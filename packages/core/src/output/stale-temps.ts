import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** A temp file or backup of `writeOutputs`: `.specwright-<pid>.<8 hex>-<n>.tmp` or `.bak`. */
const OURS = /^\.specwright-(\d+)\.[0-9a-f]{8}-\d+\.(?:tmp|bak)$/;

/** Whether a process with this id runs (one of another user counts: it may be a run of theirs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The temp file and backup names of `writeOutputs` whose process is gone (killed, or the machine stopped). */
async function staleTemps(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const pid = Number(OURS.exec(name)?.[1] ?? 0);
    return pid > 0 && pid !== process.pid && !alive(pid);
  });
}

/**
 * Removes what a run that could not clean up (SIGKILL, a power cut) left in these directories:
 * a later run replaces every output, so neither its temp files nor its backups are wanted. A
 * file whose process still runs is another run's, in the middle of its write, and stays.
 */
export async function removeStaleTemps(dirs: Iterable<string>): Promise<void> {
  for (const dir of new Set(dirs)) {
    for (const name of await staleTemps(dir)) await rm(join(dir, name), { force: true }).catch(() => {});
  }
}
