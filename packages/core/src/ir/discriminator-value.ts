import type { DiscriminatorValue, SchemaNode } from './types.js';

/**
 * A discriminator mapping key (always a string in the spec) as the value the property really
 * holds: `'False'` selects `false` on a boolean property, `'1.0'` selects `1` on a number. Matched
 * against the property's own enum or const first, so the variant's spelling wins.
 */
export function discriminatorValue(key: string, property: SchemaNode | undefined): DiscriminatorValue {
  if (property?.kind === 'enum') {
    const own = property.values.find((value) => sameValue(key, value));
    if (own !== undefined) return own;
    return key;
  }
  if (property?.kind === 'boolean') {
    const lower = key.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  if (property?.kind === 'number' && key.trim() !== '') {
    const number = Number(key);
    if (Number.isFinite(number) && (!property.integer || Number.isInteger(number))) return number;
  }
  return key;
}

function sameValue(key: string, value: DiscriminatorValue): boolean {
  if (typeof value === 'number') return key.trim() !== '' && Number(key) === value;
  if (typeof value === 'boolean') return key.toLowerCase() === String(value);
  return key === value;
}
