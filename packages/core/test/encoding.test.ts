import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempProject } from '@specwright/testing';
import { SpecError, loadSpecFile } from '../src/index.js';
import { decodeDocument } from '../src/load/decode-text.js';
import { serveSpecs } from './spec-server.js';

/** A spec's bytes are UTF-8, or UTF-16 after its byte order mark; anything else is an error at its place. */

const YAML = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    S: { type: string, enum: ["café", "caf\uFFFD", "😀"] }\n';
const JSON_SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: { S: { enum: ['café', '😀'] } } } });

const utf16 = (text: string, bigEndian: boolean) => {
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return bigEndian ? bytes.swap16() : bytes;
};
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const enumOf = (document: Record<string, unknown>) => (document as { components: { schemas: { S: { enum: string[] } } } }).components.schemas.S.enum;

async function loadError(input: string): Promise<SpecError> {
  const error = await loadSpecFile(input).catch((e: unknown) => e);
  if (!(error instanceof SpecError)) throw error;
  return error;
}

describe('reading a spec file', () => {
  it('refuses bytes that are not UTF-8, naming the file, line, column and byte offset, and keeps a real U+FFFD', async () => {
    const project = tempProject('encoding-latin1', { prettier: false });
    // Read as UTF-8 with replacement, the Latin-1 é would become U+FFFD: the first two values one.
    const file = project.write('api.yaml', '');
    const utf8 = Buffer.from(YAML);
    const at = utf8.indexOf('café') + 3;
    writeFileSync(file, Buffer.concat([utf8.subarray(0, at), latin1('é'), utf8.subarray(at + 2)]));
    const error = await loadError(file);
    expect(error.code).toBe('SPEC_SYNTAX');
    expect(error.describe()).toBe(`${file}:6:35: not UTF-8 text: byte 0xE9 at byte offset 115 (save the document as UTF-8)`);
    // A U+FFFD written as UTF-8 is text like any other.
    expect(enumOf((await loadSpecFile(project.write('api.yaml', YAML))).document)).toEqual(['café', 'caf\uFFFD', '😀']);
  });

  it.each([
    ['UTF-16LE YAML', 'api.yaml', YAML, false],
    ['UTF-16BE YAML', 'api.yaml', YAML, true],
    ['UTF-16LE JSON', 'api.json', JSON_SPEC, false],
    ['UTF-16BE JSON', 'api.json', JSON_SPEC, true],
  ])('reads %s with its byte order mark', async (_, name, text, bigEndian) => {
    const project = tempProject('encoding-utf16', { prettier: false });
    const file = project.write(name, '');
    writeFileSync(file, utf16(text, bigEndian));
    const spec = await loadSpecFile(file);
    expect(spec.version).toBe('3.1.0');
    expect(enumOf(spec.document)).toContain('😀');
  });

  it('refuses a lone surrogate in UTF-16', async () => {
    const project = tempProject('encoding-utf16-bad', { prettier: false });
    const file = project.write('api.yaml', '');
    writeFileSync(file, utf16('openapi: 3.1.0\nx: "\uD800"\n', true));
    expect((await loadError(file)).describe()).toBe(`${file}:2:5: not UTF-16BE text: code unit 0xD800 at byte offset 40 (save the document as UTF-8)`);
  });
});

describe('reading a remote spec or $ref target', () => {
  it('refuses bytes that are not UTF-8, naming the URL or the file', async () => {
    const bad = latin1('openapi: 3.1.0\ninfo: { title: "é", version: "1" }\npaths: {}\n');
    const server = await serveSpecs({
      '/api.yaml': (response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(bad),
      '/main.yaml': 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /a: { $ref: "./api.yaml#/paths" }\n',
    });
    try {
      expect((await loadError(`${server.origin}/api.yaml`)).describe()).toBe(`${server.origin}/api.yaml:2:17: not UTF-8 text: byte 0xE9 at byte offset 31 (save the document as UTF-8)`);
      expect((await loadError(`${server.origin}/main.yaml`)).location.file).toBe(`${server.origin}/api.yaml`);
    } finally {
      await server.close();
    }
  });
});

describe('decodeDocument', () => {
  it.each([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong form', [0x61, 0x62, 0xc0, 0xaf], 2],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], 0],
    ['a code point past U+10FFFF', [0x61, 0xf4, 0x90, 0x80, 0x80], 1],
    ['a sequence cut short at the end', [0x61, 0x62, 0x63, 0xe2, 0x82], 3],
    ['a sequence cut short by ASCII', [0x0a, 0xe2, 0x41], 1],
  ])('finds %s', (_, bytes, offset) => {
    expect(() => decodeDocument(Uint8Array.from(bytes), 'f.yaml')).toThrow(new RegExp(`at byte offset ${offset} `));
  });
});
