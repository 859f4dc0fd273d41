import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGES = ['core', 'openapi-zod-ts', 'openapi-server', 'openapi-react-query', 'openapi-msw'];
const TOOLS = ['typescript', 'typescript7', 'prettier', 'zod', 'msw', 'fastify', 'hono', '@tanstack/react-query'];

/**
 * Files of the corpus and agreement scripts that decide nothing a record or a check holds: the
 * command lines, the selection of specs, the rendering of the summary, the fuzzers and the warning
 * counter. Every other script file (a new one too) is part of what a result depends on.
 */
const NEUTRAL = new Set([
  'corpus/cli.ts',
  'corpus/select.ts',
  'corpus/report.ts',
  'corpus/warning-classes.ts',
  'corpus/fingerprint.ts',
  'corpus/check-cache.ts',
  'corpus/fuzz-cli.ts',
  'corpus/fuzz.ts',
  'corpus/mutate.ts',
  'corpus/spec-arbitrary.ts',
  'agreement/cli.ts',
  'agreement/specs.ts',
]);

/** The script files a result depends on (`scripts/corpus` and `scripts/agreement`), sorted. */
export function checkingScripts(root: string): string[] {
  return ['corpus', 'agreement'].flatMap((dir) =>
    readdirSync(join(root, 'scripts', dir))
      .filter((name) => /\.(ts|mjs)$/.test(name) && !NEUTRAL.has(`${dir}/${name}`))
      .sort()
      .map((name) => join(root, 'scripts', dir, name)),
  );
}

function files(dir: string, suffix: string): string[] {
  let out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out = out.concat(files(path, suffix));
    else if (entry.name.endsWith(suffix)) out.push(path);
  }
  return out.sort();
}

/**
 * What a record depends on: the built generators (`dist/**\/*.js` of the five packages), the
 * checking scripts (`checkingScripts`) and the versions of the tools that check the output.
 * `--resume` reuses records and agreement journal lines with the same fingerprint only.
 */
export async function fingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const sources = [...PACKAGES.flatMap((p) => files(join(root, 'packages', p, 'dist'), '.js')), ...checkingScripts(root)];
  for (const path of sources) hash.update(path.slice(root.length)).update(readFileSync(path));
  for (const tool of TOOLS) hash.update(tool).update(JSON.parse(readFileSync(join(root, 'node_modules', tool, 'package.json'), 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}
