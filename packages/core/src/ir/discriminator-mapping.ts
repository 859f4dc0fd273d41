import { childPointer, type LocalRefs } from './pointer.js';
import type { SpecReader } from './reader.js';

/**
 * Refuses a discriminator mapping entry that names nothing in the document (`dog:
 * '#/components/schemas/Dgo'`): left alone, the variant silently takes its implicit value
 * (`"Dog"`), the generated schemas refuse every real `{ kind: "dog" }` and the mocks send the
 * wrong one. A target is a local pointer or a component schema's name; a reference into another
 * document is left to the bundler.
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
      reader.fail(where, `mapping "${value}" names ${local ? target : `the schema "${target}"`}, which is not in the document`);
    }
  }
}
