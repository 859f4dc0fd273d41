// Lets node run the corpus scripts and @specwright/testing from their TypeScript sources: node
// strips the types, and this hook resolves a relative `./x.js` import to `./x.ts` when only the
// TypeScript file exists (the sources use `.js` specifiers, as tsc and vitest expect).
import { register } from 'node:module';

register('./resolve-ts.mjs', import.meta.url);
