import { typecheck } from '@specwright/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { routePattern } from '../src/routes.js';
import { BASE, openapi, withClients, withServer, type WithClient } from './support.js';

/**
 * Literal path text that MSW 2 (which rewrites `*`, cuts at `|` and escapes the first `:<digits>`)
 * or path-to-regexp 6 (`*`, `+`, `?`, `(`, `)`, `:`, `{`, `}`, `\`) would read as syntax, and
 * trailing-slash twins: each request the spec allows reaches its own operation's handler, through
 * the generated client and real MSW (msw/node), under the default `*` base and under a base URL
 * with a port.
 */

const answering = (operationId: string, kind: string, path: string) => {
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const schema = { type: 'object', required: ['kind'], properties: { kind: { const: kind } } };
  return { get: { operationId, parameters: params, responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } };
};

/**
 * `[name, { segment, decoy }]`: `/c/<segment>/{id}` (operation `own`) is declared before
 * `/c/<decoy>/{id}` (operation `decoy`), a path its route would also match, or fail on, if its text
 * were read as syntax.
 */
const LITERALS: [string, { segment: string; decoy: string }][] = [
  ['a star beside a plus (the QA spec: v1* and v1+beta)', { segment: 'v1*', decoy: 'v1+beta' }],
  ['a lone star', { segment: '*', decoy: 'xyz' }],
  ['two stars', { segment: 'a**b', decoy: 'axyb' }],
  ['a star right before a parameter', { segment: 'x*{p}', decoy: 'xyz' }],
  // `:p*` would be a repeated parameter, ordered before a bare one.
  ['a star right after a parameter', { segment: '{p}*', decoy: '{q}' }],
  ['a bar (MSW reads it as the start of a query)', { segment: 'a|b', decoy: 'a' }],
  ['a colon before digits (MSW reads a port)', { segment: 'a:1', decoy: 'a:2' }],
  ['a colon before digits opening a segment', { segment: ':1', decoy: 'xyz' }],
  ['a colon before a word', { segment: 'x:cancel', decoy: 'xyz' }],
  ['a plus', { segment: 'a+b', decoy: 'aab' }],
  ['parentheses', { segment: '(x)', decoy: 'x' }],
  ['a backslash (fetch sends a slash)', { segment: 'a\\b', decoy: 'ab' }],
  ['a parameter named by digits (MSW would read a port)', { segment: 'v{1}', decoy: 'w' }],
  ['characters plain to path-to-regexp 6 (some are syntax in 8)', { segment: "!@$&'=,;~[]^.-_", decoy: 'xyz' }],
  ['characters fetch percent-encodes', { segment: 'a b"<>`ü', decoy: 'ab' }],
];

const SLASHES: Record<string, Record<string, unknown>> = {
  // The QA spec: /dirs/{id} declared first.
  'slash': { '/dirs/{id}': answering('getDir', 'dir', '/dirs/{id}'), '/dirs/{id}/': answering('listDir', 'listing', '/dirs/{id}/') },
  'slash-reversed': { '/dirs/{id}/': answering('listDir', 'listing', '/dirs/{id}/'), '/dirs/{id}': answering('getDir', 'dir', '/dirs/{id}') },
  // Under a `*` base, `*/api/:id` (more segments, so first) also matches `<BASE>/a/`, that is `/api/a/`.
  'slash-shorter': { '/{x}/': answering('listDir', 'listing', '/{x}/'), '/api/{id}': answering('getDir', 'dir', '/api/{id}') },
};

let generated: Record<string, WithClient>;
let compiled: { code: number; output: string };

