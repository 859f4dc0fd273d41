import { buildModel } from '../ir/build-model.js';
import type { ApiModel } from '../ir/types.js';
import { checkSpec, loadSpecFile } from './load-spec.js';

/** Spec file → intermediate representation. */
export async function loadModel(path: string): Promise<ApiModel> {
  return buildModel(await loadSpecFile(path));
}

/** An already parsed document (local refs only) → intermediate representation. */
export function modelFromDocument(document: unknown, label = '<spec>'): ApiModel {
  return buildModel(checkSpec(document, label));
}
