import { ConfigError } from '../errors.js';

/**
 * `request_headers` (issue 36): headers sent with every request for the remote spec and the
 * `$ref`s it may reach (its origin and `allowed_ref_hosts`), such as a token for a private spec.
 * `${NAME}` takes the environment variable NAME, so a secret stays out of the config file; a
 * value is never shown in a message (only header and variable names are).
 */
export function parseRequestHeaders(value: unknown, key: string, file: string, env: Record<string, string | undefined> = process.env): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError('must be an object of header names to values ("Authorization": "Bearer ${TOKEN}")', { file, key });
  }
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(value)) {
    const at = `${key}.${name}`;
    // An RFC 9110 token: a name fetch would refuse is told here, without the value.
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(name)) throw new ConfigError('is not a valid header name', { file, key: at });
    if (typeof raw !== 'string') throw new ConfigError('must be a string', { file, key: at });
    const expanded = raw.replace(/\$\{([^}]*)\}/g, (_, variable: string) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) throw new ConfigError(`\${${variable}} is not an environment variable name`, { file, key: at });
      const found = env[variable];
      if (found === undefined) throw new ConfigError(`the environment variable ${variable} is not set`, { file, key: at });
      return found;
    });
    // Line breaks or NUL would split the request (fetch refuses them, quoting the value): refused here, unquoted.
    if (/[\r\n\0]/.test(expanded)) throw new ConfigError('the value (after ${...} expansion) holds a line break or NUL, which a header cannot', { file, key: at });
    out[name] = expanded;
  }
  return out;
}
