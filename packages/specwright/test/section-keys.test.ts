/**
 * Issue 33, item 8: every key of every section means in `specwright` (and so in the Vite plugin,
 * which runs `generateFromFile`) what it means in that generator's own command. For each key of
 * each command's config spec (so a key added later is covered, or this test fails until it is
 * given values), each value is set once, and the files are generated both ways: by the command's
 * own harness (`runCommand`, what its bin runs) and by `specwright`'s `generateFromFile`. The
 * bytes must be the same. `zod_ts.zod_variant` was once dropped on the `specwright` side.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, runCommand, usage, type CommandDefinition } from '@specwright/core';
import { command as mswCommand } from '@specwright/openapi-msw';
import { command as reactQueryCommand, TARGETS } from '@specwright/openapi-react-query';
import { command as serverCommand, FRAMEWORKS } from '@specwright/openapi-server';
import { zodTsCommand } from '@specwright/openapi-zod-ts';
import { fixture, listFiles, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { command as specwrightCommand, generate, generateFromFile, SECTIONS, type Section } from '../src/index.js';

const COMMANDS: Record<Section, CommandDefinition<never>> = {
  zod_ts: zodTsCommand as unknown as CommandDefinition<never>,
  server: serverCommand as unknown as CommandDefinition<never>,
  react_query: reactQueryCommand as unknown as CommandDefinition<never>,
  msw: mswCommand as unknown as CommandDefinition<never>,
};

/** Where each section writes: the server and the hooks go beside the client (they import it). */
const OUTPUT: Record<Section, string> = { zod_ts: 'api', server: 'api', react_query: 'api', msw: 'mocks' };

/** Values other than the default for each key (`input_openapi` and `output` are set in every run). */
const VALUES: Record<Section, Record<string, unknown[]>> = {
  zod_ts: { input_schema: ['schemas/user.ts'], zod_variant: ['classic', 'mini'] },
  server: { framework: [...FRAMEWORKS], input_schema: ['schemas/user.ts'], context_type: ['AuthContext'], types_dir: ['api'], validate_responses: [true] },
  react_query: {
    stale_time: [1000],
    gc_time: [5000],
    suspense: [true, false],
    auto_invalidate: [true, false],
    infinite_query: [true, false, 'auto'],
    overrides: [{ pets: { stale_time: 5, gc_time: 7 } }],
    target: [...TARGETS],
  },
  msw: { seed: [7], max_array_items: [1], depth_cap: [2], base_url: ['http://mock.test/api'], examples: [true], variety: [true], types_dir: ['api'] },
};

/** A spec that reaches what most keys change (paths, bodies, a detail GET, pagination). */
const SPEC = fixture('petstore-3.1.yaml');
/** Keys that change nothing on SPEC, with a spec where they do: msw's types_dir types the factories of schemas no response reaches (Dog, Bike). */
const SPEC_OF: Record<string, string> = { 'msw.types_dir': fixture('features-3.1.yaml') };

const cases = SECTIONS.flatMap((section) =>
  Object.entries(VALUES[section]).flatMap(([key, values]) => values.map((value) => ({ section, key, value, name: `${section}.${key} = ${JSON.stringify(value)}` }))),
);

/** Every file under `dir`, by relative path. */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

describe('every key of every section means the same in specwright as in its command', () => {
  it('gives every key of every config spec values to try (a new key fails here until it has some)', () => {
    for (const section of SECTIONS) {
      const keys = COMMANDS[section].config.keys.filter((key) => key !== 'input_openapi' && key !== 'output');
      expect(Object.keys(VALUES[section]).sort(), section).toEqual([...keys].sort());
    }
  });

  it.each(cases)('$name', async ({ section, key, value }) => {
    const sectionConfig = { output: OUTPUT[section], [key]: value };
    const needsClient = section === 'server' || section === 'react_query' || key === 'types_dir';
    const spec = SPEC_OF[`${section}.${key}`] ?? SPEC;

    // The command, as its bin runs it (the client first where the section imports it).
    const byCommand = tempProject('section-keys-command', { prettier: false });
    cpSync(spec, join(byCommand.dir, 'spec.yaml'));
    const errors: string[] = [];
    const io = { cwd: byCommand.dir, stdout: () => {}, stderr: (text: string) => void errors.push(text), env: {} };
    if (needsClient) {
      byCommand.write('zod.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: OUTPUT.zod_ts }));
      expect(await runCommand(zodTsCommand, ['--config', 'zod.config.json'], io), errors.join('')).toBe(0);
    }
    byCommand.write('section.config.json', JSON.stringify({ input_openapi: 'spec.yaml', ...sectionConfig }));
    expect(await runCommand(COMMANDS[section], ['--config', 'section.config.json'], io), errors.join('')).toBe(0);

    // specwright, from one config holding the same section (and the client's section where needed).
    const bySpecwright = tempProject('section-keys-specwright', { prettier: false });
    cpSync(spec, join(bySpecwright.dir, 'spec.yaml'));
    const config = { input_openapi: 'spec.yaml', ...(needsClient ? { zod_ts: { output: OUTPUT.zod_ts } } : {}), [section]: sectionConfig };
    await generateFromFile(bySpecwright.write('specwright.config.json', JSON.stringify(config)));

    const generated = (dir: string) => {
      const files = tree(dir);
      for (const name of Object.keys(files)) if (name === 'spec.yaml' || name.endsWith('.config.json') || name === 'package.json') delete files[name];
      return files;
    };
    const expected = generated(byCommand.dir);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    // The factories are typed with the client's types: the key changed the file.
    if (section === 'msw' && key === 'types_dir') expect(expected['mocks/handlers.ts']).toContain('as MockFactory<ClientSchemaTypes.Dog>');
    expect(generated(bySpecwright.dir)).toEqual(expected);
  });
});

describe('--help lists every config key (issue 33)', () => {
  it.each([...SECTIONS.map((section) => COMMANDS[section] as CommandDefinition<unknown>), specwrightCommand as CommandDefinition<unknown>])('$name', (command) => {
    const keysPart = usage(command).split('Config keys:')[1]!;
    expect(command.config.keys.filter((key) => !new RegExp(`\\b${key}\\b`).test(keysPart))).toEqual([]);
  });

  it('specwright lists each section with every key of its generator', () => {
    const text = usage(specwrightCommand);
    for (const section of SECTIONS) {
      const line = text.split('\n').find((l) => l.trimStart().startsWith(`${section} `))!;
      for (const key of COMMANDS[section].config.keys.filter((k) => k !== 'input_openapi')) expect(line, section).toMatch(new RegExp(`\\b${key}\\??[,} ]`));
    }
  });
});

describe('every config error at once, each naming its key (issue 33)', () => {
  it('specwright: errors of several sections and keys together', async () => {
    const error = await generate({ input_openapi: 'a.yaml', zod_ts: { output: 'api', zod_variant: 'tiny', colour: 1 } as never, msw: { seed: -1, depth_cap: 0 } }, { mode: 'none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).describe().split('\n');
    expect(lines.map((l) => /key "([^"]+)"/.exec(l)?.[1])).toEqual(['zod_ts.colour', 'zod_ts.zod_variant', 'msw.seed', 'msw.depth_cap']);
  });
});
