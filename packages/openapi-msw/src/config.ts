import type { ConfigSpec } from '@specwright/core';
import { z } from 'zod';

const pathString = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty');

/** An integer with a lower bound; the message says both, the loader adds the key and the value. */
const integerAtLeast = (minimum: number) =>
  z
    .number({ error: `must be an integer >= ${minimum}` })
    .int(`must be an integer >= ${minimum}`)
    .min(minimum, `must be an integer >= ${minimum}`);

/** Defaults of the optional keys (seed: "Config of openapi-msw"). */
export const DEFAULTS = {
  seed: 42,
  max_array_items: 3,
  depth_cap: 30,
  base_url: '*',
  examples: false,
  variety: false,
} as const;

/** The config of `openapi-msw` (seed: "Config of openapi-msw"), one project. */
export const configSchema = z.strictObject({
  /** Path to the OpenAPI document (JSON or YAML), relative to the config file. */
  input_openapi: pathString,
  /** Directory that receives `handlers.ts`, created recursively when missing. */
  output: pathString,
  /** Fake-data seed written into `handlers.ts`; an integer >= 0. @default 42 */
  seed: integerAtLeast(0).default(DEFAULTS.seed),
  /** Items generated per array schema (raised to `minItems`, capped by `maxItems`); >= 1. @default 3 */
  max_array_items: integerAtLeast(1).default(DEFAULTS.max_array_items),
  /** Schema-resolution depth after which `null /* depth cap reached *\/` is emitted; >= 1. @default 30 */
  depth_cap: integerAtLeast(1).default(DEFAULTS.depth_cap),
  /**
   * Default prefix of every route (`createHandlers({ baseUrl })` overrides it at run time). `*`
   * matches any origin and any path prefix. @default '*'
   */
  base_url: z.string({ error: 'must be a string (for example "*" or "http://localhost:3000/api")' }).default(DEFAULTS.base_url),
  /**
   * Serve the spec's named response examples to `Prefer: example=<name>` (Prism's convention).
   * Off by default: they are copied into `handlers.ts` (GitHub's come to 1.7 MB). @default false
   */
  examples: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.examples),
  /**
   * Vary the mock data (handlers' answers and factories): union members in turn, null where the
   * schema allows it, optional properties sometimes absent, array lengths from their minimum to
   * `max_array_items`, enum values in turn; seeded. Off by default: the seed's fixed answers
   * (first union member, no nulls). A factory call's `{ variety }` overrides it. @default false
   */
  variety: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.variety),
  /**
   * Directory of openapi-zod-ts's `schema-types.ts` (its `output`), relative to the config file:
   * the factories built at run time (`mockPet()`) then return the client's types, imported from
   * there, instead of `unknown`. `specwright` sets it to `zod_ts.output`.
   */
  types_dir: pathString.optional(),
});

/** A config as written in the JSON file (only `input_openapi` and `output` are required). */
export type MswConfig = z.input<typeof configSchema>;
/** A validated config: defaults applied, paths absolute. */
export type ResolvedMswConfig = z.output<typeof configSchema>;

export const CONFIG_KEYS = ['input_openapi', 'output', 'seed', 'max_array_items', 'depth_cap', 'base_url', 'examples', 'variety', 'types_dir'] as const;

export const configSpec: ConfigSpec<ResolvedMswConfig> = {
  keys: CONFIG_KEYS,
  pathKeys: ['input_openapi', 'output', 'types_dir'],
  schema: configSchema,
  multiProject: true,
};

/** `--help` lines for the config keys. */
export const CONFIG_HELP = [
  'input_openapi    path to the OpenAPI document, JSON or YAML (required)',
  'output           directory that receives handlers.ts, created if missing (required)',
  `seed             fake-data seed, integer >= 0 (default ${DEFAULTS.seed})`,
  `max_array_items  items per array, integer >= 1 (default ${DEFAULTS.max_array_items})`,
  `depth_cap        schema-resolution depth before null is emitted, integer >= 1 (default ${DEFAULTS.depth_cap})`,
  `base_url         default route prefix; "*" matches any origin and prefix (default "${DEFAULTS.base_url}")`,
  `examples         serve the spec's named examples to Prefer: example=<name> (default ${DEFAULTS.examples})`,
  `variety          vary the mock data: union members in turn, nulls, absent optionals, array lengths, enum values (default ${DEFAULTS.variety})`,
  "types_dir        directory of openapi-zod-ts's schema-types.ts: mock factories and response bodies are typed with its types (default: none, typed by their mock values)",
  'projects         instead of the keys above: an array of such configs, one per spec',
];
