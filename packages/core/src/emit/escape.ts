/**
 * Escaping helpers, one per context in which spec text can appear in generated code. Nothing a
 * spec contains can end a string, a template, a comment or an identifier early.
 */

/** Characters that are legal in source but hide or reorder text (bidi controls, C0 controls). */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** What `commentLines` removes, splits at or escapes (line breaks included), and `*` of a `*\/`. */
const COMMENT_SPECIAL = /[\u0000-\u001f\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069*]/;
const TRAILING_SPACE = /\s+$/;
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** A double-quoted string literal; line and paragraph separators are escaped too. */
export function stringLiteral(value: string): string {
  // One pass for both separators: every string of every module comes through here.
  return JSON.stringify(value).replace(LINE_SEPARATORS, (separator) => (separator === '\u2028' ? '\\u2028' : '\\u2029'));
}

/** Text for the static part of a template literal. */
export function templateChunk(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/`/g, '\\`')
    .replace(/\$\{/g, '\\${')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** True when `name` can be written bare as a property name (`a.name`, `{ name: 1 }`). */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** A property key: bare when it is an identifier name, a string literal otherwise. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : stringLiteral(name);
}

/** Lines of comment text that cannot close the comment they sit in. */
export function commentLines(text: string): string[] {
  // Most descriptions are one line of plain text: nothing to remove, split or escape.
  if (!COMMENT_SPECIAL.test(text)) {
    const line = text.replace(TRAILING_SPACE, '');
    return line === '' ? [] : [line];
  }
  const lines = text
    .replace(INVISIBLE, '')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A JSDoc block: `/** text *\/` on one line, or one ` * ` line per line of text. */
export function jsDoc(text: string, indent = ''): string {
  const lines = commentLines(text);
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join('\n');
}

/** An inline block comment on one line (`/* text *\/`). */
export function blockComment(text: string): string {
  return `/* ${commentLines(text).join(' ')} */`;
}

/** A `//` comment; line breaks in the text become spaces. */
export function lineComment(text: string): string {
  return `// ${commentLines(text).join(' ')}`;
}
