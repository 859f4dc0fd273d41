import { z } from 'zod';
import { lengthBounds, type PatternNode } from './pattern.js';

/**
 * The string formats the openapi-zod-ts client checks (its `FORMATS` table: `z.iso.datetime`
 * with offsets and local times, `z.iso.date`, the HTML5 e-mail rule, `z.guid`, `z.ipv4`,
 * `z.ipv6`). A mock string must pass the schema's pattern and these checks alike.
 */
export const CLIENT_FORMAT_CHECKS: Readonly<Record<string, z.ZodType<string>>> = {
  'date-time': z.iso.datetime({ offset: true, local: true }),
  date: z.iso.date(),
  email: z.email({ pattern: z.regexes.html5Email }),
  uuid: z.guid(),
  ipv4: z.ipv4(),
  ipv6: z.ipv6(),
};

/** Samples tried, and distinct values kept, per pattern and format. */
const TRIES = 4000;
const POOL_SIZE = 8;

/** A small seeded generator (mulberry32): the same pattern always gives the same pool. */
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

/**
 * Strings that the pattern tree produces and that also pass `accepts` (the pattern itself, with
 * its lookarounds, the length bounds and the client's format check), found at generation time: a
 * format and a pattern may each allow what the other does not (a UUID pattern with optional
 * braces and upper-case digits only), which the request-time generator cannot know. Empty when
 * none turns up.
 */
export function formatPool(tree: PatternNode, accepts: (text: string) => boolean, seedText: string): string[] {
  if (lengthBounds(tree).max === 0) return accepts('') ? [''] : [];
  const next = random(seedText);
  const found = new Set<string>();
  for (let i = 0; i < TRIES && found.size < POOL_SIZE; i++) {
    const text = sample(tree, next);
    if (!found.has(text) && accepts(text)) found.add(text);
  }
  return [...found];
}
