// Lets node run the corpus scripts and @specwright/testing from their TypeScript sources: node
// strips the types, and this hook resolves a relative `./x.js` import to `./x.ts` when only the
// TypeScript file exists (the sources use `.js` specifiers, as tsc and vitest expect).
// In-thread hooks where node has them (22.15): `register`'s run on a loader thread, and passing
// each of a worker's thousands of resolutions (TypeScript, msw, the routers) there and back costs
// more CPU than the checks of a small spec.
import * as nodeModule from 'node:module';
import { tsTarget } from './resolve-ts.mjs';

if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks({ resolve: (specifier, context, next) => next(tsTarget(specifier, context.parentURL) ?? specifier, context) });
} else {
  nodeModule.register('./resolve-ts.mjs', import.meta.url);
}
