import { NameRegistry, type ApiModel } from '@specwright/core';
import { CLIENT_RUNTIME_NAMES } from './client-runtime.js';
import { CLIENT_CONFIG_TYPES, CLIENT_CONFIG_VALUES } from './client-config.js';

/**
 * Names that `client.ts`, `client-config.ts` and `schema-types.ts` declare themselves (exports and
 * internal helpers). Spec-derived names never take them, so `index.ts` can re-export every module
 * without a clash and no helper is shadowed.
 */
export const CLIENT_VALUE_NAMES = ['z', 'ApiError', 'ValidationError', 'ResponseValidationError', ...CLIENT_CONFIG_VALUES, ...CLIENT_RUNTIME_NAMES];
export const CLIENT_TYPE_NAMES = ['ApiError', 'ApiErrorBodies', 'ApiErrorStatus', 'ApiErrorBody', 'ValidationError', 'ResponseValidationError', 'ValidationIssue', 'RequestConfig', ...CLIENT_CONFIG_TYPES, ...CLIENT_RUNTIME_NAMES];

/** The registry of each model: a registry never changes once built (see `createClientNames`). */
const registries = new WeakMap<ApiModel, NameRegistry>();

/**
 * The names of everything `openapi-zod-ts` emits for a model. The server and hooks generators call
 * this too, so they import exactly the names that were written. A model's names are assigned once:
 * the generators of one run share its registry (GitHub's model: 17 ms each time it was built).
 */
export function createClientNames(model: ApiModel): NameRegistry {
  let names = registries.get(model);
  if (!names) {
    names = new NameRegistry(model, { values: CLIENT_VALUE_NAMES, types: CLIENT_TYPE_NAMES });
    registries.set(model, names);
  }
  return names;
}
