import { underConfigKey } from '../errors.js';
import { checkDistinctOutputs, type OutputFile, type OwnedFile } from '../output/write-files.js';

export interface ProjectsRun<T> {
  /** The config file, for messages. */
  configFile: string;
  /** The config holds a `projects` array: a project's keys are named `projects[i].key`. */
  inProjects: boolean;
  /** Generates one project's files (nothing is written). */
  generate(project: T): Promise<OutputFile[]>;
  /** The files of one project the user owns, keys as the project names them. */
  ownedFiles?: ((project: T) => OwnedFile[]) | undefined;
}

/**
 * Generates every project of a config, in order, for the command-line harness and for
 * `specwright`'s `generate()` alike: a config error a project's generator reports names its key
 * from the top of the file, and the outputs are checked (no two name one file, none writes a file
 * the user owns) before the caller writes anything.
 */
export async function generateProjectFiles<T>(projects: readonly T[], run: ProjectsRun<T>): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  const owned: OwnedFile[] = [];
  for (const [i, project] of projects.entries()) {
    const prefix = run.inProjects ? `projects[${i}]` : '';
    try {
      files.push(...(await run.generate(project)));
    } catch (error) {
      throw underConfigKey(error, prefix);
    }
    for (const file of run.ownedFiles?.(project) ?? []) owned.push({ path: file.path, key: prefix ? `${prefix}.${file.key}` : file.key });
  }
  checkDistinctOutputs(files, run.configFile, owned);
  return files;
}
