import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, listFiles, runCommandLine, tempProject, type TempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/** The `openapi-zod-ts` command: exit codes and messages of DECISIONS, atomic writes, --check. */

const run = (project: TempProject, args: string[] = []) => runCommandLine('openapi-zod-ts', 'openapi-zod-ts', args, project.dir);
const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

function projectWith(config: unknown, name = 'openapi-zod-ts.config.json'): TempProject {
  const project = tempProject('zod-ts-cli');
  project.write(name, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return project;
}

const petstore = () => ({ input_openapi: fixture('petstore-3.1.yaml'), output: 'gen', input_schema: 'src/schemas.ts' });

/** Contents and modification times of every file, to prove a run changed nothing. */
function snapshot(project: TempProject): Record<string, [string, number]> {
  return Object.fromEntries(listFiles(project.dir).map((f) => [f, [readFileSync(join(project.dir, f), 'utf8'), statSync(join(project.dir, f)).mtimeMs]]));
}

describe('openapi-zod-ts command', () => {
  it('writes the four files, the bases of the user-owned schema file and creates that file, paths relative to the config', () => {
    const project = tempProject('zod-ts-cli');
    project.write('conf/zod.json', JSON.stringify({ input_openapi: fixture('petstore-3.1.yaml'), output: '../out/api', input_schema: '../src/schemas.ts' }));
    const result = run(project, ['--config', 'conf/zod.json']);
    expect(result.stderr).toBe('openapi-zod-ts: wrote 6 files\n');
    expect(result.code).toBe(0);
    expect(readdirSync(join(project.dir, 'out', 'api')).sort()).toEqual(['client-config.ts', 'client.ts', 'index.ts', 'schema-bases.ts', 'schema-types.ts']);
    const user = readFileSync(join(project.dir, 'src', 'schemas.ts'), 'utf8');
    expect(user).toContain("} from '../out/api/schema-bases.js'");
    expect(user).toMatch(/^export const PetSchema = PetBase;?$/m);
    expect(readFileSync(join(project.dir, 'out', 'api', 'schema-bases.ts'), 'utf8')).toContain('export const PetBase = /* @__PURE__ */ (() =>');
    expect(readFileSync(join(project.dir, 'out', 'api', 'schema-types.ts'), 'utf8')).toContain("from '../../src/schemas.js'");
  });

  it('uses ./openapi-zod-ts.config.json by default and leaves unchanged files alone on the next run', () => {
    const project = projectWith(petstore());
    expect(run(project).code).toBe(0);
    const before = snapshot(project);
    const again = run(project);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('openapi-zod-ts: wrote 0 files, 5 unchanged\n');
    expect(snapshot(project)).toEqual(before);
  });

  it('never touches the user-owned schema file after the first run', () => {
    const project = projectWith(petstore());
    expect(run(project).code).toBe(0);
    const file = join(project.dir, 'src', 'schemas.ts');
    const edited = readFileSync(file, 'utf8').replace('export const CategorySchema', 'export const CategorySchema2');
    writeFileSync(file, edited);
    const result = run(project);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(result.stderr).toContain('openapi-zod-ts: warning: ');
    expect(result.stderr).toContain('no export "CategorySchema"; the generated schema is used instead');
  });

  it('--check writes nothing, lists the files that would change and exits 1', () => {
    const project = projectWith(petstore());
    const first = run(project, ['--check']);
    expect(first.code).toBe(1);
    expect(first.stdout.split('\n').filter(Boolean).sort()).toEqual(['gen/client-config.ts', 'gen/client.ts', 'gen/index.ts', 'gen/schema-bases.ts', 'gen/schema-types.ts', 'src/schemas.ts']);
    expect(existsSync(join(project.dir, 'gen'))).toBe(false);
    expect(run(project).code).toBe(0);
    const clean = run(project, ['--check']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('');
    writeFileSync(join(project.dir, 'gen', 'client.ts'), '// edited\n');
    const stale = run(project, ['--check']);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toBe('gen/client.ts\n');
    expect(readFileSync(join(project.dir, 'gen', 'client.ts'), 'utf8')).toBe('// edited\n');
  });

  it('prints usage with --help and -h, the version alone with --version and -v', () => {
    const project = tempProject('zod-ts-cli');
    for (const flag of ['--help', '-h']) {
      const help = run(project, [flag]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: openapi-zod-ts [--config <path>] [--check]');
      expect(help.stdout).toContain('input_schema');
      expect(help.stdout).toContain('zod_variant');
    }
    for (const flag of ['--version', '-v']) expect(run(project, [flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [['--bogus'], 'unknown flag --bogus'],
    [['--config'], '--config needs a path'],
    [['spec.yaml'], 'unexpected argument "spec.yaml"'],
  ])('exits 2 on the usage error %j', (args, message) => {
    const result = run(tempProject('zod-ts-cli'), args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Run "openapi-zod-ts --help" for usage.');
  });
});

describe('errors (exit 1, one message naming the file and place, no stack trace, nothing written)', () => {
  const cases: [string, () => TempProject, RegExp][] = [
    ['a missing config file', () => tempProject('zod-ts-cli'), /openapi-zod-ts\.config\.json: config file not found/],
    ['a config that is not JSON', () => projectWith('{\n  "output": "gen",\n  oops\n}'), /openapi-zod-ts\.config\.json:3:3: invalid JSON/],
    ['an unknown key', () => projectWith({ ...petstore(), input_schemas: 'x.ts' }), /key "input_schemas": unknown key \(allowed: input_openapi, output, input_schema, zod_variant, ref_roots, allowed_ref_hosts, request_headers, include, exclude, deprecated\)/],
    ['a zod_variant that does not exist', () => projectWith({ ...petstore(), zod_variant: 'micro' }), /key "zod_variant": must be "classic" or "mini"/],
    ['a missing required key', () => projectWith({ output: 'gen' }), /key "input_openapi": is required/],
    ['a key of the wrong type', () => projectWith({ input_openapi: 42, output: 'gen' }), /key "input_openapi": must be a string: the path of the OpenAPI document \(got 42\)/],
    ['an input_schema that is not TypeScript', () => projectWith({ ...petstore(), input_schema: 'schemas.js' }), /key "input_schema": must name a TypeScript file/],
    ['a missing spec', () => projectWith({ input_openapi: 'nope.yaml', output: 'gen' }), /nope\.yaml: file not found/],
    ['a YAML syntax error', () => projectWith({ input_openapi: fixture('invalid/syntax.yaml'), output: 'gen' }), /syntax\.yaml:\d+:\d+: invalid YAML/],
    ['a JSON syntax error', () => projectWith({ input_openapi: fixture('invalid/syntax.json'), output: 'gen' }), /syntax\.json:\d+:\d+: invalid JSON/],
    ['a Swagger 1.2 document', () => projectWith({ input_openapi: fixture('invalid/swagger-1.2.json'), output: 'gen' }), /swagger-1\.2\.json at #\/swagger: Swagger 1\.2 is not supported/],
    ['an invalid spec', () => projectWith({ input_openapi: fixture('invalid/bad-structure.yaml'), output: 'gen' }), /bad-structure\.yaml at #\/paths\/~1pets\/get\/parameters\/0\/name: /],
    ['a dangling $ref', () => projectWith({ input_openapi: fixture('invalid/dangling-ref.yaml'), output: 'gen' }), /dangling-ref\.yaml at #\/[^:]*: \$ref "[^"]+" does not resolve/],
  ];

  it.each(cases)('%s', (_, make, message) => {
    const project = make();
    const before = snapshot(project);
    const result = run(project);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^openapi-zod-ts: error: /);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(project)).toEqual(before);
  });

  it('changes no file when a run fails after an earlier success', () => {
    const project = projectWith(petstore());
    expect(run(project).code).toBe(0);
    project.write('openapi-zod-ts.config.json', JSON.stringify({ ...petstore(), input_openapi: fixture('invalid/bad-structure.yaml') }));
    const before = snapshot(project);
    expect(run(project).code).toBe(1);
    expect(snapshot(project)).toEqual(before);
  });

  it('reports a user schema file that does not parse, with line and column, and writes nothing', () => {
    const project = projectWith(petstore());
    project.write('src/schemas.ts', "import { z } from 'zod';\nexport const PetSchema = z.object({\n");
    const before = snapshot(project);
    const result = run(project);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/src\/schemas\.ts:\d+:\d+: cannot parse the schema file/);
    expect(snapshot(project)).toEqual(before);
  });

  it('prints the stack trace only with DEBUG set', () => {
    const project = projectWith({ input_openapi: 'nope.yaml', output: 'gen' });
    const result = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', [], project.dir, { DEBUG: '1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\n\s+at /);
  });
});
