// Regenerates src/generated with the four generators, in the seed's order (design rule 3):
// openapi-zod-ts first (types, client, the user-owned schema file on the first run), then
// openapi-server and openapi-react-query, which build on it; openapi-msw is independent.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(app, '..', '..', 'packages');
const commands = ['openapi-zod-ts', 'openapi-server', 'openapi-react-query', 'openapi-msw'];
const extra = process.argv.slice(2); // e.g. --check

for (const command of commands) {
  const bin = join(packages, command, 'bin', `${command}.js`);
  const result = spawnSync(process.execPath, [bin, '--config', `${command}.auth.config.json`, ...extra], { cwd: app, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
