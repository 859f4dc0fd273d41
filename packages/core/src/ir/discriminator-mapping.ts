import { childPointer, type LocalRefs } from './pointer.js';
import type { SpecReader } from './reader.js';

/**
 * Warns of a discriminator mapping entry that names nothing in the document (`dog:
 * '#/components/schemas/Dgo'`): the variant then takes its implicit value (`"Dog"`), so the
 * generated schemas may refuse every real `{ kind: "dog" }`, and the user should know. A warning,
 * not an error: published specs carry such entries (DigitalOcean's mappings name pointers its
 * bundling left behind) and generate well otherwise. A target is a local pointer or a component
 * schema's name; a reference into another document is left to the bundler.
 */
export function checkMappingTargets(raw: Record<string, unknown>, pointer: string, reader: SpecReader, refs: LocalRefs, isSchemaName: (name: string) => boolean): void {
  const discriminator = raw['discriminator'];
  if (!reader.isObject(discriminator) || !reader.isObject(discriminator['mapping'])) return;
  for (const [value, target] of Object.entries(discriminator['mapping'])) {
    if (typeof target !== 'string') continue;
    const local = target.startsWith('#');
    if (!local && /[/#]/.test(target)) continue;
    const found = local ? refs.normalize(target) !== undefined && refs.resolve(refs.normalize(target)!) !== undefined : isSchemaName(target);
    if (!found) {
      const where = childPointer(pointer, 'discriminator', 'mapping', value);
      reader.warn(where, `mapping "${value}" names ${local ? target : `the schema "${target}"`}, which is not in the document; the variant takes its implicit value`);
    }
  }
}
