import type { Service } from '../generated/service.js';
import type { AuthContext } from './auth.js';

function userOf(id: string) {
  return { id, name: `user-${id}` };
}

/** The business logic of the reference API (seed, behaviours 1-3); the rest is generated. */
export const authLabService: Service<AuthContext> = {
  async login(body) {
    return { token: body.username, user: userOf(body.username) };
  },
  async getMe(context) {
    return userOf(context.userId);
  },
  async contact(body) {
    return { accepted: true, method: body.method };
  },
};
