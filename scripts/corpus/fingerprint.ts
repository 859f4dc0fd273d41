import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGES = ['core', 'openapi-zod-ts', 'openapi-server', 'openapi-react-query', 'openapi-msw'];
const TOOLS = ['typescript', 'typescript7', 'prettier', 'zod', 'msw', 'fastify', 'hono', '@tanstack/react-query'];

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
 * corpus scripts and the versions of the tools that check the output. `--resume` reuses records
 * with the same fingerprint only.
 */
export async function fingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const sources = [...PACKAGES.flatMap((p) => files(join(root, 'packages', p, 'dist'), '.js')), ...files(join(root, 'scripts', 'corpus'), '.ts')];
  for (const path of sources) hash.update(path.slice(root.length)).update(readFileSync(path));
  for (const tool of TOOLS) hash.update(tool).update(JSON.parse(readFileSync(join(root, 'node_modules', tool, 'package.json'), 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}
