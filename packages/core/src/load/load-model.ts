import { buildModel } from '../ir/build-model.js';
import { selectOperations } from '../ir/filters.js';
import type { ApiModel } from '../ir/types.js';
import { checkSpec, loadSpecFile, locateInSource, modelInSource, type LoadOptions } from './load-spec.js';

/** Spec file or URL → intermediate representation (`options`: the trust rules' config keys). */
export async function loadModel(input: string, options: LoadOptions = {}): Promise<ApiModel> {
  const spec = await loadSpecFile(input, options);
  try {
    return selectOperations(modelInSource(buildModel(spec), spec), options);
  } catch (error) {
    throw locateInSource(error, spec);
  }
}

/** An already parsed document (local refs only) → intermediate representation. */
export function modelFromDocument(document: unknown, label = '<spec>'): ApiModel {
  return buildModel(checkSpec(document, label));
}
