/**
 * JSON text that tells every number apart, for hashing: `JSON.stringify` writes NaN and the
 * infinities as `null` and -0 as `0`, which a YAML spec (and the code trees built from it) can
 * hold and which print and convert differently. Those numbers are written as objects no document
 * or tree node looks like.
 */

/** A bare `0` or `null` in the text is the only place one of them can hide. */
const INEXACT = /[:,[](?:0|null)[,\]}]/;

export function exactJson(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined';
  // A walk tells whether the text is exact, cheaper than a replacer call per value, and only
  // needed when the text could hide such a number.
  return INEXACT.test(json) && holdsInexact(value) ? JSON.stringify(value, exactNumbers) : json;
}

/** Whether a value holds -0, NaN or an infinity anywhere. */
function holdsInexact(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') {
      if (!Number.isFinite(item) || Object.is(item, -0)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const inner of Object.values(item)) stack.push(inner);
    }
  }
  return false;
}

function exactNumbers(_key: string, value: unknown): unknown {
  if (typeof value !== 'number' || (Number.isFinite(value) && !Object.is(value, -0))) return value;
  return { '\u0000number': Object.is(value, -0) ? '-0' : String(value) };
}
