// `pnpm pack:all [folder]`: one installable tarball per public package (every packages/*/ not
// marked private) in one folder, default `packs/`. pnpm pack turns `workspace:*` dependencies
// into the packages' versions, so the tarballs install together with npm or pnpm anywhere.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const destination = resolve(process.argv[2] ?? join(root, 'packs'));
mkdirSync(destination, { recursive: true });

const pnpm = process.env.npm_execpath && basename(process.env.npm_execpath).startsWith('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
for (const name of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  const out = execFileSync(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', destination], { cwd: dir, encoding: 'utf8' });
  process.stdout.write(`${out.trim().split('\n').pop()}\n`);
}
