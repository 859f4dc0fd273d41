/**
 * The parsed files a spec's `$ref`s read, kept by a session (watch mode) from one load to the
 * next: a file whose text did not change is not parsed again. The bundler only reads parsed
 * documents (its result is a copy), so one parse can serve every load. Owned by the session, never
 * module state; a load keeps only the files it read, so removed `$ref`s do not pile up.
 */
import { parseDocumentText } from './parse-document.js';

export class DocumentCache {
  private kept = new Map<string, { text: string; parsed: unknown }>();
  private next = new Map<string, { text: string; parsed: unknown }>();
  /** Of the last load: files parsed, and files taken from the cache. */
  lastLoad = { parsed: 0, reused: 0 };

  /** Starts a load: the files it does not read are dropped when it ends. */
  begin(): void {
    this.next = new Map();
    this.lastLoad = { parsed: 0, reused: 0 };
  }

  /** The parsed text of `key` (a URL), parsed again only when the text differs from the last load's. */
  parse(key: string, text: string, label: string): unknown {
    const kept = this.next.get(key) ?? this.kept.get(key);
    if (kept?.text === text) {
      this.next.set(key, kept);
      this.lastLoad.reused++;
      return kept.parsed;
    }
    const parsed = parseDocumentText(text, label);
    this.next.set(key, { text, parsed });
    this.lastLoad.parsed++;
    return parsed;
  }

  /** Ends a load that succeeded: what it read is what the next load compares with. */
  end(): void {
    this.kept = this.next;
  }
}
