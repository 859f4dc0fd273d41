// `node scripts/swagger2/compile.mjs <spec>...`: each Swagger 2.0 document through `specwright`
// (all four sections: zod_ts, a hono server, react_query, msw) into .tmp/swagger2-compile/<name>/,
// then `tsc` under the strict flag set (TypeScript 7, one checker). One line per spec; exit 1 when
// any spec failed. The round trip of the same documents is `pnpm agreement --spec <spec>...`.
// The documents are third-party files named in scripts/swagger2/README.md; they are not committed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const base = join(root, '.tmp', 'swagger2-compile');
const STRICT = {
  strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, verbatimModuleSyntax: true,
  isolatedModules: true, noUnusedLocals: true, noUnusedParameters: true, noEmit: true, skipLibCheck: true,
  target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx', module: 'ESNext', moduleResolution: 'Bundler',
};
let failed = 0;
for (const spec of process.argv.slice(2)) {
  const name = basename(spec).replace(/[^A-Za-z0-9.-]+/g, '_');
  const dir = join(base, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, include: ['src/**/*.ts'] }));
  writeFileSync(join(dir, 'specwright.config.json'), JSON.stringify({
    input_openapi: resolve(spec), zod_ts: { output: 'src/api' }, server: { framework: 'hono' }, react_query: {}, msw: { output: 'src/mocks' },
  }));
  const started = Date.now();
  const gen = spawnSync(process.execPath, [join(root, 'packages', 'specwright', 'bin', 'specwright.js')], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const genSeconds = (Date.now() - started) / 1000;
  const warnings = (gen.stderr.match(/warning/g) ?? []).length;
  if (gen.status !== 0) {
    failed++;
    console.log(`${name}: generation failed: ${gen.stderr.trim().split('\n').pop()}`);
    continue;
  }
  const tscStart = Date.now();
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript7', 'bin', 'tsc'), '-p', dir, '--pretty', 'false', '--checkers', '1'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const tscSeconds = (Date.now() - tscStart) / 1000;
  const errors = (tsc.stdout.match(/error TS/g) ?? []).length;
  if (tsc.status !== 0) failed++;
  console.log(`${name}: generated in ${genSeconds.toFixed(1)} s (${warnings} warning lines), tsc strict ${tsc.status === 0 ? 'clean' : `${errors} errors: ${tsc.stdout.split('\n')[0]}`} in ${tscSeconds.toFixed(1)} s`);
}
process.exit(failed > 0 ? 1 : 0);
