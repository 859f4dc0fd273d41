import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { ConfigError, SpecwrightError } from '../errors.js';
import { holdSignals } from './hold-signals.js';
import { realPath } from './output-paths.js';
import { removeStaleTemps } from './stale-temps.js';

export interface OutputFile {
  /** Absolute path. */
  path: string;
  content: string;
  /** Written only when no file exists there yet (the user-owned schema file). */
  createOnly?: boolean;
}

export interface WriteResult {
  /** Files whose content changed (or would change, in check mode). */
  changed: string[];
  unchanged: string[];
}

/** A file the user owns (a schema file a config names): no output may overwrite it. */
export interface OwnedFile {
  path: string;
  /** The config key that names it, as the config file spells it (`projects[1].zod_ts.input_schema`). */
  key: string;
}

/**
 * Two outputs of one run (two generators, two projects) must not name the same file, and none may
 * overwrite a file the user owns (only its own create-only first version may name it).
 */
export function checkDistinctOutputs(files: OutputFile[], configFile: string, owned: OwnedFile[] = []): void {
  // Compared where the paths lead: a symbolic link must not let an output reach the user's file.
  const real = files.map((file) => realPath(file.path));
  // The first key naming a file is the one told (a section's own before one defaulted from it).
  const owners = new Map<string, string>();
  for (const file of owned) {
    const path = realPath(file.path);
    if (!owners.has(path)) owners.set(path, file.key);
  }
  for (const [i, file] of files.entries()) {
    const key = file.createOnly ? undefined : owners.get(real[i]!);
    if (key !== undefined) throw new ConfigError(`names ${file.path}, which an output of this config writes: the user schema file is never overwritten; give that output another directory`, { file: configFile, key });
  }
  const seen = new Set<string>();
  for (const [i, file] of files.entries()) {
    if (seen.has(real[i]!)) throw new ConfigError(`two outputs write ${file.path}: give them different output directories`, { file: configFile });
    seen.add(real[i]!);
  }
}

