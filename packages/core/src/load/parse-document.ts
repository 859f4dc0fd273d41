import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { SpecError } from '../errors.js';
import { loadPlainYaml } from './plain-yaml.js';

// yaml (70 modules, ~25 ms to load) is required by the first YAML document, not at start: most
// large specs are JSON. Under Node its entry is CommonJS, the module an import would load too.
const require = createRequire(import.meta.url);

/** Parses JSON or YAML text; a syntax error names the file, line and column. */
export function parseDocumentText(text: string, file: string): unknown {
  const ext = extname(file).toLowerCase();
  const looksJson = ext === '.json' || (ext !== '.yaml' && ext !== '.yml' && /^\s*[[{]/.test(text));
  return looksJson ? parseJson(text, file) : parseYaml(text, file);
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const { line, column } = lineColumn(text, offset);
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    throw new SpecError(`invalid JSON: ${reason}`, { file, line, column }, 'SPEC_SYNTAX');
  }
}

function parseYaml(text: string, file: string): unknown {
  const plain = loadPlainYaml(stripBom(text));
  return plain !== undefined ? plain : parseYamlReference(text, file);
}

/**
 * YAML as `yaml` reads it: the reference `loadPlainYaml` agrees with, and the syntax errors. A key
 * written twice in one mapping is one of them, as YAML says: the second `/pets:` of a hand-written
 * spec would otherwise replace the first without a word (swagger-parser refuses it too).
 */
export function parseYamlReference(text: string, file: string): unknown {
  const { parseDocument } = require('yaml') as typeof import('yaml');
  const doc = parseDocument(stripBom(text), { merge: true, uniqueKeys: true, prettyErrors: true });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    throw new SpecError(`invalid YAML: ${first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`, { file, line: pos?.line, column: pos?.col }, 'SPEC_SYNTAX');
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 10_000 });
  } catch (error) {
    throw new SpecError(`invalid YAML: ${error instanceof Error ? error.message : String(error)}`, { file }, 'SPEC_SYNTAX');
  }
  const cycle = cycleIn(value);
  if (cycle !== undefined) throw new SpecError(`invalid YAML: an alias at ${cycle} names a node that holds it, so the document never ends (write a $ref for a recursive schema)`, { file }, 'SPEC_SYNTAX');
  return value;
}

/**
 * The JSON pointer of a value that holds itself (an anchor's alias inside the anchored node:
 * `A: &a { properties: { self: *a } }`), which no JSON document is and every later walk would
 * follow for ever; undefined when there is none. Shared nodes (an alias used twice) are fine.
 */
function cycleIn(root: unknown): string | undefined {
  const open = new Set<object>();
  const done = new Set<object>();
  const visit = (node: unknown, pointer: string): string | undefined => {
    if (node === null || typeof node !== 'object' || done.has(node)) return undefined;
    if (open.has(node)) return pointer;
    open.add(node);
    for (const [key, child] of Object.entries(node)) {
      const found = visit(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      if (found !== undefined) return found;
    }
    open.delete(node);
    done.add(node);
    return undefined;
  };
  return visit(root, '#');
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
