import { NameRegistry, type ApiModel } from '@specwright/core';

/**
 * Names that `client.ts`, `client-config.ts` and `schema-types.ts` declare themselves. Spec-derived
 * names never take them, so `index.ts` can re-export every module without a clash.
 */
export const CLIENT_VALUE_NAMES = ['z', 'ApiError', 'ValidationError', 'ResponseValidationError', 'configureClient', 'getClientConfig'];
export const CLIENT_TYPE_NAMES = ['ApiError', 'ValidationError', 'ResponseValidationError', 'ValidationIssue', 'RequestConfig', 'ClientConfig'];

/**
 * The names of everything `openapi-zod-ts` emits for a model. The server and hooks generators call
 * this too, so they import exactly the names that were written.
 */
export function createClientNames(model: ApiModel): NameRegistry {
  return new NameRegistry(model, { values: CLIENT_VALUE_NAMES, types: CLIENT_TYPE_NAMES });
}
