/**
 * A webpack loader for bench/bundle.mjs: strips TypeScript types with esbuild (no bundling, no
 * minifying), so webpack and terser do the rest as they would in an app built with ts-loader.
 */
const { transformSync } = require('esbuild');

module.exports = function esbuildTsLoader(source) {
  return transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: this.resourcePath }).code;
};
