/**
 * Code trees as JSON text for the worker thread (faster to send than a structured clone of many
 * small objects). JSON has no NaN, Infinity or -0: those numbers travel as tagged objects.
 */
import type { Stmt } from '../code/ast.js';

const TAG = '$specwrightNumber';

export function encodeStatements(statements: Stmt[]): string {
  return JSON.stringify(statements, (_key, value: unknown) =>
    typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)) ? { [TAG]: Object.is(value, -0) ? '-0' : String(value) } : value,
  );
}

export function decodeStatements(text: string): Stmt[] {
  // A reviver costs a call per value (most of the decoding time): only text with a tag needs one.
  if (!text.includes(TAG)) return JSON.parse(text) as Stmt[];
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && TAG in value) {
      const tagged = (value as Record<string, string>)[TAG]!;
      return tagged === '-0' ? -0 : Number(tagged);
    }
    return value;
  }) as Stmt[];
}
