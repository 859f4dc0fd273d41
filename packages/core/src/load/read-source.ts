import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { decodeDocument } from './decode-text.js';
import { CREDENTIALS_ADVICE, hasCredentials, redactCredentials } from './remote-url.js';
import { displayUrl, type SourcePolicy } from './source-policy.js';

/** Limits on reading a remote document (the input or a `$ref`'s target). */
export interface FetchLimits {
  /** Whole request, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/** A document could not be read; the message names the file or URL, the caller adds where it was asked for. */
export class SourceReadError extends Error {
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
    this.name = 'SourceReadError';
  }
}

/** Reads a local file or fetches a URL; every redirect hop must pass the policy too. */
export async function readSource(url: URL, policy: SourcePolicy, limits: FetchLimits): Promise<{ text: string; url: URL }> {
  if (url.protocol === 'file:') {
    const path = fileURLToPath(url);
    let bytes: Buffer;
    try {
      // A FIFO or a device would block the read (or never end): only regular files are documents.
      if (!(await stat(path)).isFile()) throw new SourceReadError(`${path} is not a regular file`);
      bytes = await readFile(path);
    } catch (error) {
      if (error instanceof SourceReadError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new SourceReadError(`no such file ${path}`, true);
      throw new SourceReadError(`cannot read ${path} (${code ?? 'error'})`);
    }
    return { text: decodeDocument(bytes, path), url };
  }
  return fetchText(url, policy, limits);
}

async function fetchText(url: URL, policy: SourcePolicy, limits: FetchLimits): Promise<{ text: string; url: URL }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const timedOut = (at: URL) => new SourceReadError(`GET ${at.href}: no complete answer within ${limits.timeoutMs / 1000} s`);
  let current = url;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*', ...policy.headersFor(current) } });
    } catch (error) {
      if (signal.aborted) throw timedOut(current);
      const cause = (error as Error & { cause?: Error }).cause;
      throw new SourceReadError(`GET ${current.href}: ${cause?.message ?? (error as Error).message}`);
    }
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null) throw new SourceReadError(`GET ${current.href}: HTTP ${response.status} without a Location header`);
      if (hops >= limits.maxRedirects) throw new SourceReadError(`GET ${url.href}: more than ${limits.maxRedirects} redirects`);
      // A Location that is no URL (`http://[::1`) or that carries a login is the server's mistake, told as such.
      if (!URL.canParse(location, current)) {
        throw new SourceReadError(`GET ${current.href}: HTTP ${response.status} redirects to "${redactCredentials(location)}", which is not a URL`);
      }
      const next = new URL(location, current);
      if (hasCredentials(next)) throw new SourceReadError(`GET ${current.href}: HTTP ${response.status} redirects to a URL with credentials in it, ${CREDENTIALS_ADVICE}`);
      const broken = await policy.check(next);
      if (broken !== undefined) throw new SourceReadError(`GET ${current.href} redirects to ${next.href}, which is refused: ${broken}`);
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceReadError(`GET ${current.href}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`, response.status === 404);
    }
    const tooLarge = () => new SourceReadError(`GET ${current.href}: the answer is larger than the ${formatBytes(limits.maxBytes)} limit`);
    if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let part = await reader?.read(); part !== undefined && !part.done; part = await reader!.read()) {
        size += part.value.byteLength;
        if (size > limits.maxBytes) {
          await reader!.cancel();
          throw tooLarge();
        }
        chunks.push(part.value);
      }
    } catch (error) {
      if (error instanceof SourceReadError) throw error;
      if (signal.aborted) throw timedOut(current);
      throw new SourceReadError(`GET ${current.href}: ${(error as Error).message}`);
    }
    return { text: decodeDocument(Buffer.concat(chunks), displayUrl(url)), url: current };
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}
