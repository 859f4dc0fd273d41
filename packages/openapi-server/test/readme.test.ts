import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject, typecheckTogether } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS, runServer, runZodTs, type Run } from './support.js';

/**
 * The README's examples are code users copy: each one, taken from the README itself, compiles
 * next to generated output under the strict flag set (TypeScript 5.9 and 7, nodenext).
 */
const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
/** The Auth Lab's spec: login, getMe and contact, the operations the README's service implements. */
const SPEC = fixture('../../examples/auth-lab/spec/auth-lab.openapi.yaml');

/** The ```ts blocks of a `## ` section that start with a file name comment (`// server.ts`), by file. */
function examples(section: string): Map<string, string> {
  const start = README.indexOf(`\n## ${section}\n`);
  expect(start, `README section ## ${section}`).toBeGreaterThan(-1);
  const next = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, next === -1 ? undefined : next);
  const files = new Map<string, string>();
  for (const match of text.matchAll(/```ts\n(\/\/ ([\w-]+\.ts)\b[^\n]*\n[\s\S]*?)```/g)) files.set(match[2]!, match[1]!);
  return files;
}

// NestJS's example needs decorator options, and is also run: nestjs.test.ts.
const README_FRAMEWORKS = FRAMEWORKS.filter((framework) => framework !== 'nestjs');

/**
 * Each framework's project (generated output, the README's files), then all of them compiled in one
 * program per TypeScript version: the libraries' declarations are read and checked once instead of
 * once per framework; each diagnostic goes to the framework whose folder holds its file.
 */
let built: Promise<{ runs: Map<string, Run[]>; diagnostics: Map<string, string> }> | undefined;
function builtTogether() {
  built ??= (async () => {
    const runs = new Map<string, Run[]>();
    const members = [];
    for (const framework of README_FRAMEWORKS) {
      const project = tempProject(`server-readme-${framework}`);
      project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api' }));
      project.write('openapi-server.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api', framework, context_type: 'AuthContext' }));
      runs.set(framework, [await runZodTs([], project.dir), await runServer([], project.dir)]);
      for (const [file, source] of [...examples('`service.ts`'), ...examples(framework)]) project.write(file, source);
      members.push({ label: framework, dir: project.dir });
    }
    const diagnostics = new Map<string, string>();
    for (const version of ['5.9', '7'] as const) {
      for (const [label, text] of typecheckTogether(members, version, 'nodenext')) diagnostics.set(`${label}, TypeScript ${version}`, text);
    }
    return { runs, diagnostics };
  })();
  return built;
}

describe.each(README_FRAMEWORKS)('README: the %s example compiles with the README service', (framework) => {
  it('auth.ts, service.ts and server.ts as the README shows them', async () => {
    const shared = examples('`service.ts`');
    expect([...shared.keys()]).toEqual(['auth.ts', 'service.ts']);
    const server = examples(framework);
    expect([...server.keys()]).toEqual(['server.ts']);

    const { runs, diagnostics } = await builtTogether();
    for (const run of runs.get(framework)!) expect(run.code, run.stderr).toBe(0);
    for (const version of ['5.9', '7'] as const) expect(diagnostics.get(`${framework}, TypeScript ${version}`), `TypeScript ${version}`).toBe('');
  });
});
