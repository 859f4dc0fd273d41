import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, REFERENCE_PAGE, configReference, helpDescriptions } from '../../scripts/docs/config-reference.mjs';

/** Issue 38: the config reference is generated from the config validators and --help, so it cannot drift. */
describe('the config reference', () => {
  it('the committed page is what the validators and --help lines give (run node scripts/docs/config-reference.mjs)', () => {
    expect(readFileSync(REFERENCE_PAGE, 'utf8')).toBe(configReference());
  });

  it('lists every key of every command', () => {
    const page = configReference();
    for (const { command } of COMMANDS) for (const key of command.config.keys) expect(page).toContain(`| \`${key}\` |`);
  });

  it('fails when a config key has no description', () => {
    const { command } = COMMANDS[0]!;
    const keys = command.config.keys;
    command.config.keys = [...keys, 'brand_new_key'];
    try {
      expect(() => configReference()).toThrow(/"brand_new_key" without a description/);
    } finally {
      command.config.keys = keys;
    }
  });

  it('reads --help lines: a key, its text, continuation lines, the first line of a key winning', () => {
    const help = helpDescriptions(['seed   fake-data seed', '       written into the file', 'input_schema   string, optional  your schema file', 'seed  again', 'Paths are relative.']);
    expect(Object.fromEntries(help)).toEqual({ seed: 'fake-data seed written into the file', input_schema: 'your schema file' });
  });
});
