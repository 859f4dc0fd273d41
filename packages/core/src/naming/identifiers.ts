/** Reserved words of JavaScript and TypeScript that cannot name a binding. */
const RESERVED = new Set([
  'abstract', 'any', 'arguments', 'as', 'async', 'await', 'boolean', 'break', 'case', 'catch', 'class',
  'const', 'constructor', 'continue', 'debugger', 'declare', 'default', 'delete', 'do', 'else', 'enum',
  'eval', 'export', 'extends', 'false', 'finally', 'for', 'from', 'function', 'get', 'if', 'implements',
  'import', 'in', 'infer', 'instanceof', 'interface', 'is', 'keyof', 'let', 'module', 'namespace',
  'never', 'new', 'null', 'number', 'object', 'of', 'package', 'private', 'protected', 'public',
  'readonly', 'require', 'return', 'satisfies', 'set', 'static', 'string', 'super', 'switch', 'symbol',
  'this', 'throw', 'true', 'try', 'type', 'typeof', 'undefined', 'unique', 'unknown', 'var', 'void',
  'while', 'with', 'yield', 'bigint', 'global', 'keyof', 'override', 'out', 'accessor', 'using', 'asserts',
]);

/** Names that may not be declared (type aliases, interfaces, classes) because TS reserves them. */
const RESERVED_TYPE_NAMES = new Set(['any', 'unknown', 'never', 'number', 'bigint', 'boolean', 'string', 'symbol', 'void', 'object', 'undefined', 'null']);

export function isReservedWord(name: string): boolean {
  return RESERVED.has(name);
}

export function isReservedTypeName(name: string): boolean {
  return RESERVED_TYPE_NAMES.has(name) || RESERVED.has(name);
}

/** True when `name` can be written as a bare identifier (ASCII only, for predictable output). */
export function isAsciiIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** Makes a cased name usable as a binding: never empty, no leading digit, no reserved word. */
export function safeIdentifier(name: string, fallback: string): string {
  let out = name.length > 0 ? name : fallback;
  if (/^\p{Nd}/u.test(out)) out = `_${out}`;
  if (isReservedWord(out)) out = `${out}_`;
  return out;
}
