import { z } from 'zod';
import { fitLength, lengthBounds, type PatternNode } from './pattern.js';

/**
 * The string formats the openapi-zod-ts client checks (its `FORMATS` table: `z.iso.datetime`
 * with offsets and local times, `z.iso.date`, the HTML5 e-mail rule, `z.guid`, `z.ipv4`,
 * `z.ipv6`). A mock string must pass the schema's pattern and these checks alike.
 */
const CLIENT_FORMAT_CHECKS: Readonly<Record<string, z.ZodType<string>>> = {
  'date-time': z.iso.datetime({ offset: true, local: true }),
  date: z.iso.date(),
  email: z.email({ pattern: z.regexes.html5Email }),
  uuid: z.guid(),
  ipv4: z.ipv4(),
  ipv6: z.ipv6(),
};

/** The client's check of a format, when it checks that format. */
export function clientFormatCheck(format: string | undefined): z.ZodType<string> | undefined {
  return format !== undefined && Object.hasOwn(CLIENT_FORMAT_CHECKS, format) ? CLIENT_FORMAT_CHECKS[format] : undefined;
}

/** Samples tried, and distinct values kept, per search. */
const TRIES = 4000;
const POOL_SIZE = 8;
/** Exact lengths whose own fitted trees are sampled, from the shortest the tree allows. */
const EXACT_LENGTHS = 16;

/** A small seeded generator (mulberry32): the same search always gives the same values. */
function random(seedText: string): () => number {
  let seed = 0x9e3779b9;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 0x85ebca6b);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(node: PatternNode, next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  switch (node.t) {
    case 'assert':
      return '';
    case 'lit':
      return node.text;
    case 'set':
      return node.chars[pick(node.chars.length)] ?? '';
    case 'seq':
      return node.items.map((item) => sample(item, next)).join('');
    case 'alt':
      return sample(node.options[pick(node.options.length)]!, next);
    case 'rep': {
      let text = '';
      const count = node.min + pick(node.max - node.min + 1);
      for (let i = 0; i < count; i++) text += sample(node.item, next);
      return text;
    }
  }
}

/** The shortest text of a tree: repeats at their minimum, the shortest option, a set's first character. */
function minimal(node: PatternNode): string {
  switch (node.t) {
    case 'assert':
      return '';
    case 'lit':
      return node.text;
    case 'set':
      return node.chars[0] ?? '';
    case 'seq':
      return node.items.map(minimal).join('');
    case 'alt':
      return node.options.map(minimal).reduce((shortest, text) => (text.length < shortest.length ? text : shortest));
    case 'rep':
      return minimal(node.item).repeat(node.min);
  }
}

/**
 * Strings that the pattern tree produces and that also pass `accepts` (the pattern itself, with
 * its lookarounds, the length bounds and the client's format check), found at generation time: a
 * format and a pattern may each allow what the other does not (a UUID pattern with optional
 * braces and upper-case digits only), and a lookaround may allow few lengths (linode.com's
 * `(?!..)` admits two-character labels only), which the request-time generator cannot know.
 * Tried: the shortest text, then samples of the whole tree taking turns with samples of the tree
 * fitted to each exact length, shortest first. Empty when none turns up.
 */
export function searchStrings(tree: PatternNode, accepts: (text: string) => boolean, seedText: string): string[] {
  const found = new Set<string>();
  const consider = (text: string) => {
    if (!found.has(text) && accepts(text)) found.add(text);
  };
  const bounds = lengthBounds(tree);
  consider(minimal(tree));
  if (bounds.max === 0) return [...found];
  const exact: PatternNode[] = [];
  for (let length = bounds.min; length <= bounds.max && exact.length < EXACT_LENGTHS; length++) exact.push(fitLength(tree, length, length));
  const next = random(seedText);
  for (let i = 0; i < TRIES && found.size < POOL_SIZE; i++) {
    const source = i % 2 === 0 || exact.length === 0 ? tree : exact[(i >> 1) % exact.length]!;
    consider(sample(source, next));
  }
  return [...found];
}
