// Type tests of service.ts for fixtures/specs/declared-responses.yaml (compiled by declared-responses.test.ts).
import { reply, type Service } from './gen/service.js';

interface AuthContext {
  userId: string;
}

export const service: Service<AuthContext> = {
  async getBook(id) {
    if (id === 'missing') return reply(404, { code: 'missing', message: 'No such book' });
    if (id === 'busy') return reply(503, { retryAfter: 30 });
    if (id === 'teapot') return reply(418, 'I am a teapot');
    // Bodies that break the spec, for validate_responses.
    if (id === 'invalid') return { id, title: 42 } as never;
    // Keys the schema does not list travel whole (no router drops them).
    if (id === 'extra') {
      const book = { id, title: 'Dune', shelf: 'B2', copies: 3 };
      return book;
    }
    if (id === 'invalid-reply') return reply(404, { code: 1, message: 'No such book' } as never);
    return { id, title: 'Dune' };
  },
  async getCover(id, query) {
    // A declared response without a body, beside a success body.
    if (id === 'none') return reply(404);
    if (id === 'gone') return reply(404, undefined, { headers: { 'x-reason': 'gone' } });
    // The client's types leave the parameters optional; the router gives their defaults.
    if (id === 'query') return { url: JSON.stringify(query) };
    return { url: `/covers/${id}.png` };
  },
  async getEdition(id) {
    // Declared 3xx answers: sent as they are, without a Location unless the service gives one.
    if (id === 'moved') return reply(301, { movedTo: '/books/2' });
    if (id === 'many') return reply(300);
    if (id === 'same') return reply(304);
    return { id, title: 'Dune' };
  },
  async deleteBook(id) {
    if (id === 'lent') return reply(409, 'lent out');
  },
  async createBook(body) {
    if (body.title === 'later') return reply(202, { ticket: 't-1' });
    if (body.title === 'here') return reply(201, { id: '1', title: 'here' }, { headers: { location: '/books/1' } });
    if (body.title === 'bad') return reply(422, { issues: [{ path: ['title'], message: 'Taken' }] });
    // A code of the 4XX range that no exact code takes.
    if (body.title === 'conflict') return reply(409, { code: 'conflict', message: 'Exists' });
    return { id: '2', title: body.title };
  },
};

// Each method below returns one reply the operation does not declare: none compiles.
type Get = Pick<Service<AuthContext>, 'getBook'>;
type Create = Pick<Service<AuthContext>, 'createBook'>;
type Delete = Pick<Service<AuthContext>, 'deleteBook'>;
type Cover = Pick<Service<AuthContext>, 'getCover'>;
type Edition = Pick<Service<AuthContext>, 'getEdition'>;
export const wrong: [Get, Get, Delete, Delete, Create, Create, Create, Cover, Cover, Cover, Edition, Edition] = [
  {
    // @ts-expect-error 404's body is NotFound
    async getBook() {
      return reply(404, { code: 1 });
    },
  },
  {
    // @ts-expect-error the default response's body is text
    async getBook() {
      return reply(418, { code: 'x' });
    },
  },
  {
    // @ts-expect-error deleteBook declares no 418, 4XX or default
    async deleteBook() {
      return reply(418, 'teapot');
    },
  },
  {
    // @ts-expect-error 409's body is text
    async deleteBook() {
      return reply(409, { reason: 'lent' });
    },
  },
  {
    // @ts-expect-error 422 is declared exactly with another body: the 4XX range does not take it
    async createBook() {
      return reply(422, { code: 'x', message: 'y' });
    },
  },
  {
    // @ts-expect-error createBook declares no 5XX nor default
    async createBook() {
      return reply(500, { code: 'x', message: 'y' });
    },
  },
  {
    // @ts-expect-error a 202's body is { ticket }
    async createBook() {
      return reply(202, { id: '1', title: 'x' });
    },
  },
  {
    // @ts-expect-error getCover declares no 418, 4XX or default
    async getCover() {
      return reply(418, { url: 'x' });
    },
  },
  {
    // @ts-expect-error getCover's 404 has no body
    async getCover() {
      return reply(404, { url: 'x' });
    },
  },
  {
    // @ts-expect-error a 200's body is { url: string }
    async getCover() {
      return reply(200, { href: 'x' });
    },
  },
  {
    // @ts-expect-error a 304 has no body
    async getEdition() {
      return reply(304, { movedTo: 'x' });
    },
  },
  {
    // @ts-expect-error getEdition declares no 302, 3XX or default
    async getEdition() {
      return reply(302, { movedTo: 'x' });
    },
  },
];
