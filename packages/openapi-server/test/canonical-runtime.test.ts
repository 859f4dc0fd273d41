/**
 * The routers' runtime snippets are marked canonical: under prettier's default options the fast
 * path writes them as they are. Each must be what every proven prettier version prints for it; a
 * snippet edited out of prettier's style is named here.
 */
import { notCanonical } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { NEST_SNIPPET_IDS, nestSnippetText } from '../src/runtime-nest.js';
import { SNIPPET_IDS, snippetText, snippetTexts } from '../src/runtime.js';

describe('canonical runtime snippets of router.ts', () => {
  it("every snippet, the NestJS router's included", async () => {
    expect(SNIPPET_IDS.length).toBeGreaterThan(10);
    const texts = [...SNIPPET_IDS.map((id) => [id, snippetText(id)]), ...NEST_SNIPPET_IDS.map((id) => [id, nestSnippetText(id)])];
    expect(await notCanonical(Object.fromEntries(texts))).toEqual([]);
  });

  it('a router carries the snippets as they are tested', () => {
    const tested = new Set(SNIPPET_IDS.map(snippetText));
    for (const id of SNIPPET_IDS) for (const text of snippetTexts([id])) expect(tested.has(text), id).toBe(true);
  });
});
