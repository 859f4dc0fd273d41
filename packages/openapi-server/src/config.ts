import { GLOBAL_TYPE_NAMES, isAsciiIdentifier, isReservedTypeName, type ConfigSpec } from '@specwright/core';
import { z } from 'zod';

export const FRAMEWORKS = ['hono', 'express', 'fastify', 'koa', 'nestjs', 'none'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** Type names `service.ts` itself uses; a context type of that name would shadow them. */
const TAKEN_CONTEXT_NAMES = new Set(['Service', ...GLOBAL_TYPE_NAMES]);

const pathString = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must not be empty');

const contextType = z
  .string({ error: 'must be a string naming a type' })
  .refine(isAsciiIdentifier, 'must be a TypeScript identifier (letters, digits, _ and $, not starting with a digit)')
  .refine((name) => !isReservedTypeName(name), 'is a reserved word and cannot name a type parameter')
  .refine((name) => !TAKEN_CONTEXT_NAMES.has(name), 'is a name the generated service uses itself (Service or a global type); choose another');

/** The config of `openapi-server` (seed: "Config of openapi-server", plus `types_dir`). */
export const configSchema = z.strictObject({
  /** Path to the OpenAPI document (JSON or YAML), relative to the config file. */
  input_openapi: pathString,
  /** Output directory of `service.ts` and `router.ts`. */
  output: pathString,
  /** Router to write beside `service.ts`; `none` writes only `service.ts`. @default 'none' */
  framework: z.enum(FRAMEWORKS, { error: `must be one of ${FRAMEWORKS.map((f) => `"${f}"`).join(', ')}` }).default('none'),
  /**
   * The user-owned schema file (`openapi-zod-ts`'s `input_schema`). When set, every JSON body whose
   * `<BodyType>Schema` the file exports is validated with it before the service runs. Never written.
   */
  input_schema: pathString.optional(),
  /**
   * Name of the context type: the service interface becomes generic over it
   * (`interface Service<AuthContext = never>`) and each method takes it as its last argument.
   */
  context_type: contextType.optional(),
  /** Directory holding `openapi-zod-ts`'s `schema-types.ts`. @default the value of `output` */
  types_dir: pathString.optional(),
  /**
   * The router parses what the service answers (success bodies and `reply()` bodies) with the
   * declared JSON schema of that status; a mismatch is logged and answered 500. @default false
   */
  validate_responses: z.boolean({ error: 'must be true or false' }).default(false),
});

/** A validated config, defaults applied, paths absolute. */
export type ServerConfig = z.output<typeof configSchema>;
/** The config as written in the JSON file. */
export type ServerConfigInput = z.input<typeof configSchema>;

export const CONFIG_KEYS = ['input_openapi', 'output', 'framework', 'input_schema', 'context_type', 'types_dir', 'validate_responses'] as const;

export const configSpec: ConfigSpec<ServerConfig> = {
  keys: CONFIG_KEYS,
  pathKeys: ['input_openapi', 'output', 'input_schema', 'types_dir'],
  schema: configSchema,
  multiProject: true,
};

/** `--help` lines for the config keys. */
export const CONFIG_HELP = [
  'input_openapi  path to the OpenAPI document (required)',
  'output         output directory of service.ts and router.ts (required)',
  'framework      "hono" | "express" | "fastify" | "koa" | "none": router to write (default "none": service.ts only)',
  'input_schema   user-owned schema file; bodies whose <Type>Schema it exports are validated (never written)',
  'context_type   name of your context type: Service<Name = never>, passed to each method last',
  'types_dir      directory of openapi-zod-ts\'s schema-types.ts (default: output)',
  'validate_responses  true: the router checks every answer against its declared schema; 500 on a mismatch (default false)',
  'projects       [ { ...the keys above } ] to generate several outputs from one file',
];
