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

/** A structural key of a leaf expression, `undefined` for anything that is not one. */
function leafKey(node: Node, keys: Map<Node, string | undefined>): string | undefined {
  if (keys.has(node)) return keys.get(node);
  const key = computeKey(node, keys);
  keys.set(node, key);
  return key;
}

function computeKey(node: Node, keys: Map<Node, string | undefined>): string | undefined {
  const all = (nodes: Node[]): string[] | undefined => {
    const out: string[] = [];
    for (const n of nodes) {
      const key = leafKey(n, keys);
      if (key === undefined) return undefined;
      out.push(key);
    }
    return out;
  };
  switch (node.k) {
    case 'ident':
      return GLOBALS.has(node.name) ? node.name : undefined;
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return String(node.value);
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'unary': {
      const operand = leafKey(node.arg, keys);
      return operand === undefined ? undefined : `${node.op}${operand}`;
    }
    case 'array': {
      const items = all(node.items.filter((item): item is Code.Expr => item.k !== 'spread'));
      return items && node.items.every((item) => item.k !== 'spread') ? `[${items.join(',')}]` : undefined;
    }
    case 'object': {
      const parts: string[] = [];
      for (const member of node.props) {
        if (member.k !== 'prop' || member.shorthand) return undefined;
        const value = leafKey(member.value, keys);
        if (value === undefined) return undefined;
        parts.push(`${JSON.stringify(member.key)}:${value}`);
      }
      return `{${parts.join(',')}}`;
    }
    case 'member': {
      const object = node.optional ? undefined : leafKey(node.object, keys);
      return object === undefined ? undefined : `${object}.${node.property}`;
    }
    case 'call':
    case 'new': {
      if (node.typeArgs || (node.k === 'call' && (node.pure || node.optional))) return undefined;
      const callee = leafKey(node.callee, keys);
      const args = all(node.args);
      return callee === undefined || args === undefined ? undefined : `${node.k === 'new' ? 'new ' : ''}${callee}(${args.join(',')})`;
    }
    default:
      return undefined;
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
  const keys = new Map<Node, string | undefined>();
  const candidate = (node: Node): string | undefined => {
    if (!isZodChain(node)) return undefined;
    const key = leafKey(node, keys);
    return key !== undefined && key.length >= MIN_KEY_LENGTH ? key : undefined;
  };
  /** Occurrences of each candidate; inside a shared one (`isShared`) only its first is looked into. */
  const tally = (isShared: (key: string) => boolean): Map<string, number> => {
    const counts = new Map<string, number>();
    const expanded = new Set<string>();
    const visit = (node: Node, prefix: boolean): void => {
      const key = prefix ? undefined : candidate(node);
      if (key !== undefined) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (isShared(key)) {
          if (expanded.has(key)) return;
          expanded.add(key);
        }
      }
      visitChildren(node, visit);
    };
    for (const expr of exprs) visit(expr, false);
    return counts;
  };
  // Counted twice: a leaf inside a repeated one counts once, in the shared const's definition.
  const raw = tally(() => false);
  const counts = tally((key) => (raw.get(key) ?? 0) >= 2);

  const declarations: Code.Stmt[] = [];
  const shared = new Map<string, string>();
  const used = new Set<string>();
  const nameFor = (chain: Code.Call): string => {
    // `z.string()…` → `sharedString1`: the head of the chain says what it is.
    let head: Code.Expr = chain;
    while (head.k === 'call' || (head.k === 'member' && !(head.object.k === 'ident'))) head = head.k === 'call' ? head.callee : head.object;
    const kind = head.k === 'member' ? head.property : 'schema';
    for (let n = 1; ; n++) {
      const name = `shared${kind[0]!.toUpperCase()}${kind.slice(1)}${n}`;
      if (!used.has(name) && !taken(name)) return (used.add(name), name);
    }
  };
  const rewrite = (node: Node): Node => {
    const key = candidate(node);
    if (key === undefined || (counts.get(key) ?? 0) < 2) return rewriteChildren(node);
    let name = shared.get(key);
    if (name === undefined) {
      // Inner repeated leaves are declared first, so each const only uses earlier ones.
      const definition = rewriteChildren(node) as Code.Expr;
      name = nameFor(node as Code.Call);
      shared.set(key, name);
      declarations.push(c.constDecl(name, c.pureValue(definition)));
    }
    return c.id(name);
  };
  const rewriteChildren = (node: Node): Node => {
    switch (node.k) {
      case 'spread':
        return { ...node, expr: rewrite(node.expr) as Code.Expr };
      case 'array':
        return { ...node, items: node.items.map(rewrite) as (Code.Expr | Code.Spread)[] };
      case 'object':
        return {
          ...node,
          props: node.props.map((member) => (member.k === 'prop' ? { ...member, value: rewrite(member.value) as Code.Expr } : member.k === 'spread' ? { ...member, expr: rewrite(member.expr) as Code.Expr } : member)),
        };
      case 'member':
        return { ...node, object: rewrite(node.object) as Code.Expr };
      case 'call':
        if (node.callee.k === 'member' && node.callee.property === 'check') return { ...node, callee: rewrite(node.callee) as Code.Expr };
        return { ...node, callee: rewrite(node.callee) as Code.Expr, args: node.args.map(rewrite) as (Code.Expr | Code.Spread)[] };
      case 'new':
        return { ...node, args: node.args.map(rewrite) as (Code.Expr | Code.Spread)[] };
      case 'unary':
        return { ...node, arg: rewrite(node.arg) as Code.Expr };
      case 'as':
        return { ...node, expr: rewrite(node.expr) as Code.Expr };
      default:
        return node;
    }
  };
  return { declarations, rewrite: (expr) => rewrite(expr) as Code.Expr };
}
