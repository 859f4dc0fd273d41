/**
 * The fixed runtime code of client.ts and client-config.ts is marked canonical: under prettier's
 * default options the fast path writes it as is. Each text, in each variant, must be what every
 * proven prettier version prints for it; a helper edited out of prettier's style is named here.
 */
import { code, type Code } from '@specwright/core';
import { notCanonical } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { CLIENT_RUNTIME_NAMES, clientHelperCode, clientRuntimeExports, clientRuntimeInternals } from '../src/client-runtime.js';
import { clientConfigModule } from '../src/client-config.js';

const rawTexts = (statements: Code.Stmt[]) => statements.map((stmt) => (stmt.k === 'raw' && stmt.canonical ? stmt.text : undefined));

describe('canonical runtime code of client.ts', () => {
  it.each(['classic', 'mini'] as const)('every helper in the %s variant', async (variant) => {
    const texts = Object.fromEntries(CLIENT_RUNTIME_NAMES.map((name) => [`${name} (${variant})`, code.canonicalRaw(clientHelperCode(name, variant)).text]));
    expect(await notCanonical(texts)).toEqual([]);
  });

  it('the helpers are emitted as canonical raw statements', () => {
    for (const variant of ['classic', 'mini'] as const) {
      const emitted = rawTexts(clientRuntimeInternals(CLIENT_RUNTIME_NAMES, variant).statements);
      expect(emitted).toEqual(CLIENT_RUNTIME_NAMES.map((name) => code.canonicalRaw(clientHelperCode(name, variant)).text));
    }
  });

  it('the exported classes and types, client-config.ts, and an empty module', async () => {
    const texts: Record<string, string | undefined> = {
      'client.ts exports': rawTexts(clientRuntimeExports())[0],
      'client-config.ts': rawTexts(clientConfigModule().body)[0],
      'export {};': code.canonicalRaw('export {};').text,
    };
    for (const text of Object.values(texts)) expect(text).toBeDefined();
    expect(await notCanonical(texts as Record<string, string>)).toEqual([]);
  });
});
