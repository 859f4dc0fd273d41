import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, listFiles, runCommandLine, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';

/** `specwright -i <spec> -o <dir>` without a config file, and `specwright init` (issue 36). */
const run = (args: string[], cwd: string) => runCommandLine('specwright', 'specwright', args, cwd);
const petstore = fixture('petstore-3.1.yaml');
const FLAGS = ['-i', petstore, '-o', 'src/api', '--framework', 'hono', '--target', 'react', '--zod-variant', 'mini', '--mocks', 'src/mocks'];

describe('zero-config start', () => {
  it('writes from flags the bytes that init + specwright write from the config init made', () => {
    const flagsRun = tempProject('zero-config', { prettier: false });
    const first = run(['-i', petstore, '-o', 'src/api'], flagsRun.dir);
    expect(first.code, first.stderr).toBe(0);
    expect(listFiles(join(flagsRun.dir, 'src/api'))).toEqual(['client-config.ts', 'client.ts', 'index.ts', 'schema-types.ts']);
    const all = run(FLAGS, flagsRun.dir);
    expect(all.code, all.stderr).toBe(0);

    const configRun = tempProject('zero-config-init', { prettier: false });
    const init = run(['init', ...FLAGS], configRun.dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/Wrote specwright\.config\.json \(zod_ts, server, react_query, msw\)\.\nNext: run "npx specwright"/);
    const config = JSON.parse(readFileSync(join(configRun.dir, 'specwright.config.json'), 'utf8')) as Record<string, unknown>;
    expect(config).toMatchObject({ zod_ts: { output: './src/api', zod_variant: 'mini' }, server: { framework: 'hono' }, react_query: { target: 'react' }, msw: { output: './src/mocks' } });
    const second = run([], configRun.dir);
    expect(second.code, second.stderr).toBe(0);

    const files = listFiles(join(flagsRun.dir, 'src'));
    expect(files).toEqual(listFiles(join(configRun.dir, 'src')));
    expect(files).toEqual(expect.arrayContaining(['api/router.ts', 'api/hooks.ts', 'mocks/handlers.ts']));
    for (const file of files) expect(readFileSync(join(configRun.dir, 'src', file), 'utf8'), file).toBe(readFileSync(join(flagsRun.dir, 'src', file), 'utf8'));
  });

  it('names the flag of a bad value, writes nothing, and documents every flag in --help', () => {
    const p = tempProject('zero-config-bad', { prettier: false });
    const bad = run(['-i', petstore, '-o', 'gen', '--framework', 'sails'], p.dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('specwright: error: --framework: must be one of "hono", "express", "fastify", "koa", "nestjs", "none" (got "sails")\n');
    expect(existsSync(join(p.dir, 'gen'))).toBe(false);
    expect(run(['-i', petstore], p.dir)).toMatchObject({ code: 2, stderr: expect.stringMatching(/-o <dir> is required/) });
    const help = run(['--help'], p.dir);
    for (const flag of ['-i, --input', '-o, --output', '--framework', '--target', '--zod-variant', '--mocks', 'specwright init', '--force']) expect(help.stdout).toContain(flag);
  });

  it('init keeps an existing config unless --force', () => {
    const p = tempProject('zero-config-keep', { prettier: false });
    p.write('specwright.config.json', '{}\n');
    const kept = run(['init', '-i', petstore, '-o', 'gen'], p.dir);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toMatch(/specwright\.config\.json: exists already; pass --force to replace it/);
    expect(readFileSync(join(p.dir, 'specwright.config.json'), 'utf8')).toBe('{}\n');
    expect(run(['init', '-i', petstore, '-o', 'gen', '--force'], p.dir).code).toBe(0);
    expect(JSON.parse(readFileSync(join(p.dir, 'specwright.config.json'), 'utf8'))).toMatchObject({ zod_ts: { output: './gen' } });
  });
});
