import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SpecError } from '../errors.js';
import type { FilterConfig } from '../ir/filters.js';
import { isRemoteInput, remoteInputProblem } from './remote-url.js';

/**
 * The config keys (shared by every command) that widen what a spec's `$ref`s may reach, and
 * (`FilterConfig`) the operations generated from it.
 */
export interface SourceConfig extends FilterConfig {
  /** Directories besides the spec's own tree where local `$ref`s may point (absolute). */
  ref_roots?: string[] | undefined;
  /** Hosts (`host` or `host:port`) remote `$ref`s may reach besides a remote input's origin. */
  allowed_ref_hosts?: string[] | undefined;
  /** Headers for every request to the remote input's origin and the allowed hosts (expanded). */
  request_headers?: Record<string, string> | undefined;
}

/**
 * Where a spec's `$ref`s may go (issue 18): local files inside the spec's directory tree or a
 * `ref_roots` directory (real paths, so a symlink cannot leave), URLs on the remote input's
 * origin or an `allowed_ref_hosts` host. A local input with no `allowed_ref_hosts` never reaches
 * the network. `check` returns the rule a location breaks, or undefined when it is allowed.
 */
export class SourcePolicy {
  private readonly roots: string[];
  private realRoots: Promise<string[]> | undefined;
  private readonly origin: string | undefined;
  private readonly hosts: string[];
  private readonly headers: Record<string, string>;

  constructor(input: URL, config: SourceConfig) {
    this.headers = config.request_headers ?? {};
    const local = input.protocol === 'file:';
    this.roots = [...(local ? [dirname(fileURLToPath(input))] : []), ...(config.ref_roots ?? []).map((r) => resolve(r))];
    this.origin = local ? undefined : input.origin;
    this.hosts = (config.allowed_ref_hosts ?? []).map((h) => h.toLowerCase());
  }

  /** The configured headers for a request to `url`: only where the policy lets a spec read. */
  headersFor(url: URL): Record<string, string> {
    return (url.protocol === 'http:' || url.protocol === 'https:') && this.checkRemote(url) === undefined ? this.headers : {};
  }

  /** The rule `url` breaks, or undefined when the loader may read it. */
  async check(url: URL): Promise<string | undefined> {
    if (url.protocol === 'file:') {
      // A remote spec never reads local files, whatever ref_roots says (those are for local specs).
      if (this.origin !== undefined) return 'a remote spec may not read local files';
      if (url.host !== '' && url.host !== 'localhost') return `file URLs on another host (${url.host}) are not allowed`;
      let path: string;
      try {
        path = fileURLToPath(url);
      } catch (error) {
        // An encoded slash or a NUL: no file path at all.
        return `it names no file path (${error instanceof Error ? error.message : String(error)})`;
      }
      return this.checkFile(path);
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') return this.checkRemote(url);
    return `the ${url.protocol} scheme is not allowed (only relative paths, http and https)`;
  }

  private async checkFile(path: string): Promise<string | undefined> {
    const rule = "outside the spec's directory and every ref_roots directory";
    const outside = `${path} is ${rule}`;
    if (!this.roots.some((root) => inside(root, path))) {
      return this.origin === undefined ? outside : 'a remote spec may not read local files';
    }
    // The lexical check passed; the real path must pass too, or a symlink could lead out.
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      return undefined; // missing: reported as "no such file" by the reader
    }
    this.realRoots ??= Promise.all(this.roots.map((root) => realpath(root).catch(() => root)));
    const realRoots = await this.realRoots;
    return realRoots.some((root) => inside(root, real)) ? undefined : `${path} is a link to ${real}, which is ${rule}`;
  }

  private checkRemote(url: URL): string | undefined {
    if (url.origin === this.origin) return undefined;
    if (this.hosts.includes(url.host.toLowerCase()) || this.hosts.includes(url.hostname.toLowerCase())) return undefined;
    if (this.origin === undefined && this.hosts.length === 0) {
      return `remote $refs are not allowed from a local spec (list ${url.host} in allowed_ref_hosts to allow it)`;
    }
    const allowed = [...(this.origin ? [this.origin] : []), ...this.hosts].join(', ');
    return `${url.host} is not an allowed host (allowed: ${allowed}; list it in allowed_ref_hosts to allow it)`;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The URL of a spec input: an http(s) URL as given, anything else a local path. */
export function inputUrl(input: string, cwd = process.cwd()): URL {
  if (!isRemoteInput(input)) return pathToFileURL(resolve(cwd, input));
  // A config's value was checked when it was read; this is for a programmatic call.
  const problem = remoteInputProblem(input);
  if (problem !== undefined) throw new SpecError(problem, { key: 'input_openapi' }, 'SPEC_NOT_FOUND');
  return new URL(input);
}

/** How a location is shown in messages: a path for files, the URL otherwise. */
export function displayUrl(url: URL): string {
  return url.protocol === 'file:' ? fileURLToPath(url) : url.href;
}
