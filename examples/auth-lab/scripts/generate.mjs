// Regenerates src/generated from specwright.config.json: one process runs the four generators in
// the seed's order (design rule 3) on one model of the spec. Extra arguments (--check) are passed on.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(app, '..', '..', 'packages', 'specwright', 'bin', 'specwright.js');
const result = spawnSync(process.execPath, [bin, '--config', 'specwright.config.json', ...process.argv.slice(2)], { cwd: app, stdio: 'inherit' });
process.exit(result.status ?? 1);
