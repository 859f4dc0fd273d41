import type { NewPet, Pet, PetPage, ListPetsQuery } from '../generated/schema-types.js';
import { HttpError } from '../generated/router.js';
import type { Service } from '../generated/service.js';

const DEFAULT_LIMIT = 20;

/** Path parameters arrive as raw text (the router does not validate them): ids are checked here. */
function idOf(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== text) throw new HttpError(404, `No pet with id ${JSON.stringify(text)}`);
  return id;
}

/** An in-memory pet store implementing the generated service interface. */
export function createPetStore(seed: NewPet[] = []): Service {
  const pets = new Map<number, Pet>();
  let nextId = 1;

  const find = (text: string): Pet => {
    const pet = pets.get(idOf(text));
    if (!pet) throw new HttpError(404, `No pet with id ${text}`);
    return pet;
  };
  const build = (id: number, input: NewPet): Pet => ({ id, name: input.name, status: input.status ?? 'available', ...(input.tag === undefined ? {} : { tag: input.tag }) });
  for (const input of seed) {
    const id = nextId++;
    pets.set(id, build(id, input));
  }

  return {
    async listPets(query?: ListPetsQuery): Promise<PetPage> {
      const limit = query?.limit ?? DEFAULT_LIMIT;
      const offset = query?.offset ?? 0;
      const matching = [...pets.values()].filter((pet) => query?.status === undefined || pet.status === query.status);
      const items = matching.slice(offset, offset + limit);
      const next = offset + items.length;
      return { items, total: matching.length, limit, offset, nextOffset: next < matching.length ? next : null };
    },
    async createPet(body) {
      const id = nextId++;
      const pet = build(id, body);
      pets.set(id, pet);
      return pet;
    },
    async getPet(petId) {
      return find(petId);
    },
    async updatePet(petId, body) {
      const pet = build(find(petId).id, body);
      pets.set(pet.id, pet);
      return pet;
    },
    async deletePet(petId) {
      pets.delete(find(petId).id);
    },
  };
}
