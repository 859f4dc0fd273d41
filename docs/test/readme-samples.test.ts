import { describe, expect, it } from 'vitest';
import { missingExcerptLines, readmeSamples } from './readme-samples.js';

/** The convention of CONTRIBUTING.md ("Code samples in the package READMEs"), read from a README. */
describe('readmeSamples', () => {
  const readme = [
    '# pkg',
    '',
    '```ts',
    "import { getBook } from './api/client.js';",
    '```',
    '',
    '## Petstore',
    '',
    '<!-- samples {"spec": "fixtures/specs/petstore-3.1.yaml"} -->',
    '```tsx',
    '// src/App.tsx: the app',
    'export const App = () => null;',
    '```',
    '',
    '- In a list:',
    '',
    '  <!-- sample {"prelude": "declare const id: string;", "file": "src/list.ts"} -->',
    '  ```ts',
    '  await getBook(id);',
    '  ```',
    '',
    '```sh',
    '# a shell comment is not a heading',
    '```',
    '',
    '<!-- sample {"fragment": "shorthand signatures"} -->',
    '```typescript',
    'useThing(params?)',
    '```',
    '',
    '### Next',
    '',
    '```ts',
    'export {};',
    '```',
  ].join('\n');
  const samples = readmeSamples('pkg', readme);

  it('finds every ts, tsx and typescript fence, indented ones too, and where each goes', () => {
    expect(samples.map((sample) => [sample.line, sample.lang, sample.file])).toEqual([
      [3, 'ts', 'src/pkg-1.ts'],
      [10, 'tsx', 'src/App.tsx'],
      [18, 'ts', 'src/list.ts'],
      [27, 'ts', 'src/pkg-4.ts'],
      [33, 'ts', 'src/pkg-5.ts'],
    ]);
    expect(samples[2]!.code).toBe('await getBook(id);\n');
  });

  it('a samples comment holds up to the next heading, merged with a sample comment', () => {
    expect(samples.map((sample) => sample.options)).toEqual([
      {},
      { spec: 'fixtures/specs/petstore-3.1.yaml' },
      { spec: 'fixtures/specs/petstore-3.1.yaml', prelude: 'declare const id: string;', file: 'src/list.ts' },
      { spec: 'fixtures/specs/petstore-3.1.yaml', fragment: 'shorthand signatures' },
      {},
    ]);
  });

  it('a comment that is not JSON is an error naming the README and line', () => {
    expect(() => readmeSamples('pkg', '<!-- sample {spec: 1} -->\n```ts\nx;\n```\n')).toThrow(/^packages\/pkg\/README\.md:1: the sample comment is not JSON/);
  });
});

describe('missingExcerptLines', () => {
  const generated = `export async function getPetById(
  petId: number,
  config?: RequestConfig,
): Promise<
  | Pet
  | undefined
> {
  return sendRequest<Pet>({ method: "GET" }, config);
}
`;

  it('takes the lines formatting aside, in order, with `// ...` and trailing comments of its own', () => {
    const excerpt = "export async function getPetById(petId: number, config?: RequestConfig): Promise<Pet | undefined> {\n  // ... the request\n  return sendRequest<Pet>({ method: 'GET' }, config); // parsed\n";
    expect(missingExcerptLines(excerpt, generated)).toEqual([]);
  });

  it('lists a line that is not there, or not in that order', () => {
    expect(missingExcerptLines('getPetById(petId: string, config?: RequestConfig)', generated)).toEqual(['getPetById(petId: string, config?: RequestConfig)']);
    expect(missingExcerptLines('return sendRequest<Pet>(\nexport async function getPetById(', generated)).toEqual(['export async function getPetById(']);
  });
});
