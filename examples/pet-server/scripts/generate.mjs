// Regenerates src/generated: openapi-zod-ts (types, schemas, the user-owned schema file on the
// first run), then the hono router of openapi-server, which validates bodies with those schemas.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(app, '..', '..', 'packages');
for (const command of ['openapi-zod-ts', 'openapi-server']) {
  const bin = join(packages, command, 'bin', `${command}.js`);
  const result = spawnSync(process.execPath, [bin, '--config', `${command}.pets.config.json`, ...process.argv.slice(2)], { cwd: app, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
