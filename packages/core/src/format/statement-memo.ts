/**
 * What a formatter kept for a watch session keeps of each file's top-level statements: their
 * printed pieces, keyed by a hash of the statement's code tree (and whether it stands in the
 * directive prologue). A statement's piece is a function of that tree and the file's options
 * alone (statements are printed one by one, see `code/print-doc.ts`), so an unchanged declaration
 * takes its text from here and is not printed again. Only the last call's statements of each
 * file are kept, so the memo holds one run's worth of text however long the session runs.
 */
import { hash } from 'node:crypto';
import type { Stmt } from '../code/ast.js';
import { exactJson } from '../exact-json.js';
import type { ModulePiece } from '../code/print-doc.js';

/** A printed piece that needs nothing more from prettier's key table. */
export type SettledPiece = Exclude<ModulePiece, { kind: 'key' }>;

export interface StatementMemo {
  /** The keys of a module body's statements, and the pieces kept for them from the last call for `filePath`. */
  recall(filePath: string, optionsKey: string, body: Stmt[], prologue: number): { keys: string[]; known: (SettledPiece | undefined)[] };
  /** Keeps the pieces of this call for `filePath`, in place of the last call's. */
  keep(filePath: string, optionsKey: string, keys: string[], pieces: SettledPiece[]): void;
}

export function createStatementMemo(): StatementMemo {
  const files = new Map<string, { optionsKey: string; pieces: Map<string, SettledPiece> }>();
  return {
    recall(filePath, optionsKey, body, prologue) {
      const kept = files.get(filePath);
      const pieces = kept?.optionsKey === optionsKey ? kept.pieces : undefined;
      const keys = body.map((stmt, i) => statementKey(stmt, i < prologue));
      return { keys, known: keys.map((key) => pieces?.get(key)) };
    },
    keep(filePath, optionsKey, keys, pieces) {
      files.set(filePath, { optionsKey, pieces: new Map(keys.map((key, i) => [key, pieces[i]!])) });
    },
  };
}

/** The exact input of a statement's piece (its code tree as JSON, every number told apart). */
export function statementKey(stmt: Stmt, inPrologue: boolean): string {
  return (inPrologue ? 'p' : 'b') + hash('sha256', exactJson(stmt), 'base64');
}
