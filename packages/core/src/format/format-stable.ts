import type { Prettier } from './prettier-instance.js';

/**
 * Formats text with prettier until `check` passes (prettier is not always idempotent: DECISIONS),
 * at most four rounds. Shared by the formatter and its worker thread, so both give the same text.
 */
export async function formatUntilStable(prettier: Prettier, source: string, options: Record<string, unknown>): Promise<string> {
  let text = source;
  for (let round = 0; round < 4; round++) {
    text = await prettier.format(text, options);
    if (await prettier.check(text, options)) return text;
  }
  return text;
}
