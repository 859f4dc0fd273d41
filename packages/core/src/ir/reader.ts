import { SpecError } from '../errors.js';
import { childPointer } from './pointer.js';

/** Typed access to raw spec values; a wrong type is a SpecError at the value's pointer. */
export class SpecReader {
  readonly warnings: string[] = [];

  constructor(readonly file: string) {}

  fail(pointer: string, message: string): never {
    throw new SpecError(message, { file: this.file, pointer });
  }

  warn(pointer: string, message: string): void {
    this.warnings.push(`${pointer}: ${message}`);
  }

  isObject(value: unknown): value is Record<string, unknown> {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  object(value: unknown, pointer: string, what: string): Record<string, unknown> {
    if (!this.isObject(value)) this.fail(pointer, `${what} must be an object, found ${describe(value)}`);
    return value;
  }

  optionalObject(value: unknown, pointer: string, what: string): Record<string, unknown> | undefined {
    return value === undefined ? undefined : this.object(value, pointer, what);
  }

  array(value: unknown, pointer: string, what: string): unknown[] {
    if (!Array.isArray(value)) this.fail(pointer, `${what} must be an array, found ${describe(value)}`);
    return value;
  }

  optionalArray(value: unknown, pointer: string, what: string): unknown[] | undefined {
    return value === undefined ? undefined : this.array(value, pointer, what);
  }

  /** A string where one is expected; other values are ignored with a warning. */
  lenientString(value: unknown, pointer: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    this.warn(pointer, `expected a string, found ${describe(value)}; ignored`);
    return undefined;
  }

  /** A finite number where one is expected; numeric strings are accepted, anything else ignored. */
  lenientNumber(value: unknown, pointer: string): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    this.warn(pointer, `expected a number, found ${describe(value)}; ignored`);
    return undefined;
  }

  /*
   * The same reads of `object[key]` at `pointer/key`: the key's pointer is built only for a value
   * that is there. Schemas are read keyword by keyword, and most keywords are absent.
   */
  optionalArrayAt(object: Record<string, unknown>, key: string, pointer: string, what: string): unknown[] | undefined {
    const value = object[key];
    return value === undefined ? undefined : this.array(value, childPointer(pointer, key), what);
  }

  optionalObjectAt(object: Record<string, unknown>, key: string, pointer: string, what: string): Record<string, unknown> | undefined {
    const value = object[key];
    return value === undefined ? undefined : this.object(value, childPointer(pointer, key), what);
  }

  lenientStringAt(object: Record<string, unknown>, key: string, pointer: string): string | undefined {
    const value = object[key];
    return value === undefined ? undefined : this.lenientString(value, childPointer(pointer, key));
  }

  lenientNumberAt(object: Record<string, unknown>, key: string, pointer: string): number | undefined {
    const value = object[key];
    return value === undefined ? undefined : this.lenientNumber(value, childPointer(pointer, key));
  }

  lenientBoolean(value: unknown, pointer: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    this.warn(pointer, `expected a boolean, found ${describe(value)}; ignored`);
    return undefined;
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}
