import { code as c, type Code } from '@specwright/core';

/**
 * Schema expressions that occur more than once in `schema-types.ts`, declared once as module
 * consts that the schemas share. Real specs repeat the same leaf schemas hundreds of times
 * (Stripe: `z.string().max(5000).nullish()` 477 times in the closure of `Customer`,
 * a 290-value enum six times), and a minifier shortens names but not method chains or literals:
 * sharing halves that closure's minified bytes. Zod schemas are immutable, so a shared instance
 * validates exactly as separate copies do.
 *
 * A candidate is a "leaf": a zod call chain (`z.…(…)…`) built only from `z`, literals and a few
 * globals, so it refers to no named schema and its const can come first in the module. Short
 * ones (`z.string()`, `z.int()`) stay inline, where they read best and a shared name saves
 * little. Arguments of zod/mini's `.check(…)` are not shared: a check attaches itself to its
 * schema.
 */
/** Names a leaf may use: zod and the globals schemas are built with (`new RegExp`, `Blob`). */
const GLOBALS = new Set(['z', 'RegExp', 'Blob']);

/** Shorter leaves stay inline (the length of their key, about the printed length). */
const MIN_KEY_LENGTH = 16;

export interface SharedSchemas {
  /** The consts to declare before the schemas, each a pure value. */
  declarations: Code.Stmt[];
  /** An expression with every repeated leaf replaced by its shared const. */
  rewrite(expr: Code.Expr): Code.Expr;
}

type Node = Code.Expr | Code.Spread;

/**
 * Leaf expressions interned as small integers: two leaves get the same id exactly when they
 * print alike (`-1` as `unary(-, 1)` or as the number -1). Ids, not the printed text, are what
 * the passes below compare: GitHub's schemas hold 170,000 leaf nodes whose printed keys
 * (enums of hundreds of values, nested) total millions of characters, and hashing those strings
 * was most of this file's time.
 */
class LeafTable {
  /** Each node's id, -1 for a node that is not a leaf. */
  private readonly ids = new Map<Node, number>();
  /** Ids by a short token of a node's kind and its children's ids. */
  private readonly tokens = new Map<string, number>();
  /** Ids of literals by value: identifiers, `true`, `false` and `null` by their text. */
  private readonly idents = new Map<string, number>();
  private readonly strings = new Map<string, number>();
  private readonly numbers = new Map<number, number>();
  /** The length of each id's printed key, about the leaf's printed length. */
  readonly lengths: number[] = [];

  id(node: Node): number {
    switch (node.k) {
      // Literals are found by value: most leaf nodes are literals (enum values), too many to map.
      case 'ident':
        return GLOBALS.has(node.name) ? this.literal(this.idents, node.name, node.name.length) : -1;
      case 'string':
        return this.string(node.value);
      case 'number':
        return this.number(node.value);
      case 'boolean':
        return this.literal(this.idents, String(node.value), String(node.value).length);
      case 'null':
        return this.literal(this.idents, 'null', 4);
      // Only calls are remembered: each other node is computed once, with the call it is in.
      case 'call':
      case 'new': {
        let id = this.ids.get(node);
        if (id === undefined) {
          id = this.call(node);
          this.ids.set(node, id);
        }
        return id;
      }
      case 'unary':
        return this.unary(node.op, this.id(node.arg));
      case 'array':
        return this.array(node);
      case 'object':
        return this.object(node);
      case 'member': {
        const object = node.optional ? -1 : this.id(node.object);
        return object < 0 ? -1 : this.intern(`m${object}.${node.property}`, this.lengths[object]! + 1 + node.property.length);
      }
      default:
        return -1;
    }
  }

  private string(value: string): number {
    return this.strings.get(value) ?? this.literal(this.strings, value, JSON.stringify(value).length);
  }

  private literal<K>(ids: Map<K, number>, value: K, length: number): number {
    let id = ids.get(value);
    if (id === undefined) {
      id = this.lengths.length;
      ids.set(value, id);
      this.lengths.push(length);
    }
    return id;
  }

  private intern(token: string, length: number): number {
    let id = this.tokens.get(token);
    if (id === undefined) {
      id = this.lengths.length;
      this.tokens.set(token, id);
      this.lengths.push(length);
    }
    return id;
  }

