import type { ConfigSpec } from '@specwright/core';
import { z } from 'zod';

const path = (what: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be a string: the path of ${what}`) }).min(1, { error: 'must not be empty' });

/** The config of `openapi-zod-ts` (seed: "Config of openapi-zod-ts"). */
export const zodTsConfigSchema = z.object({
  /** Path of the OpenAPI document (JSON or YAML), relative to the config file. */
  input_openapi: path('the OpenAPI document'),
  /** Output directory, relative to the config file; created when missing. */
  output: path('the output directory'),
  /**
   * The user-owned schema file, relative to the config file: created once when missing, never
   * overwritten. Schemas it exports replace the generated ones in `schema-types.ts` and the client.
   */
  input_schema: path('the user-owned schema file').optional(),
  /**
   * The zod API of the generated schemas: `classic` (`zod`) or `mini` (`zod/mini`).
   * @default 'classic'
   */
  zod_variant: z.enum(['classic', 'mini'], { error: 'must be "classic" or "mini"' }).default('classic'),
});

export type ZodTsConfig = z.output<typeof zodTsConfigSchema>;

/** The config as written (defaults not applied yet). */
export type ZodTsConfigInput = z.input<typeof zodTsConfigSchema>;

export const ZOD_TS_CONFIG_KEYS = ['input_openapi', 'output', 'input_schema', 'zod_variant'] as const;

export const zodTsConfigSpec: ConfigSpec<ZodTsConfig> = {
  keys: ZOD_TS_CONFIG_KEYS,
  pathKeys: ['input_openapi', 'output', 'input_schema'],
  schema: zodTsConfigSchema,
};

export const CONFIG_HELP = [
  'input_openapi  string, required  the OpenAPI 3.x document (JSON or YAML)',
  'output         string, required  output directory (created when missing)',
  'input_schema   string, optional  user-owned schema file: created once, never overwritten;',
  '                                 its <Name>Schema exports replace the generated schemas',
  'zod_variant    "classic" | "mini", optional (default "classic"): the zod API the schemas use;',
  '                                 "mini" imports zod/mini, for smaller browser bundles',
  'Paths are relative to the config file.',
];
