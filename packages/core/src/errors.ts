/**
 * The error catalogue. User errors (bad config, unreadable or invalid spec, bad usage) carry a
 * stable `code` and a location; the CLI prints them as one line. Anything else is an internal
 * crash and is reported as such.
 */

export interface Location {
  /** File the problem is in. */
  file?: string | undefined;
  /** JSON pointer into the document (`#/paths/~1pets/get`). */
  pointer?: string | undefined;
  /** Config key the problem is in (dotted for nested keys). */
  key?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  /** Config key naming the file that is the problem (`input_openapi`), shown after the message. */
  namedBy?: string | undefined;
}

export type ErrorCode =
  | 'USAGE'
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_INVALID'
  | 'SPEC_NOT_FOUND'
  | 'SPEC_SYNTAX'
  | 'SPEC_INVALID'
  | 'SPEC_UNSUPPORTED'
  | 'SCHEMA_FILE_INVALID'
  | 'GENERATION_FAILED';

/** An error the user can fix; printed without a stack trace. */
export class SpecwrightError extends Error {
  readonly code: ErrorCode;
  readonly location: Location;

  constructor(code: ErrorCode, message: string, location: Location = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SpecwrightError';
    this.code = code;
    this.location = location;
  }

  /** `file:line:column (key "x") (at #/pointer): message` */
  describe(): string {
    const { file, line, column, key, pointer, namedBy } = this.location;
    let where = file ?? '';
    if (file !== undefined && line !== undefined) where += `:${line}${column !== undefined ? `:${column}` : ''}`;
    const parts = [where];
    if (key !== undefined) parts.push(`key "${key}"`);
    if (pointer !== undefined) parts.push(`at ${pointer}`);
    const prefix = parts.filter(Boolean).join(' ');
    const message = namedBy === undefined ? this.message : `${this.message} (named by ${namedBy})`;
    return prefix ? `${prefix}: ${message}` : message;
  }
}

/** Exit code 2: unknown flag, missing flag value, positional argument. */
export class UsageError extends SpecwrightError {
  constructor(message: string) {
    super('USAGE', message);
    this.name = 'UsageError';
  }
}

export class ConfigError extends SpecwrightError {
  /** The config's further errors, found in the same reading: a user fixes them all in one go. */
  others: ConfigError[] = [];

  constructor(message: string, location: Location, code: ErrorCode = 'CONFIG_INVALID') {
    super(code, message, location);
    this.name = 'ConfigError';
  }

  /** Every error of a config as one: the first, carrying the rest (flattened) in `others`. */
  static all(errors: ConfigError[]): ConfigError {
    const flat = errors.flatMap((error) => [error, ...error.others]);
    const first = flat[0]!;
    const out = new ConfigError(first.message, first.location, first.code);
    out.others = flat.slice(1).map((error) => new ConfigError(error.message, error.location, error.code));
    return out;
  }

  /** One line per error, each naming its file and key. */
  override describe(): string {
    return [super.describe(), ...this.others.map((other) => other.describe())].join('\n');
  }
}

/**
 * The error with its config key named under `prefix` (`input_schema` → `zod_ts.input_schema`): a
 * generator names its own keys, the config that holds its section names them from the top.
 */
export function underConfigKey(error: unknown, prefix: string): unknown {
  if (!(error instanceof SpecwrightError) || prefix === '') return error;
  const { key, namedBy } = error.location;
  if (key === undefined && namedBy === undefined) return error;
  const under = (name: string | undefined) => (name === undefined ? undefined : `${prefix}.${name}`);
  const location = { ...error.location, key: under(key), namedBy: under(namedBy) };
  // A spec or schema file that cannot be read is named by a key too (`projects[1].input_openapi`).
  const moved =
    error instanceof ConfigError
      ? ConfigError.all([new ConfigError(error.message, location, error.code), ...error.others.map((other) => underConfigKey(other, prefix) as ConfigError)])
      : error instanceof SpecError
        ? new SpecError(error.message, location, error.code)
        : new SpecwrightError(error.code, error.message, location);
  if (error.stack !== undefined) moved.stack = error.stack;
  return moved;
}

export class SpecError extends SpecwrightError {
  constructor(message: string, location: Location, code: ErrorCode = 'SPEC_INVALID', options?: ErrorOptions) {
    super(code, message, location, options);
    this.name = 'SpecError';
  }
}

export function isUserError(error: unknown): error is SpecwrightError {
  return error instanceof SpecwrightError;
}
