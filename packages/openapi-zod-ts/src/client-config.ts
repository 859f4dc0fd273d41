/**
 * `client-config.ts`: `configureClient({ baseUrl, token, headers, fetch })` and the configuration
 * the client reads on every request. Fixed code: nothing in it comes from the spec.
 */
import { code as c, type Code } from '@specwright/core';
import { GENERATED_HEADER } from './schema-types.js';

/** Names `client-config.ts` declares (reserved for spec names). */
export const CLIENT_CONFIG_VALUES = ['configureClient', 'getClientConfig'];
export const CLIENT_CONFIG_TYPES = ['ClientConfig', 'ClientConfigInput'];

const SOURCE = `
/** How the generated client sends requests. */
export interface ClientConfig {
  /**
   * Prefix of every request URL: an origin (\`https://api.example.com\`), a path (\`/api\`) or both.
   * @default ''
   */
  baseUrl: string;
  /**
   * The current bearer token, or a function returning it (sync or async; called before every
   * request). Requests carry \`Authorization: Bearer <token>\` only when the token is non-empty.
   */
  token?:
    | string
    | (() => string | null | undefined | Promise<string | null | undefined>)
    | undefined;
  /** Headers sent with every request, or a function returning them (sync or async). */
  headers?:
    HeadersInit | (() => HeadersInit | Promise<HeadersInit>) | undefined;
  /**
   * The fetch implementation, for tests, retries or a custom agent.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch | undefined;
}

/** What \`configureClient\` accepts: any part of the configuration. */
export type ClientConfigInput = Partial<ClientConfig>;

let clientConfig: ClientConfig = { baseUrl: "" };

/**
 * Updates the client configuration; keys left out keep their current value (so the token can be
 * set after login without repeating the base URL).
 */
export function configureClient(config: ClientConfigInput): void {
  clientConfig = { ...clientConfig, ...config };
}

/** The configuration in use. */
export function getClientConfig(): Readonly<ClientConfig> {
  return clientConfig;
}
`;

export function clientConfigModule(): Code.Module {
  return { header: GENERATED_HEADER, body: [c.canonicalRaw(SOURCE)] };
}
