/**
 * The mock helpers of handlers.ts are marked canonical: under prettier's default options the fast
 * path writes them as they are. Each must be what every proven prettier version prints for it; a
 * helper edited out of prettier's style is named here.
 */
import { code } from '@specwright/core';
import { notCanonical } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { DESCRIBED_RUNTIME, FACTORY_RUNTIME, MERGE_RUNTIME, MOCK_PARTIAL, NO_TRAILING_SLASH, OPERATION_RUNTIME, VARIED_RUNTIME } from '../src/operation-runtime.js';
import { FORM_RESPONSE, HELPERS } from '../src/runtime-helpers.js';

describe('canonical helpers of handlers.ts', () => {
  it('every helper and the form response', async () => {
    const texts: Record<string, string> = { formResponse: code.canonicalRaw(FORM_RESPONSE).text };
    for (const [name, text] of Object.entries(HELPERS)) texts[name] = code.canonicalRaw(text).text;
    // The per-operation handlers' and factories' runtime (issue 35).
    [MOCK_PARTIAL.typed, MOCK_PARTIAL.inferred, ...MERGE_RUNTIME, ...FACTORY_RUNTIME, ...OPERATION_RUNTIME, ...DESCRIBED_RUNTIME, ...VARIED_RUNTIME, NO_TRAILING_SLASH].forEach((text, i) => (texts[`runtime ${i}`] = code.canonicalRaw(text).text));
    expect(await notCanonical(texts)).toEqual([]);
  });
});
