import { buildModel, DocumentCache, loadSpecFile, locateInSource, ModelMemo, modelInSource, selectOperations, type ApiModel, type SourceConfig } from '@specwright/core';
import type { SpecwrightProject } from './config.js';

/**
 * What a session keeps of one spec from run to run: the parsed files its `$ref`s read (parsed
 * again only when their text changes) and its converted schemas (converted again only when what
 * they read changed). The model is the one a fresh run builds.
 */
export interface SpecKeep {
  documents: DocumentCache;
  schemas: ModelMemo;
}

export function createSpecKeep(): SpecKeep {
  return { documents: new DocumentCache(), schemas: new ModelMemo() };
}

/**
 * The model and the files read for it. The parsed document is not returned: it is released once
 * the model is built (on Microsoft Graph's spec it is 60 MB the generators never read).
 */
export async function loadProjectModel(
  project: SpecwrightProject & SourceConfig,
  keep?: SpecKeep,
  reads?: Set<string>,
): Promise<{ model: ApiModel; loadedFiles: string[] }> {
  const spec = await loadSpecFile(project.input_openapi, { ...project, documents: keep?.documents, reads });
  try {
    return { model: selectOperations(modelInSource(buildModel(spec, { memo: keep?.schemas }), spec), project), loadedFiles: spec.loadedFiles };
  } catch (error) {
    throw locateInSource(error, spec);
  }
}
