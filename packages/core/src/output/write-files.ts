import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SpecwrightError } from '../errors.js';

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

async function current(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Which files differ from what is on disk; nothing is written. */
export async function diffOutputs(files: OutputFile[]): Promise<WriteResult> {
  const result: WriteResult = { changed: [], unchanged: [] };
  for (const file of files) {
    const existing = await current(file.path);
    const same = file.createOnly ? existing !== undefined : existing === file.content;
    (same ? result.unchanged : result.changed).push(file.path);
  }
  return result;
}

/**
 * Writes all files or none: each goes to a temporary file beside its target first, and only when
 * every one is written are they renamed into place. Unchanged files are not touched.
 */
export async function writeOutputs(files: OutputFile[]): Promise<WriteResult> {
  const result = await diffOutputs(files);
  const pending = files.filter((f) => result.changed.includes(f.path));
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const temps: string[] = [];
  try {
    for (const file of pending) {
      await mkdir(dirname(file.path), { recursive: true });
      const temp = file.path + suffix;
      await writeFile(temp, file.content, { flag: 'wx' });
      temps.push(temp);
    }
    for (const file of pending) await rename(file.path + suffix, file.path);
  } catch (error) {
    await Promise.all(temps.map((t) => rm(t, { force: true })));
    const reason = error instanceof Error ? error.message : String(error);
    throw new SpecwrightError('GENERATION_FAILED', `cannot write the output: ${reason}`);
  }
  return result;
}
