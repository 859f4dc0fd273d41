import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS, runServer, runZodTs } from './support.js';

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
describe.each(FRAMEWORKS.filter((framework) => framework !== 'nestjs'))('README: the %s example compiles with the README service', (framework) => {
  it('auth.ts, service.ts and server.ts as the README shows them', async () => {
    const shared = examples('`service.ts`');
    expect([...shared.keys()]).toEqual(['auth.ts', 'service.ts']);
    const server = examples(framework);
    expect([...server.keys()]).toEqual(['server.ts']);

    const project = tempProject(`server-readme-${framework}`);
    project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api' }));
    project.write('openapi-server.config.json', JSON.stringify({ input_openapi: SPEC, output: 'api', framework, context_type: 'AuthContext' }));
    const zod = await runZodTs([], project.dir);
    expect(zod.code, zod.stderr).toBe(0);
    const generated = await runServer([], project.dir);
    expect(generated.code, generated.stderr).toBe(0);
    for (const [file, source] of [...shared, ...server]) project.write(file, source);
    project.tsconfig('nodenext');
    for (const version of ['5.9', '7'] as const) {
      const result = typecheck(project.dir, version);
      expect(result.stdout + result.stderr, `TypeScript ${version}`).toBe('');
      expect(result.code).toBe(0);
    }
  });
});
