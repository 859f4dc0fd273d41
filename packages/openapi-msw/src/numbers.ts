import { code as c, type Code, type NumberNode } from '@specwright/core';

/**
 * Numbers (seed: "integer, int32, int64" in 1 to 1000, other numbers 0 to 1000 with 2 fraction
 * digits; a `number` with an integer format counts as an integer). Bounds,
 * exclusive bounds and `multipleOf` clamp that range; when the range lies wholly outside the
 * bounds, a range of the same width starts at the nearest bound instead.
 */

const TABLE = { int: { min: 1, max: 1000 }, float: { min: 0, max: 1000, fractionDigits: 2 } } as const;

const faker = (method: string, args: Code.Expr[]) => c.call(c.path(`faker.${method}`), args);
const options = (entries: [string, number][]) => c.obj(entries.map(([key, value]) => c.prop(key, c.num(value))));

/** Formats that make a `type: number` whole (the seed's table row "integer, int32, int64"). */
const INTEGER_FORMATS = new Set(['int32', 'int64']);

export function numberExpr(node: NumberNode): Code.Expr {
  const step = node.multipleOf;
  if (node.integer || (node.format !== undefined && INTEGER_FORMATS.has(node.format.toLowerCase()))) return integerExpr(node, step === undefined ? 1 : integerStep(step));
  if (step !== undefined && isWhole(step)) return integerExpr({ ...node, integer: true }, Math.round(step));
  return floatExpr(node, step);
}

/** Integers in the table's range, clamped; `multipleOf` a whole number. */
function integerExpr(node: NumberNode, step: number): Code.Expr {
  let lo = -Infinity;
  let hi = Infinity;
  if (node.minimum !== undefined) lo = Math.ceil(node.minimum);
  if (node.exclusiveMinimum !== undefined) lo = Math.max(lo, Math.floor(node.exclusiveMinimum) + 1);
  if (node.maximum !== undefined) hi = Math.floor(node.maximum);
  if (node.exclusiveMaximum !== undefined) hi = Math.min(hi, Math.ceil(node.exclusiveMaximum) - 1);
  if (step === 1 && lo <= TABLE.int.min && hi >= TABLE.int.max) return faker('number.int', [options([['min', TABLE.int.min], ['max', TABLE.int.max]])]);

  let [min, max] = clampRange(lo, hi, TABLE.int.min, TABLE.int.max);
  // Keep at least one multiple of the step in range, moving the far end within the bounds.
  const first = Math.ceil(min / step) * step;
  if (first > max) max = Math.min(hi, first);
  if (first > max) return c.num(min);
  if (min === max) return c.num(min);
  const entries: [string, number][] = [['min', min], ['max', max]];
  if (step !== 1) entries.push(['multipleOf', step]);
  return faker('number.int', [options(entries)]);
}

/**
 * Floats on a grid: hundredths (the table's 2 fraction digits) or `multipleOf`. Drawn as a whole
 * number of grid steps, so that bounds never round outward and values print as short decimals.
 */
function floatExpr(node: NumberNode, multipleOf: number | undefined): Code.Expr {
  const unconstrained = node.minimum === undefined && node.maximum === undefined && node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined;
  if (multipleOf === undefined && unconstrained) {
    return faker('number.float', [options([['min', TABLE.float.min], ['max', TABLE.float.max], ['fractionDigits', TABLE.float.fractionDigits]])]);
  }
  const grid = multipleOf ?? 10 ** -TABLE.float.fractionDigits;
  const per = 1 / grid;
  let lo = -Infinity;
  let hi = Infinity;
  if (node.minimum !== undefined) lo = ceilTolerant(node.minimum / grid);
  if (node.exclusiveMinimum !== undefined) lo = Math.max(lo, floorTolerant(node.exclusiveMinimum / grid) + 1);
  if (node.maximum !== undefined) hi = floorTolerant(node.maximum / grid);
  if (node.exclusiveMaximum !== undefined) hi = Math.min(hi, ceilTolerant(node.exclusiveMaximum / grid) - 1);
  if (lo > hi) return finerFloat(node, multipleOf);

  const [min, max] = clampRange(lo, hi, Math.ceil(TABLE.float.min / grid), Math.floor(TABLE.float.max / grid));
  const steps = min === max ? c.num(min) : faker('number.int', [options([['min', min], ['max', max]])]);
  // Dividing by a whole number of steps per unit gives the nearest double to the decimal.
  if (isWhole(per)) return min === max ? c.num(min / Math.round(per)) : c.bin(steps, '/', c.num(Math.round(per)));
  return min === max ? c.num(min * grid) : c.bin(steps, '*', c.num(grid));
}

/** A range narrower than a hundredth: its midpoint (or the bound itself when only one exists). */
function finerFloat(node: NumberNode, multipleOf: number | undefined): Code.Expr {
  const lo = Math.max(node.minimum ?? -Infinity, node.exclusiveMinimum ?? -Infinity);
  const hi = Math.min(node.maximum ?? Infinity, node.exclusiveMaximum ?? Infinity);
  if (multipleOf !== undefined || !Number.isFinite(lo) || !Number.isFinite(hi)) return c.num(Number.isFinite(lo) ? lo : hi);
  return c.num((lo + hi) / 2);
}

/**
 * The table's range `[tableMin, tableMax]` inside `[lo, hi]`; when they do not overlap, a range of
 * the table's width from the nearest bound.
 */
function clampRange(lo: number, hi: number, tableMin: number, tableMax: number): [number, number] {
  const min = Math.max(lo, tableMin);
  const max = Math.min(hi, tableMax);
  if (min <= max) return [min, max];
  const width = tableMax - tableMin;
  if (lo > tableMax) return [lo, Math.min(hi, lo + width)];
  return [Math.max(lo, hi - width), hi];
}

/** The smallest whole multiple of a fractional step (0.5 → 1), for integer schemas. */
function integerStep(step: number): number {
  for (let factor = 1; factor <= 1000; factor++) {
    const product = step * factor;
    if (isWhole(product)) return Math.max(1, Math.round(product));
  }
  return 1;
}

function isWhole(value: number): boolean {
  return Math.abs(value - Math.round(value)) < 1e-9 * Math.max(1, Math.abs(value));
}

function ceilTolerant(value: number): number {
  return isWhole(value) ? Math.round(value) : Math.ceil(value);
}

function floorTolerant(value: number): number {
  return isWhole(value) ? Math.round(value) : Math.floor(value);
}
