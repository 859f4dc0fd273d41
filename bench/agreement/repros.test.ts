import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSpec } from '../../scripts/agreement/roundtrip.js';
import { REPROS_DIR, reproSpecs } from '../../scripts/agreement/specs.js';
import { failures, projectFolder, silentSkips, variantOf } from './support.js';

/**
 * The round trip on every repro of ../shared/repros (issue 15): the goal is 0 failed for each.
 * Repro 14 is a broken external `$ref`: its goal is a clear error naming the `$ref`'s place and the
 * file searched. Each repro runs with the `zod_variant` `pnpm agreement` gives it.
 */
describe('agreement: every repro of ../shared/repros round-trips', () => {
  it('the repro folder is there (CI lays it out beside the repository)', () => {
    if (process.env['CI'] === 'true') expect(existsSync(REPROS_DIR), `${REPROS_DIR} is missing`).toBe(true);
  });

  it.skipIf(!existsSync(REPROS_DIR) && process.env['CI'] !== 'true').each(reproSpecs().map((spec) => [basename(spec), spec]))('%s', async (name, spec) => {
    const outcome = await checkSpec(spec, { dir: projectFolder('repro'), variant: variantOf(spec) });
    if (name.startsWith('14-')) {
      // Its goal: the place of the broken `$ref` and the file it was looked up in.
      expect(outcome.error).toContain('#/paths/~1external/get/responses/200/content/application~1json/schema');
      expect(outcome.error).toContain('14-external-ref-error-no-location.shared.json');
      return;
    }
    expect(outcome.error).toBeUndefined();
    expect(failures(outcome)).toEqual([]);
    expect(silentSkips(outcome)).toEqual([]);
    if (name.startsWith('09-')) {
      // Seed MSW rule 1 (issue 33 over the repro): no handler, and a warning naming the operation;
      // the routers still agreed.
      expect(outcome.operations.map((o) => `${o.operation} ${o.status}`)).toEqual(['GET /simple skipped']);
      expect(outcome.warnings).toContainEqual(expect.stringContaining('GET /simple (#/paths/~1simple/get) declares no responses'));
    }
  });

  // Issue 33: its repros (21: a default response's external $ref; 22: anyOf keeps every member's
  // keys; 23: label and matrix path styles; 24: not and untyped constraints) also round-trip with
  // the other zod variant.
  const otherVariant = reproSpecs().filter((spec) => /^2[1-4]-/.test(basename(spec)));
  it.skipIf(!existsSync(REPROS_DIR) && process.env['CI'] !== 'true').each(otherVariant.map((spec) => [basename(spec), spec]))('%s, the other zod variant', async (_name, spec) => {
    const variant = variantOf(spec) === 'mini' ? 'classic' : 'mini';
    const outcome = await checkSpec(spec, { dir: projectFolder('repro'), variant });
    expect(outcome.error).toBeUndefined();
    expect(failures(outcome)).toEqual([]);
    expect(silentSkips(outcome)).toEqual([]);
  });
});