async function current(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether the bytes on disk are `text` in UTF-8. Compared as bytes, not decoded: on a re-run most
 * files are unchanged, and decoding and comparing them as strings took several times longer.
 */
function sameText(bytes: Buffer, text: string): boolean {
  return bytes.length === Buffer.byteLength(text) && bytes.equals(Buffer.from(text));
}

/** Which files differ from what is on disk; nothing is written. */
export async function diffOutputs(files: OutputFile[]): Promise<WriteResult> {
  const result: WriteResult = { changed: [], unchanged: [] };
  // Read together: the thread pool reads the files at once, not one after the other.
  const contents = await Promise.all(files.map((file) => current(file.path)));
  for (const [i, file] of files.entries()) {
    const existing = contents[i];
    const same = file.createOnly ? existing !== undefined : existing !== undefined && sameText(existing, file.content);
    (same ? result.unchanged : result.changed).push(file.path);
  }
  return result;
}

async function kindOf(path: string): Promise<'file' | 'directory' | 'other' | undefined> {
  try {
    const found = await stat(path);
    return found.isFile() ? 'file' : found.isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

/** The deepest existing directory on the way to `dir` (the temp file goes there: same file system). */
async function existingAncestor(dir: string): Promise<string> {
  let found = dir;
  while ((await kindOf(found)) !== 'directory' && dirname(found) !== found) found = dirname(found);
  return found;
}

/** Temp files written at once: few enough for any limit on open files (each write holds one). */
const BATCH_FILES = 8;
/**
 * Text written at once, in characters: each write holds its file's bytes until it ends, so a
 * very large output (Microsoft Graph beta's router, 60 MB) is written alone.
 */
const BATCH_CHARS = 16 * 1024 * 1024;

/**
 * The files in order, in batches of up to `BATCH_FILES` files and `BATCH_CHARS` characters (a
 * larger file alone): the thread pool writes a batch's files at once, not one after the other,
 * which takes about a quarter off the write of a large spec's output.
 */
function writeBatches(staged: Staged[]): Staged[][] {
  const batches: Staged[][] = [];
  let batch: Staged[] = [];
  let chars = 0;
  for (const entry of staged) {
    const size = entry.file.content.length;
    if (batch.length > 0 && (batch.length === BATCH_FILES || chars + size > BATCH_CHARS)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(entry);
    chars += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** One file of a run: its temp file, and the backup of the file it replaces. */
interface Staged {
  file: OutputFile;
  temp: string;
  backup?: string;
  renamed?: boolean;
}

/**
 * Writes all files or none. Every file goes to a temp file first (beside its target, or in the
 * deepest existing directory above it: no directory is created before every temp file exists),
 * every file it replaces is copied aside, and only then are the directories created and the temp
 * files renamed into place. If a step of that fails, the files already renamed are restored (or
 * removed when they were new), the directories created are removed, and no temp file or backup is
 * left. Unchanged files are not touched. SIGINT, SIGTERM and SIGHUP wait while it writes: one
 * received before the renames stops the write (nothing changed), one received during them waits
 * for the last; then the signal ends the process. Temp files and backups that an earlier run
 * could not remove (it was killed) are removed from the output directories, the ones above them
 * and those this run put its temp files in.
 */
export async function writeOutputs(files: OutputFile[]): Promise<WriteResult> {
  const result = await diffOutputs(files);
  const pending = files.filter((f) => result.changed.includes(f.path));
  const tag = `${process.pid}.${randomBytes(4).toString('hex')}`;
  const staged: Staged[] = [];
  const createdDirs: string[] = [];
  const hold = holdSignals();
  // The file a failing step was writing, named in the error (a write error names no file).
  let at = '';
  const unlessInterrupted = () => {
    if (hold.interrupted()) throw new SpecwrightError('GENERATION_FAILED', 'interrupted: nothing was written');
  };
  try {
    try {
      // Short names: a target name near the file system's limit must still get a temp file.
      const temps = await Promise.all(pending.map(async (file, i) => join(await existingAncestor(dirname(file.path)), `.specwright-${tag}-${i}.tmp`)));
      for (const [i, file] of pending.entries()) staged.push({ file, temp: temps[i]! });
      // Written a batch at a time (`writeBatches`); the files of a batch settle before a failure
      // is told, so that none is still being written when the roll-back removes them.
      for (const batch of writeBatches(staged)) {
        const written = await Promise.allSettled(batch.map((entry) => writeFile(entry.temp, entry.file.content, { flag: 'wx' })));
        const failed = written.findIndex((outcome) => outcome.status === 'rejected');
        if (failed !== -1) {
          at = batch[failed]!.file.path;
          throw (written[failed] as PromiseRejectedResult).reason;
        }
        unlessInterrupted();
      }
      for (const [i, entry] of staged.entries()) {
        at = entry.file.path;
        if ((await kindOf(entry.file.path)) !== 'file') continue;
        const backup = join(dirname(entry.file.path), `.specwright-${tag}-${i}.bak`);
        await keepAside(entry.file.path, backup);
        entry.backup = backup;
        unlessInterrupted();
      }
      // From here on a signal waits: the renames are quick, and finishing them leaves no mix.
      for (const entry of staged) {
        at = entry.file.path;
        const created = await mkdir(dirname(entry.file.path), { recursive: true });
        if (created !== undefined) createdDirs.push(created);
        await rename(entry.temp, entry.file.path);
        entry.renamed = true;
      }
    } catch (error) {
      await rollBack(staged, createdDirs);
      if (error instanceof SpecwrightError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new SpecwrightError('GENERATION_FAILED', `cannot write the output: ${reason}`, { file: at });
    }
    await Promise.all(staged.map((entry) => (entry.backup ? rm(entry.backup, { force: true }) : undefined)));
    // Where an earlier run of these outputs put its temp files: beside them, or above (a first run).
    const dirs = files.map((file) => dirname(file.path));
    await removeStaleTemps([...dirs, ...dirs.map((dir) => dirname(dir)), ...staged.map((entry) => dirname(entry.temp))]);
  } finally {
    hold.release();
  }
  return result;
}

/**
 * The file as it is, under `backup`: a second link to it, so that putting it back restores it
 * exactly, modification time included (a watcher such as `tsc --watch` sees no change); a copy
 * with its times where the file system has no hard links.
 */
async function keepAside(path: string, backup: string): Promise<void> {
  try {
    await link(path, backup);
  } catch {
    const { atime, mtime } = await stat(path);
    await copyFile(path, backup);
    await utimes(backup, atime, mtime);
  }
}

/** Puts back what a failed run renamed, and removes its temp files, backups and new directories. */
async function rollBack(staged: Staged[], createdDirs: string[]): Promise<void> {
  for (const entry of [...staged].reverse()) {
    try {
      if (entry.renamed) {
        if (entry.backup) await rename(entry.backup, entry.file.path);
        else await rm(entry.file.path, { force: true });
      }
    } catch {
      // Best effort: the other files are still restored.
    }
    await rm(entry.temp, { force: true }).catch(() => {});
    if (entry.backup) await rm(entry.backup, { force: true }).catch(() => {});
  }
  // The directories the run created (each `mkdir` reports the top one), deepest first; one that
  // is not empty (something else wrote there meanwhile) stays.
  const dirs = new Set<string>();
  for (const created of createdDirs) {
    for (const entry of staged) {
      for (let dir = dirname(entry.file.path); dir === created || dir.startsWith(created + sep); dir = dirname(dir)) dirs.add(dir);
    }
  }
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await rmdir(dir).catch(() => {});
}