  /** The ids of `nodes` joined with commas and their keys' total length, or undefined if one is no leaf. */
  private list(nodes: Node[]): { ids: string; length: number } | undefined {
    let ids = '';
    let length = Math.max(nodes.length - 1, 0);
    for (let i = 0; i < nodes.length; i++) {
      const id = this.id(nodes[i]!);
      if (id < 0) return undefined;
      ids += i === 0 ? `${id}` : `,${id}`;
      length += this.lengths[id]!;
    }
    return { ids, length };
  }

  private number(value: number): number {
    const known = this.numbers.get(value);
    if (known !== undefined) return known;
    const text = String(value);
    // A negative number prints as the unary minus of its magnitude.
    const id = text.startsWith('-') ? this.unary('-', this.number(-value)) : this.literal(this.numbers, value, text.length);
    this.numbers.set(value, id);
    return id;
  }

  private unary(op: string, operand: number): number {
    return operand < 0 ? -1 : this.intern(`u${op} ${operand}`, op.length + this.lengths[operand]!);
  }

  private array(node: Code.ArrayLit): number {
    if (node.items.some((item) => item.k === 'spread')) return -1;
    const items = this.list(node.items);
    return items ? this.intern(`[${items.ids}`, items.length + 2) : -1;
  }

  private object(node: Code.ObjectLit): number {
    let token = '{';
    let length = Math.max(node.props.length - 1, 0) + 2;
    for (const member of node.props) {
      if (member.k !== 'prop' || member.shorthand) return -1;
      const value = this.id(member.value);
      if (value < 0) return -1;
      // The key as the string literal it prints as.
      const key = this.string(member.key);
      token += `${key}:${value},`;
      length += this.lengths[key]! + 1 + this.lengths[value]!;
    }
    return this.intern(token, length);
  }

  private call(node: Code.Call | Code.New): number {
    if (node.typeArgs || (node.k === 'call' && (node.pure || node.optional))) return -1;
    const callee = this.id(node.callee);
    const args = callee < 0 ? undefined : this.list(node.args);
    if (args === undefined) return -1;
    const isNew = node.k === 'new';
    return this.intern(`${isNew ? 'n' : 'c'}${callee}(${args.ids}`, (isNew ? 4 : 0) + this.lengths[callee]! + 2 + args.length);
  }
}

/** A zod call chain: a call whose callee leads down to `z` through members and calls. */
function isZodChain(node: Node): node is Code.Call {
  if (node.k !== 'call') return false;
  let at: Code.Expr = node.callee;
  for (;;) {
    if (at.k === 'ident') return at.name === 'z';
    if (at.k === 'member') at = at.object;
    else if (at.k === 'call') at = at.callee;
    else return false;
  }
}

/**
 * Visits the nodes in which a shared leaf may sit (a check's arguments excluded). `prefix` marks
 * the head of a longer chain (`z.string()` in `z.string().max(1)`): it is not a candidate of its
 * own, or every chain would also share each of its prefixes.
 */
function visitChildren(node: Node, visit: (child: Node, prefix: boolean) => void): void {
  switch (node.k) {
    case 'spread':
      return visit(node.expr, false);
    case 'array':
      return node.items.forEach((item) => visit(item, false));
    case 'object':
      for (const member of node.props) if (member.k === 'prop') visit(member.value, false);
      return;
    case 'member':
      return visit(node.object, false);
    case 'call':
      if (node.callee.k === 'member') visit(node.callee.object, isZodChain(node.callee.object));
      else visit(node.callee, false);
      if (!(node.callee.k === 'member' && node.callee.property === 'check')) node.args.forEach((arg) => visit(arg, false));
      return;
    case 'new':
      return node.args.forEach((arg) => visit(arg, false));
    case 'unary':
      return visit(node.arg, false);
    case 'as':
      return visit(node.expr, false);
    default:
      return;
  }
}

/**
 * Counts the leaves of `exprs` and returns how to share the repeated ones. `taken` tells whether
 * a name is used by the module already (the names of the spec's schemas and types).
 */
