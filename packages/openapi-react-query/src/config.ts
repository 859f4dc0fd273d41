import type { ConfigSpec } from '@specwright/core';
import { z } from 'zod';
import { ADAPTERS, TARGETS } from './target.js';

/**
 * Longest delay a JavaScript timer accepts (2^31 - 1 ms, about 24.8 days). TanStack Query arms
 * timers with `gcTime` and `staleTime`; a longer value overflows and fires after 1 ms instead.
 */
export const MAX_TIMER_MS = 2_147_483_647;

const INFINITE_QUERY_VALUES = 'true, false or "auto"';

const milliseconds = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of milliseconds') })
  .int('must be a whole number of milliseconds')
  .min(0, 'must be >= 0')
  .max(MAX_TIMER_MS, `must be at most ${MAX_TIMER_MS} (larger values overflow JavaScript timers)`);

const overrideSchema = z.strictObject(
  {
    stale_time: milliseconds.optional(),
    gc_time: milliseconds.optional(),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown key ${issue.keys.map((k) => `"${k}"`).join(', ')} (allowed: stale_time, gc_time)`;
      if (issue.code === 'invalid_type') return 'must be an object with optional stale_time and gc_time';
      return undefined;
    },
  },
);

const pathString = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty');

/** The config of `openapi-react-query` (seed: "Config of openapi-react-query"). */
export const configSchema = z
  .strictObject({
    /** Path to the OpenAPI document (JSON or YAML), relative to the config file. */
    input_openapi: pathString,
    /** Output directory: the one `openapi-zod-ts` writes `client.ts` into. */
    output: pathString,
    /** Stale time of every query hook, in ms. @default 0 */
    stale_time: milliseconds.default(0),
    /** Garbage-collection time of every query hook, in ms. @default 300000 */
    gc_time: milliseconds.default(300_000),
    /** Also emit `useSuspense<Name>` beside every query hook. @default false */
    suspense: z.boolean({ error: 'must be true or false' }).default(false),
    /** Mutation hooks invalidate the queries of their resource on success. @default false */
    auto_invalidate: z.boolean({ error: 'must be true or false' }).default(false),
    /**
     * `'auto'`: `use<Name>Infinite` for GETs with a recognised pagination parameter; `true`: also
     * for every list GET with query parameters (the page param is then a partial query object);
     * `false`: never. @default 'auto'
     */
    infinite_query: z.union([z.boolean(), z.literal('auto')], { error: `must be ${INFINITE_QUERY_VALUES}` }).default('auto'),
    /** The TanStack Query adapter the hooks are written for. @default 'react' */
    target: z.enum(TARGETS, { error: `must be one of ${TARGETS.map((t) => `"${t}"`).join(', ')}` }).default('react'),
    /** Per resource (first static path segment), `stale_time` and `gc_time` replacing the global ones. */
    overrides: z
      .record(z.string(), overrideSchema, { error: 'must be an object mapping resource names to { stale_time?, gc_time? }' })
      .default({}),
  })
  .check((ctx) => {
    const reason = ADAPTERS[ctx.value.target].noSuspense;
    if (ctx.value.suspense && reason) {
      ctx.issues.push({ code: 'custom', input: ctx.value.suspense, path: ['suspense'], message: `must be false for target "${ctx.value.target}": ${reason}` });
    }
  });

/** A validated config, defaults applied, paths absolute. */
export type ReactQueryConfig = z.output<typeof configSchema>;
/** The config as written in the JSON file. */
export type ReactQueryConfigInput = z.input<typeof configSchema>;

export const CONFIG_KEYS = ['input_openapi', 'output', 'stale_time', 'gc_time', 'suspense', 'auto_invalidate', 'infinite_query', 'overrides', 'target'] as const;

export const configSpec: ConfigSpec<ReactQueryConfig> = {
  keys: CONFIG_KEYS,
  pathKeys: ['input_openapi', 'output'],
  schema: configSchema,
  multiProject: true,
};

/** `--help` lines for the config keys. */
export const CONFIG_HELP = [
  'input_openapi    path to the OpenAPI document (required)',
  'output           output directory, the one openapi-zod-ts writes client.ts into (required)',
  'stale_time       stale time of every query hook in ms (default 0)',
  'gc_time          garbage-collection time of every query hook in ms (default 300000)',
  'suspense         also write useSuspense<Name> hooks (default false)',
  'auto_invalidate  mutations invalidate their resource\'s queries on success (default false)',
  'infinite_query   "auto" | true | false: write use<Name>Infinite hooks (default "auto")',
  'overrides        { "<resource>": { "stale_time"?, "gc_time"? } } per first path segment',
  'target           "react" | "vue" | "svelte" | "solid" | "swr" | "angular": the hooks library (default "react")',
  'projects         [ { ...the keys above } ] to generate several outputs from one file',
];
