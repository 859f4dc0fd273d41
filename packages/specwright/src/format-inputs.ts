import { dirname, join } from 'node:path';

/**
 * The files whose edit can change how prettier formats a file of a directory: the config files
 * prettier 3 looks for in it and every directory above (`package.json` and `package.yaml` count
 * when they hold a `prettier` key), and `.editorconfig`. A watcher watches them all, whether they
 * exist or not: creating one changes the config as much as editing it does.
 */
const CONFIG_FILES = [
  'package.json', 'package.yaml', '.prettierrc', '.prettierrc.json', '.prettierrc.yml', '.prettierrc.yaml', '.prettierrc.json5',
  '.prettierrc.js', 'prettier.config.js', '.prettierrc.ts', 'prettier.config.ts', '.prettierrc.mjs', 'prettier.config.mjs',
  '.prettierrc.mts', 'prettier.config.mts', '.prettierrc.cjs', 'prettier.config.cjs', '.prettierrc.cts', 'prettier.config.cts',
  '.prettierrc.toml', '.editorconfig',
];

/** The prettier config files that may apply to `files` (absolute paths), nearest first. */
export function formatConfigInputs(files: Iterable<string>): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    for (let dir = dirname(file); !dirs.has(dir); dir = dirname(dir)) {
      dirs.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  return [...dirs].flatMap((dir) => CONFIG_FILES.map((name) => join(dir, name)));
}
