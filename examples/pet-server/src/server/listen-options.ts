/** The seed's default port of the API-only pet server. */
export const DEFAULT_PORT = 3003;

/** Where the server listens: `PORT` (default 3003) and `HOST` (default localhost). */
export function listenOptions(env: Record<string, string | undefined>): { port: number; hostname: string } {
  const text = env['PORT'] ?? String(DEFAULT_PORT);
  const port = Number(text);
  // Number('') is 0 and Number('8o') is NaN: only a whole port number is taken.
  if (!/^\d+$/.test(text) || port > 65535) throw new Error(`PORT must be a port number (0-65535), got ${JSON.stringify(text)}`);
  return { port, hostname: env['HOST'] ?? 'localhost' };
}
