// Type tests of the types generated for fixtures/specs/recursive-maps.yaml (compiled by client-types.test.ts).
import { expectTypeOf } from 'vitest';
import { type Document, type EvenLevel, type JsonValue, type Labels, type MaybeTree, type OddLevel, type TaggedLabels, type Tree } from './gen/index.js';

// Maps that lead back to themselves are index signatures (a `Record` alias would be circular).
expectTypeOf<Tree>().toEqualTypeOf<{ [key: string]: Tree }>();
expectTypeOf<MaybeTree>().toEqualTypeOf<{ [key: string]: MaybeTree } | null>();
expectTypeOf<JsonValue>().toEqualTypeOf<string | number | { [key: string]: JsonValue }>();
expectTypeOf<EvenLevel>().toEqualTypeOf<{ [key: string]: OddLevel }>();
expectTypeOf<OddLevel>().toEqualTypeOf<{ [key: string]: EvenLevel }>();
const tree: Tree = { a: { b: {} } };
expectTypeOf(tree).toEqualTypeOf<Tree>();

// Only pattern properties: the keys hold the patterns' types (and the other keys', when allowed).
expectTypeOf<Labels>().toEqualTypeOf<Record<string, string>>();
expectTypeOf<TaggedLabels>().toEqualTypeOf<Record<string, number | string>>();
const document: Document = { tree, value: { a: ['no'].length, b: 'x' }, labels: { 'x-team': 'core' } };
void document;

// @ts-expect-error a label is a string
void ({ 'x-team': 1 } satisfies Labels);
