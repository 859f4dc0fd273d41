import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The fixture specs: every YAML document of fixtures/specs and the multi-file one's entry. */
export function fixtureSpecs(): string[] {
  const dir = join(root, 'fixtures', 'specs');
  return [...readdirSync(dir).filter((name) => /\.ya?ml$/.test(name)), 'external/main.yaml'].map((name) => join(dir, name));
}

/** The shared repro folder, beside the repository as CI lays it out too. */
export const REPROS_DIR = join(root, '..', 'shared', 'repros');

/** The repro specs (`NN-name.yaml`; the files they reference have a second dot in their name). */
export function reproSpecs(): string[] {
  if (!existsSync(REPROS_DIR)) return [];
  return readdirSync(REPROS_DIR)
    .filter((name) => /^\d\d-[^.]+\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(REPROS_DIR, name));
}
