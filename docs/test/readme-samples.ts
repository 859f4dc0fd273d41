import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@specwright/testing';

/**
 * The ts/tsx samples of the package READMEs (the docs site's package pages) and what each one is
 * about, read from the README itself: CONTRIBUTING.md ("Code samples in the docs") describes the
 * convention. A sample is compiled in a project generated from its spec and config; an HTML
 * comment before its fence (invisible on the site) says when that is not bookshop's.
 */

/** The project a sample lives in when no comment says otherwise: every generator on bookshop. */
export const DEFAULT_SPEC = 'fixtures/specs/bookshop.yaml';
export const DEFAULT_CONFIG = {
  zod_ts: { output: './src/api' },
  server: { framework: 'hono' },
  react_query: {},
  msw: { output: './src/mocks' },
} as const;

/** What `<!-- samples {...} -->` (the samples after it, up to the next heading) and `<!-- sample {...} -->` (the next fence) may say. */
export interface SampleOptions {
  /** The spec, from the repository root. */
  spec?: string;
  /** The specwright config without `input_openapi`; a list writes the sample into one project per config. */
  config?: Record<string, unknown> | Record<string, unknown>[];
  /** Compiler options over the strict set (a Solid component's JSX). */
  compilerOptions?: Record<string, unknown>;
  /** Where the sample is written, when its first line does not name it. */
  file?: string;
  /** Declarations the text takes for granted (the user's own `App`), written before it and not shown. */
  prelude?: string;
  /** Why the sample cannot be compiled: it is then only required to say so. */
  fragment?: string;
  /** The generated file (in the project) the sample is an excerpt of: its lines must be there, in order. */
  generated?: string;
}

export interface ReadmeSample {
  /** The package folder (`openapi-msw`). */
  pkg: string;
  /** 1-based line of the fence in the README. */
  line: number;
  lang: 'ts' | 'tsx';
  code: string;
  options: SampleOptions;
  /** Where the sample is written in its project(s). */
  file: string;
}

/** A fenced ts/tsx block, at any indentation (a block inside a list item is indented). */
const FENCE = /^( *)```(ts|tsx|typescript)[^\S\n]*\n([\s\S]*?)^\1```[^\S\n]*$/gm;
/** A first-line comment naming the sample's file: `// src/server.ts`, `// auth.ts: your context type`. */
const FILE_COMMENT = /^\/\/ ((?:[\w.@[\]-]+\/)*[\w.@[\]-]+\.tsx?)(?=$|[\s:(,])/;
const DIRECTIVE = /^<!-- (samples?) (\{.*\}) -->$/;

function directive(readme: string, line: number, text: string): { kind: 'sample' | 'samples'; options: SampleOptions } | undefined {
  const match = DIRECTIVE.exec(text.trim());
  if (match === undefined || match === null) return undefined;
  try {
    return { kind: match[1] as 'sample' | 'samples', options: JSON.parse(match[2]!) as SampleOptions };
  } catch (error) {
    throw new Error(`${readme}:${line}: the sample comment is not JSON: ${(error as Error).message}`);
  }
}

/** The samples of one README, each with the options of the last `samples` comment before it and its own `sample` comment. */
export function readmeSamples(pkg: string, markdown: string): ReadmeSample[] {
  const readme = `packages/${pkg}/README.md`;
  const lines = markdown.split('\n');
  const lineOf = (offset: number) => markdown.slice(0, offset).split('\n').length;
  return [...markdown.matchAll(FENCE)].map((match, index) => {
    const line = lineOf(match.index);
    let defaults: SampleOptions = {};
    let fenced = false;
    for (let i = 0; i < line - 1; i++) {
      if (/^\s*(```|~~~)/.test(lines[i]!)) fenced = !fenced;
      if (!fenced && /^#{1,6} /.test(lines[i]!)) defaults = {};
      const found = directive(readme, i + 1, lines[i]!);
      if (found?.kind === 'samples') defaults = found.options;
    }
    let previous = line - 2;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const found = previous >= 0 ? directive(readme, previous + 1, lines[previous]!) : undefined;
    const own = found?.kind === 'sample' ? found.options : {};
    const indent = match[1]!.length;
    const code = match[3]!
      .split('\n')
      .map((text) => text.slice(Math.min(indent, text.length - text.trimStart().length)))
      .join('\n');
    const lang = match[2] === 'tsx' ? 'tsx' : 'ts';
    const options = { ...defaults, ...own };
    const named = FILE_COMMENT.exec(code.split('\n', 1)[0]!)?.[1];
    return { pkg, line, lang, code, options, file: options.file ?? named ?? `src/${pkg}-${index + 1}.${lang}` };
  });
}

/** Every package README's samples. */
export function allReadmeSamples(): ReadmeSample[] {
  const packages = join(repoRoot, 'packages');
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      let text: string;
      try {
        text = readFileSync(join(packages, entry.name, 'README.md'), 'utf8');
      } catch {
        return [];
      }
      return readmeSamples(entry.name, text);
    });
}

/** Code as text with quotes, spacing, line breaks, trailing commas and a union's leading `|` aside: what formatting may change. */
function flat(code: string): string {
  return code
    .replace(/'/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/(^|[<(=:]) ?\| /g, '$1 ')
    .replace(/([([{<]) /g, '$1')
    .replace(/ ?,? ?([)\]}>])/g, '$1')
    .trim();
}

/**
 * The lines of an excerpt that are not in the generated code, in order: each line, formatting
 * aside, must be in the file after the previous one. A `// ...` line stands for what the excerpt
 * leaves out, and a trailing `// comment` of the excerpt's own may be absent from the file.
 */
export function missingExcerptLines(excerpt: string, generated: string): string[] {
  const target = flat(generated);
  const missing: string[] = [];
  let at = 0;
  for (const raw of excerpt.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('// ...')) continue;
    const candidates = [line, line.replace(/\s+\/\/ .*$/, '')].map((text) => flat(text).replace(/[,;]$/, ''));
    const found = candidates.map((candidate) => target.indexOf(candidate, at)).find((index) => index !== -1);
    if (found === undefined) missing.push(raw);
    else at = found + 1;
  }
  return missing;
}
