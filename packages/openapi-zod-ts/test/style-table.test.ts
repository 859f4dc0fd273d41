import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, importModule } from './support.js';

/**
 * The client's URLs held to the OpenAPI specification's "Style Examples" table (3.1.2, 4.8.12.6),
 * not to the routers (issue 33, repro 23). The rows are the table's, as written; 3.1.0 printed
 * label with explode false as `.blue.black.brown` and `.R.100.G.200.B.150`, which 3.0.4 and 3.1.1
 * corrected to RFC 6570's `.blue,black,brown` and `.R,100,G,200,B,150`. The `undefined` column is
 * not a value the client sends: path parameters are required and an absent query value is left out.
 * Header parameters travel as text the caller writes in `config.headers` and cookies are not sent,
 * so the `simple` rows are checked on path parameters and there is no cookie row.
 */
const TABLE = `
| matrix | false | ;color | ;color=blue | ;color=blue,black,brown | ;color=R,100,G,200,B,150 |
| matrix | true | ;color | ;color=blue | ;color=blue;color=black;color=brown | ;R=100;G=200;B=150 |
| label | false | . | .blue | .blue,black,brown | .R,100,G,200,B,150 |
| label | true | . | .blue | .blue.black.brown | .R=100.G=200.B=150 |
| simple | false | *empty* | blue | blue,black,brown | R,100,G,200,B,150 |
| simple | true | *empty* | blue | blue,black,brown | R=100,G=200,B=150 |
| form | false | color= | color=blue | color=blue,black,brown | color=R,100,G,200,B,150 |
| form | true | color= | color=blue | color=blue&color=black&color=brown | R=100&G=200&B=150 |
| spaceDelimited | false | *n/a* | *n/a* | color=blue%20black%20brown | color=R%20100%20G%20200%20B%20150 |
| spaceDelimited | true | *n/a* | *n/a* | *n/a* | *n/a* |
| pipeDelimited | false | *n/a* | *n/a* | color=blue%7Cblack%7Cbrown | color=R%7C100%7CG%7C200%7CB%7C150 |
| pipeDelimited | true | *n/a* | *n/a* | *n/a* | *n/a* |
| deepObject | false | *n/a* | *n/a* | *n/a* | *n/a* |
| deepObject | true | *n/a* | *n/a* | *n/a* | color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150 |
`;

const VALUES = { string: 'blue', array: ['blue', 'black', 'brown'], object: { R: 100, G: 200, B: 150 } } as const;
const SCHEMAS = {
  string: { type: 'string' },
  array: { type: 'array', items: { type: 'string' } },
  object: { type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' }, B: { type: 'integer' } } },
};
type Kind = keyof typeof VALUES;
const PATH_STYLES = ['simple', 'label', 'matrix'];

interface Case {
  style: string;
  explode: boolean;
  kind: Kind;
  expected: string;
  operationId: string;
}

const cases: Case[] = TABLE.trim()
  .split('\n')
  .flatMap((row) => {
    const [style, explode, , ...cells] = row.split('|').slice(1, -1).map((cell) => cell.trim());
    return (['string', 'array', 'object'] as const).flatMap((kind, i) => {
      const expected = cells[i]!;
      if (expected === '*n/a*') return [];
      return [{ style: style!, explode: explode === 'true', kind, expected, operationId: `${style}${explode === 'true' ? 'Explode' : ''}${kind}` }];
    });
  });

function spec(): object {
  const paths: Record<string, unknown> = {};
  for (const { style, explode, kind, operationId } of cases) {
    const path = PATH_STYLES.includes(style);
    const parameter = { name: 'color', in: path ? 'path' : 'query', required: true, style, explode, schema: SCHEMAS[kind] };
    paths[path ? `/${operationId}/{color}` : `/${operationId}`] = { get: { operationId, parameters: [parameter], responses: { '204': { description: 'ok' } } } };
  }
  return { openapi: '3.1.0', info: { title: 'style table', version: '1' }, paths };
}

/** A query string's name/value pairs, form-decoded: `%2C` and `,` (or `+` and `%20`) are one text. */
function pairs(query: string): [string, string][] {
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  return query.split('&').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    return [decode(name), decode(value)];
  });
}

type Fn = (...args: unknown[]) => Promise<unknown>;

describe.each(['classic', 'mini'] as const)('the client writes parameters as the style table does, %s zod', (variant) => {
  const urls: string[] = [];
  let client: Record<string, unknown> & { configureClient(config: Record<string, unknown>): void };

  beforeAll(async () => {
    const { project, warnings } = await generateInto(spec(), { format: false, prefix: 'style-table', variant });
    expect(warnings).toEqual([]);
    client = await importModule(join(project.dir, 'gen', 'index.ts'));
    client.configureClient({
      baseUrl: 'https://api.example.test',
      fetch: async (input: string | URL | Request) => {
        urls.push(String(input));
        return new Response(null, { status: 204 });
      },
    });
  });

  it.each(cases.map((c) => [`${c.style} explode=${c.explode} ${c.kind}`, c] as const))('%s', async (_, { style, kind, expected, operationId }) => {
    urls.length = 0;
    const value = VALUES[kind];
    const fn = client[operationId] as Fn;
    if (PATH_STYLES.includes(style)) {
      await fn(value);
      expect(urls[0]).toBe(`https://api.example.test/${operationId}/${expected}`);
    } else {
      await fn({ color: value });
      const url = new URL(urls[0]!);
      expect(pairs(url.search.slice(1))).toEqual(pairs(expected));
    }
  });

  it('refuses the simple style\'s empty string in a path, which no route takes, sending nothing', async () => {
    urls.length = 0;
    await expect((client['simplestring'] as Fn)('')).rejects.toMatchObject({ name: 'ValidationError', issues: [{ path: ['color'], message: 'A path parameter cannot be empty' }] });
    expect(urls).toEqual([]);
  });

  it('refuses an item holding the separator of an exploded label or matrix value, which would read as two', async () => {
    await expect((client['labelExplodearray'] as Fn)(['a.b'])).rejects.toMatchObject({ name: 'ValidationError', issues: [{ path: ['color', 0] }] });
    await expect((client['matrixExplodearray'] as Fn)(['a;b'])).rejects.toMatchObject({ name: 'ValidationError', issues: [{ path: ['color', 0] }] });
    expect(urls).toEqual([]);
  });
});