beforeAll(async () => {
  const specs: Record<string, object> = {};
  LITERALS.forEach(([, { segment, decoy }], i) => {
    const own = `/c/${segment}/{id}`;
    const other = `/c/${decoy}/{id}`;
    specs[`literal-${i}`] = openapi({ [own]: answering('own', 'own', own), [other]: answering('decoy', 'decoy', other) });
  });
  for (const [name, paths] of Object.entries(SLASHES)) specs[name] = openapi(paths);
  const result = await withClients(specs);
  generated = result.generated;
  result.project.tsconfig('nodenext');
  const checked = typecheck(result.project.dir, '5.9');
  compiled = { code: checked.code, output: `${checked.stdout}${checked.stderr}` };
}, 300_000);

/** What each operation's client call resolves to, with the default handlers and with `BASE` as their base URL. */
async function answers({ handlers, call }: WithClient, calls: Record<string, unknown[]>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const set of [handlers.handlers, handlers.createHandlers({ baseUrl: BASE })]) {
    await withServer(set, async () => {
      const answer: Record<string, unknown> = {};
      for (const [operationId, args] of Object.entries(calls)) answer[operationId] = await call[operationId]!(...args).catch((e: Error) => `${e.name}: ${e.message}`);
      out.push(answer);
    });
  }
  return out;
}

it('every handlers.ts and client compiles under the strict flag set', () => {
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
});

describe('literal path text is matched as text', () => {
  it.each(LITERALS.map(([name, paths], i) => [name, paths, i] as const))('%s', async (_, { segment, decoy }, i) => {
    const args = (text: string) => [...`${text}/{id}`.matchAll(/\{[^}]+\}/g)].map((_, n) => `v${n}`);
    const result = await answers(generated[`literal-${i}`]!, { own: args(segment), decoy: args(decoy) });
    expect(result).toEqual([
      { own: { kind: 'own' }, decoy: { kind: 'decoy' } },
      { own: { kind: 'own' }, decoy: { kind: 'decoy' } },
    ]);
  });

  it.each<[string, { given: string; want: string }]>([
    ['star', { given: '/files/v1*/{name}', want: '/files/v1(\\x2a)/:name' }],
    ['star before a parameter', { given: '/x*{p}', want: '/x(\\x2a):p([^\\x2f\\x23\\x3f]+)' }],
    ['star after a parameter', { given: '/{p}*', want: '/{:p}(\\x2a)' }],
    ['bar', { given: '/a|b', want: '/a(\\x7c)b' }],
    ['colon before digits', { given: '/a:1/:2', want: '/a(\\x3a)1/(\\x3a)2' }],
    ['colon before a word', { given: '/{name}:cancel', want: '/:name\\:cancel' }],
    ['plus and parentheses', { given: '/(x)+y', want: '/\\(x\\)\\+y' }],
    ['backslash', { given: '/a\\b', want: '/a/b' }],
    ['parameter named by digits', { given: '/v{1}', want: '/v:_1' }],
    ['plain characters', { given: "/!@$&'=,;~[]^.", want: "/!@$&'=,;~[]^." }],
    ['encoded characters', { given: '/a b`ü', want: '/a%20b%60%C3%BC' }],
  ])('route of %s', (_, { given, want }) => {
    expect(routePattern(given).pattern).toBe(want);
  });
});

describe('trailing-slash twins', () => {
  it.each(Object.keys(SLASHES))('%s: each request reaches its own handler, in both directions', async (name) => {
    const result = await answers(generated[name]!, { getDir: ['a'], listDir: ['a'] });
    expect(result).toEqual([
      { getDir: { kind: 'dir' }, listDir: { kind: 'listing' } },
      { getDir: { kind: 'dir' }, listDir: { kind: 'listing' } },
    ]);
  });

  it('a handler reads the pathname only where a path of its method ends with a slash', () => {
    // The handler of /dirs/{id} declines /dirs/a/ through the shared test: declared once, used once.
    const content = generated['slash']!.content;
    expect(content).toContain('!new URL(info.request.url).pathname.endsWith("/")');
    expect(content.match(/\bmswNoTrailingSlash\b/g)).toHaveLength(2);
    expect(generated['literal-0']!.content).not.toContain('endsWith');
  });
});
