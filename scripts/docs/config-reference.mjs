// Writes docs/reference/config.md from the commands' own config validators and --help lines, so
// the reference cannot drift from the code: a key is listed with the type, values and default its
// zod schema gives, and the description its command's --help gives. A key without a --help line is
// an error. Run by `pnpm docs:build` and `pnpm docs:dev`; docs/test/config-reference.test.ts holds
// the committed page to what this writes.
// Usage: node scripts/docs/config-reference.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILTER_CONFIG_HELP, FILTER_CONFIG_KEYS, SOURCE_CONFIG_HELP, SOURCE_CONFIG_KEYS } from '@specwright/core';
import { command as msw } from '@specwright/openapi-msw';
import { command as reactQuery } from '@specwright/openapi-react-query';
import { command as server } from '@specwright/openapi-server';
import { zodTsCommand as zodTs } from '@specwright/openapi-zod-ts';
import { command as specwright } from '@specwright/cli';
import { z } from 'zod';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
export const REFERENCE_PAGE = join(root, 'docs', 'reference', 'config.md');

/** The commands with a config file, in the contract's run order; `specwright` holds a section of each. */
export const COMMANDS = [
  { command: zodTs, section: 'zod_ts', page: '/packages/openapi-zod-ts' },
  { command: server, section: 'server', page: '/packages/openapi-server' },
  { command: reactQuery, section: 'react_query', page: '/packages/openapi-react-query' },
  { command: msw, section: 'msw', page: '/packages/openapi-msw' },
];

/**
 * The description of each key in --help lines: `key  text`, continued by lines that start with
 * spaces. Lines that name no key (notes) are left out.
 */
export function helpDescriptions(lines) {
  return new Map([...helpEntries(lines)].map(([key, entry]) => [key, entry.text]));
}

/** Each key's --help text and, where the line writes one (`string[], optional  text`), its type. */
function helpEntries(lines) {
  const out = new Map();
  let current = [];
  for (const line of lines) {
    const match = /^([a-z_]+(?: \/ [a-z_]+)*)(?:\s{2,}| (?=string|\{|\[|"))(.*)$/.exec(line);
    if (match) {
      // The first line of a key wins (a command's own before the shared ones); a type written
      // before the text (`string, required  text`) goes to the Type column.
      current = match[1].split(' / ').filter((key) => !out.has(key));
      const typed = /^([^ ].*?), (?:required|optional)\S*\s{2,}(.*)$/.exec(match[2]);
      for (const key of current) out.set(key, typed ? { type: typed[1], text: typed[2].trim() } : { text: match[2].trim() });
    } else if (current.length > 0 && /^\s+\S/.test(line)) for (const key of current) out.get(key).text += ` ${line.trim()}`;
    else current = [];
  }
  return out;
}

/** Type, values and default of each key, read from a zod schema's JSON Schema. */
function schemaFacts(schema) {
  let json;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return new Map();
  }
  const facts = new Map();
  for (const [key, property] of Object.entries(json.properties ?? {})) facts.set(key, { type: typeText(property), default: property.default, required: (json.required ?? []).includes(key) });
  return facts;
}

function typeText(property) {
  if (property.enum) return property.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (property.const !== undefined) return JSON.stringify(property.const);
  const alternatives = property.anyOf ?? property.oneOf;
  if (alternatives) return alternatives.map(typeText).join(' | ');
  if (property.type === 'array') return `${property.items ? typeText(property.items) : 'any'}[]`;
  if (property.type === 'integer') return property.minimum !== undefined ? `integer ≥ ${property.minimum}` : 'integer';
  if (property.type === 'number') return property.minimum !== undefined ? `number ≥ ${property.minimum}` : 'number';
  return property.type ?? 'any';
}

/** A table cell: pipes escaped, and `<`, `>` as entities (the page is a Vue template too). */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');

/** One command's table; throws when a key has no --help line. */
function commandTable(command) {
  const help = helpEntries([...command.configHelp, ...SOURCE_CONFIG_HELP, ...FILTER_CONFIG_HELP]);
  const facts = schemaFacts(command.config.schema);
  const keys = [...command.config.keys, ...SOURCE_CONFIG_KEYS, ...FILTER_CONFIG_KEYS];
  const missing = keys.filter((key) => !help.has(key));
  if (missing.length > 0) throw new Error(`${command.name}: config key${missing.length > 1 ? 's' : ''} ${missing.map((k) => `"${k}"`).join(', ')} without a description in its --help lines (configHelp)`);
  const rows = keys.map((key) => {
    const fact = facts.get(key);
    const type = fact?.type ?? help.get(key).type ?? '';
    const required = fact?.required ? 'yes' : '';
    const fallback = fact?.default === undefined ? '' : `\`${JSON.stringify(fact.default)}\``;
    return `| \`${key}\` | ${cell(type)} | ${required} | ${fallback} | ${cell(help.get(key).text)} |`;
  });
  return ['| Key | Type | Required | Default | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The whole page. */
export function configReference() {
  const parts = [
    '# Config reference',
    '',
    '<!-- Generated by scripts/docs/config-reference.mjs from the config validators and --help lines: do not edit. -->',
    '',
    'Each command reads a JSON config (default `<command>.config.json` in the working directory, or `--config <path>`).',
    'Paths are relative to the config file. Unknown keys are errors that list the allowed ones. A top-level',
    '`projects` array holds several configs in one file. `specwright.config.json` holds one section per',
    'generator, each with that generator\'s keys (its `input_openapi` is the project\'s).',
    '',
  ];
  for (const { command, section, page } of COMMANDS) {
    parts.push(`## \`${command.name}\``, '', `Section \`${section}\` of \`specwright.config.json\`. Details: [${command.name}](${page}).`, '', commandTable(command), '');
  }
  parts.push('## `specwright`', '', 'One config for all four generators. Details: [specwright](/packages/specwright).', '', commandTable(specwright), '');
  return `${parts.join('\n').trimEnd()}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = configReference();
  if (process.argv.includes('--check')) {
    if (readFileSync(REFERENCE_PAGE, 'utf8') !== text) {
      console.error(`${REFERENCE_PAGE} is out of date: run node scripts/docs/config-reference.mjs`);
      process.exit(1);
    }
  } else writeFileSync(REFERENCE_PAGE, text);
}
