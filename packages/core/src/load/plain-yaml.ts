/**
 * YAML documents read by js-yaml where it reads them as `yaml` does. `yaml` (YAML 1.2's core
 * schema, merge keys, alias limits, errors with line and column) stays the reference; js-yaml
 * reads the same value several times faster and with far less memory (bench/readers.mjs), so it
 * takes every document where the two cannot differ, and any other goes to `yaml`:
 *
 * - no directive (`%YAML 1.1` changes `yaml`'s schema);
 * - no tag (`!!float 1`, `!binary`: the two resolve tags differently);
 * - no number with a three-digit exponent (`1e400` is Infinity to `yaml`, text to js-yaml);
 * - no null key (`null:`, `~:`, `:`: `""` to `yaml`, `"null"` to js-yaml);
 * - no alias (js-yaml is told to refuse them: `yaml` bounds their expansion);
 * - nothing js-yaml refuses (complex keys, several documents, an empty one, nesting past 100, a key
 *   twice in one mapping: YAML forbids that, and `yaml` then names its line).
 *
 * The checks on the text are conservative: a string that merely looks like a tag or a null key
 * sends the document to `yaml`, which is only slower. `test/plain-yaml.test.ts` compares both
 * readers on edge cases and on real specs written as YAML.
 */
import { createRequire } from 'node:module';
import type { Schema } from 'js-yaml';

// Required by the first YAML document, not at start, as `yaml` is (most large specs are JSON).
const require = createRequire(import.meta.url);
let schema: Schema | undefined;

/**
 * Text where the two may read a document differently. Each pattern also matches text that only
 * looks so (in a string, in a block scalar): the document then goes to `yaml`, which is slower,
 * not wrong. Anchored on line starts, node starts and flow indicators, so that prose (a
 * markdown image `![...]`, a token `2e771`) does not; together they cost a small part of a read.
 */
const DIFFERS = [
  // A directive.
  /^%/m,
  // A tag where a node starts: at a line start, after `: `, `- `, `? `, a flow indicator, an anchor.
  /(?:^[ \t]*|[:?-][ \t]+|[[{,][ \t]*|&\S+[ \t]+)!/m,
  // A number with a three-digit exponent, as a whole token.
  /(?:^|[\s:[{,])[-+]?(?:\d+\.?\d*|\.\d+)[eE][-+]?\d{3,}(?=[\s,\]}]|$)/m,
  // A null key in block style (`null:`, `~:`, `:`, after indentation and sequence dashes) or in flow style.
  /(?:^|\n)[ \t]*(?:-[ \t]+)*(?:(?:~|null|Null|NULL)[ \t]*)?:(?:[ \t\r\n]|$)/,
  /[{,][ \t]*(?:(?:~|null|Null|NULL)[ \t]*)?:(?:[ \t\r\n]|$)/,
];

/** The document's value, or undefined when `yaml` must read it. */
export function loadPlainYaml(text: string): unknown {
  if (DIFFERS.some((pattern) => pattern.test(text))) return undefined;
  const { CORE_SCHEMA, load, mergeTag } = require('js-yaml') as typeof import('js-yaml');
  schema ??= CORE_SCHEMA.withTags(mergeTag);
  try {
    return load(text, { schema, maxAliases: 0 });
  } catch {
    return undefined;
  }
}
