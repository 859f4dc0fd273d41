import type { Stmt } from './ast.js';

/** Top-level layout shared by both printers: imports (and re-exports) stay together. */
export function blankLineBetween(previous: Stmt, next: Stmt): boolean {
  const grouped = (s: Stmt) => s.k === 'import' || s.k === 'exportFrom';
  return !(grouped(previous) && grouped(next) && previous.k === next.k);
}