export function shareRepeatedSchemas(exprs: Code.Expr[], taken: (name: string) => boolean): SharedSchemas {
  const table = new LeafTable();
  /** The id of a candidate leaf, or -1. */
  const candidate = (node: Node): number => {
    if (!isZodChain(node)) return -1;
    const id = table.id(node);
    return id >= 0 && table.lengths[id]! >= MIN_KEY_LENGTH ? id : -1;
  };
  /** Occurrences of each candidate by id; inside a shared one (`isShared`) only its first is looked into. */
  const tally = (isShared: (id: number) => boolean): number[] => {
    // Packed and grown one by one: a write far past the end would make the array a dictionary.
    const counts: number[] = [];
    const expanded = new Set<number>();
    const visit = (node: Node, prefix: boolean): void => {
      const id = prefix ? -1 : candidate(node);
      if (id >= 0) {
        while (counts.length <= id) counts.push(0);
        counts[id]!++;
        if (isShared(id)) {
          if (expanded.has(id)) return;
          expanded.add(id);
        }
      }
      visitChildren(node, visit);
    };
    for (const expr of exprs) visit(expr, false);
    return counts;
  };
  // Counted twice: a leaf inside a repeated one counts once, in the shared const's definition.
  const raw = tally(() => false);
  const counts = tally((id) => (raw[id] ?? 0) >= 2);

  const declarations: Code.Stmt[] = [];
  const shared = new Map<number, string>();
  const used = new Set<string>();
  const lastNumber = new Map<string, number>();
  const nameFor = (chain: Code.Call): string => {
    // `z.string()…` → `sharedString1`: the head of the chain says what it is.
    let head: Code.Expr = chain;
    while (head.k === 'call' || (head.k === 'member' && !(head.object.k === 'ident'))) head = head.k === 'call' ? head.callee : head.object;
    const kind = head.k === 'member' ? head.property : 'schema';
    // Numbers below the last one given for a kind were used or taken then, and still are.
    for (let n = (lastNumber.get(kind) ?? 0) + 1; ; n++) {
      const name = `shared${kind[0]!.toUpperCase()}${kind.slice(1)}${n}`;
      if (!used.has(name) && !taken(name)) return (used.add(name), lastNumber.set(kind, n), name);
    }
  };
  const rewrite = (node: Node): Node => {
    const id = candidate(node);
    if (id < 0 || (counts[id] ?? 0) < 2) return rewriteChildren(node);
    let name = shared.get(id);
    if (name === undefined) {
      // Inner repeated leaves are declared first, so each const only uses earlier ones.
      const definition = rewriteChildren(node) as Code.Expr;
      name = nameFor(node as Code.Call);
      shared.set(id, name);
      declarations.push(c.constDecl(name, c.pureValue(definition)));
    }
    return c.id(name);
  };
  // A node none of whose children change is kept, not copied: most of the tree has no shared leaf.
  const rewriteAll = <T extends Node>(items: T[]): T[] => {
    let out: T[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const next = rewrite(items[i]!) as T;
      if (next !== items[i] && out === undefined) out = items.slice(0, i);
      out?.push(next);
    }
    return out ?? items;
  };
  const rewriteChildren = (node: Node): Node => {
    switch (node.k) {
      case 'spread': {
        const expr = rewrite(node.expr) as Code.Expr;
        return expr === node.expr ? node : { ...node, expr };
      }
      case 'array': {
        const items = rewriteAll(node.items);
        return items === node.items ? node : { ...node, items };
      }
      case 'object': {
        let changed = false;
        const props = node.props.map((member) => {
          if (member.k !== 'prop' && member.k !== 'spread') return member;
          const inner = member.k === 'prop' ? member.value : member.expr;
          const next = rewrite(inner) as Code.Expr;
          if (next === inner) return member;
          changed = true;
          return member.k === 'prop' ? { ...member, value: next } : { ...member, expr: next };
        });
        return changed ? { ...node, props } : node;
      }
      case 'member': {
        const object = rewrite(node.object) as Code.Expr;
        return object === node.object ? node : { ...node, object };
      }
      case 'call': {
        const callee = rewrite(node.callee) as Code.Expr;
        // A check's arguments are not shared (see the top of the file).
        const args = node.callee.k === 'member' && node.callee.property === 'check' ? node.args : rewriteAll(node.args);
        return callee === node.callee && args === node.args ? node : { ...node, callee, args };
      }
      case 'new': {
        const args = rewriteAll(node.args);
        return args === node.args ? node : { ...node, args };
      }
      case 'unary': {
        const arg = rewrite(node.arg) as Code.Expr;
        return arg === node.arg ? node : { ...node, arg };
      }
      case 'as': {
        const expr = rewrite(node.expr) as Code.Expr;
        return expr === node.expr ? node : { ...node, expr };
      }
      default:
        return node;
    }
  };
  return { declarations, rewrite: (expr) => rewrite(expr) as Code.Expr };
}
