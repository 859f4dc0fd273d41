import { useSyncExternalStore } from 'react';
import { configureClient } from '../generated/client-config.js';

const STORAGE_KEY = 'auth-lab.token';
const listeners = new Set<() => void>();

function readStored(): string {
  try {
    return globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

let token = readStored();

/** The generated client asks for the token before every request; empty until login. */
configureClient({ baseUrl: '/api', token: () => token });

export function setToken(next: string): void {
  token = next;
  try {
    if (next) globalThis.sessionStorage?.setItem(STORAGE_KEY, next);
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts until reload.
  }
  for (const listener of listeners) listener();
}

export function useToken(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => token,
  );
}
