/**
 * Word splitting and casing. Identifiers keep letters and digits of any script (minus diacritics,
 * which are stripped); everything else separates words.
 */

const WORD_CHAR = /[\p{L}\p{Nd}]/u;

/** Splits text into words at separators and case boundaries (`getHTTPServer` → get, HTTP, Server). */
export function splitWords(text: string): string[] {
  const plain = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  const spaced = plain
    .replace(/[^\p{L}\p{Nd}]+/gu, ' ')
    .replace(/(\p{Ll}|\p{Nd})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2');
  const words = spaced.split(' ').filter((word) => word.length > 0 && WORD_CHAR.test(word));
  // An input written all in capitals (GET_PETS) is not a run of acronyms.
  return /\p{Ll}/u.test(plain) ? words : words.map((word) => word.toLowerCase());
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `list-pets` → `listPets`; an acronym at the start is lowered whole (`URLParts` → `urlParts`). */
export function camelCase(text: string): string {
  const words = splitWords(text);
  return words
    .map((word, index) => {
      if (index > 0) return upperFirst(word);
      return word === word.toUpperCase() ? word.toLowerCase() : word.charAt(0).toLowerCase() + word.slice(1);
    })
    .join('');
}

/** `pet_model` → `PetModel`. */
export function pascalCase(text: string): string {
  return splitWords(text).map(upperFirst).join('');
}

export { upperFirst };
