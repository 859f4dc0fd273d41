import { SpecError } from '../errors.js';

/**
 * The text of a document's bytes: UTF-8, or UTF-16 when it starts with that byte order mark (YAML
 * allows it). Bytes that are not text in that encoding are an error at their place: replaced by
 * U+FFFD, they would change names and enum values without a word (`café` in Latin-1 could become
 * a second `caf�`). One fatal decode; the bytes are scanned again only to report an error.
 */
export function decodeDocument(bytes: Uint8Array, file: string): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    const offset = encoding === 'utf-8' ? invalidUtf8At(bytes) : invalidUtf16At(bytes, encoding === 'utf-16le');
    const before = new TextDecoder(encoding).decode(bytes.subarray(0, offset));
    const lineStart = before.lastIndexOf('\n') + 1;
    const line = before.split('\n').length;
    const hex = (n: number, digits: number) => `0x${n.toString(16).toUpperCase().padStart(digits, '0')}`;
    const unit = encoding === 'utf-8' || offset + 1 >= bytes.length ? `byte ${hex(bytes[offset]!, 2)}` : `code unit ${hex(utf16Unit(bytes, offset, encoding === 'utf-16le'), 4)}`;
    const where = { file, line, column: before.length - lineStart + 1 };
    throw new SpecError(`not ${encoding.toUpperCase()} text: ${unit} at byte offset ${offset} (save the document as UTF-8)`, where, 'SPEC_SYNTAX');
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length - 1;
}

/** Offset of the first unit that is a lone surrogate, or of an odd last byte. */
function invalidUtf16At(bytes: Uint8Array, littleEndian: boolean): number {
  const unit = (i: number) => utf16Unit(bytes, i, littleEndian);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const code = unit(i);
    if (code >= 0xdc00 && code <= 0xdfff) return i;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 3 < bytes.length ? unit(i + 2) : -1;
      if (next < 0xdc00 || next > 0xdfff) return i;
      i += 2;
    }
  }
  return bytes.length - 1;
}

function utf16Unit(bytes: Uint8Array, i: number, littleEndian: boolean): number {
  return littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
}
