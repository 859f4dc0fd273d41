// Type tests of the types generated for fixtures/specs/features-3.1.yaml (compiled by client-types.test.ts).
import { expectTypeOf } from 'vitest';
import {
  createShape,
  getTree,
  putUser,
  type AnyPet,
  type Department,
  type Employee,
  type KitchenSink,
  type Shape,
  type TreeNode,
  type UserEnvelope,
  type UserEnvelopeWritable,
  type Vehicle,
} from './gen/index.js';

// Discriminated unions narrow on the discriminator, whatever the variants declare themselves.
declare const shape: Shape;
if (shape.kind === 'circle') expectTypeOf(shape.radius).toEqualTypeOf<number>();
else expectTypeOf(shape.kind).toEqualTypeOf<'rect' | 'rectangle'>();

declare const pet: AnyPet;
if (pet.petType === 'Dog') expectTypeOf(pet.goodBoy).toEqualTypeOf<boolean>();
else expectTypeOf(pet.livesLeft).toEqualTypeOf<number | undefined>();

declare const vehicle: Vehicle;
if (vehicle.type === 'car') expectTypeOf(vehicle.doors).toEqualTypeOf<2 | 4 | 5>();
else expectTypeOf(vehicle.gears).toEqualTypeOf<number | undefined>();

// Recursion.
expectTypeOf<TreeNode['children']>().toEqualTypeOf<TreeNode[]>();
expectTypeOf<Employee['department']>().toEqualTypeOf<Department | undefined>();
expectTypeOf<Department['employees']>().toEqualTypeOf<Employee[]>();
expectTypeOf(getTree).returns.resolves.toEqualTypeOf<TreeNode>();

// Scalars, tuples, maps.
expectTypeOf<KitchenSink['tuple']>().toEqualTypeOf<[string, number]>();
expectTypeOf<KitchenSink['openTuple']>().toEqualTypeOf<[boolean, ...string[]] | undefined>();
expectTypeOf<KitchenSink['map']>().toEqualTypeOf<Record<string, number>>();
expectTypeOf<KitchenSink['closedMap']>().toEqualTypeOf<{ a?: string | undefined }>();
expectTypeOf<KitchenSink['constant']>().toEqualTypeOf<42>();
expectTypeOf<KitchenSink['mixed']>().toEqualTypeOf<1 | 'one' | true | undefined>();
expectTypeOf<KitchenSink['maybe']>().toEqualTypeOf<number | null | undefined>();
expectTypeOf<KitchenSink['nothing']>().toEqualTypeOf<null | undefined>();

// readOnly / writeOnly through a reference: requests use the writable variant.
expectTypeOf<UserEnvelope['user']>().toEqualTypeOf<{ id: string; name: string }>();
expectTypeOf<UserEnvelopeWritable['user']>().toEqualTypeOf<{ name: string; password?: string | undefined }>();
expectTypeOf(putUser).parameters.toEqualTypeOf<[userId: string, body: UserEnvelopeWritable, config?: import('./gen/index.js').RequestConfig]>();
expectTypeOf(putUser).returns.resolves.toEqualTypeOf<UserEnvelope>();

// @ts-expect-error a circle needs its radius
void createShape({ kind: 'circle' });
