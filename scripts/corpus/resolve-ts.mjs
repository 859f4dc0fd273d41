import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The `.ts` file a relative `./x.js` import means when only the TypeScript file exists, else undefined. */
export function tsTarget(specifier, parentURL) {
  if ((specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js') && parentURL?.startsWith('file:')) {
    const url = new URL(specifier, parentURL);
    if (!url.pathname.includes('/node_modules/') && !existsSync(fileURLToPath(url))) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), parentURL);
      if (existsSync(fileURLToPath(ts))) return ts.href;
    }
  }
  return undefined;
}

export async function resolve(specifier, context, next) {
  return next(tsTarget(specifier, context.parentURL) ?? specifier, context);
}
