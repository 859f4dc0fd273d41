import type { ObjectNode, SchemaNode } from './types.js';

export type Direction = 'request' | 'response';

export const WRITABLE_SUFFIX = '#writable';

/**
 * readOnly properties are left out of request shapes and writeOnly ones out of response shapes.
 * A named schema whose shapes differ (directly or through the schemas it references) gets a
 * `writable` variant for requests; its default variant is the response shape.
 */
export class Visibility {
  private readonly writable = new Set<string>();

  constructor(schemas: ReadonlyMap<string, SchemaNode>) {
    const refs = new Map<string, Set<string>>();
    for (const [key, node] of schemas) {
      const found = new Set<string>();
      const direct = scan(node, found);
      refs.set(key, found);
      if (direct) this.writable.add(key);
    }
    // Propagate through references until nothing changes (cycles settle).
    let changed = true;
    while (changed) {
      changed = false;
      for (const [key, found] of refs) {
        if (this.writable.has(key)) continue;
        for (const ref of found) {
          if (this.writable.has(ref)) {
            this.writable.add(key);
            changed = true;
            break;
          }
        }
      }
    }
  }

  hasWritableVariant(key: string): boolean {
    return this.writable.has(key);
  }

  /** The node as seen in one direction; unchanged subtrees are shared. */
  project(node: SchemaNode, direction: Direction): SchemaNode {
    switch (node.kind) {
      case 'ref':
        return direction === 'request' && this.writable.has(node.key) ? { ...node, key: node.key + WRITABLE_SUFFIX } : node;
      case 'object': {
        let changed = false;
        const properties = [];
        for (const property of node.properties) {
          if (direction === 'request' ? property.readOnly : property.writeOnly) {
            changed = true;
            continue;
          }
          const schema = this.project(property.schema, direction);
          if (schema !== property.schema) changed = true;
          properties.push(schema === property.schema ? property : { ...property, schema });
        }
        const additional = node.additionalProperties;
        const projectedAdditional = typeof additional === 'object' ? this.project(additional, direction) : additional;
        if (projectedAdditional !== additional) changed = true;
        const patterns = node.patternProperties?.map((p) => {
          const schema = this.project(p.schema, direction);
          if (schema !== p.schema) changed = true;
          return schema === p.schema ? p : { ...p, schema };
        });
        if (!changed) return node;
        const out: ObjectNode = { ...node, properties, additionalProperties: projectedAdditional };
        if (patterns) out.patternProperties = patterns;
        return out;
      }
      case 'array': {
        const items = this.project(node.items, direction);
        return items === node.items ? node : { ...node, items };
      }
      case 'tuple': {
        const items = this.projectAll(node.items, direction);
        const rest = node.rest === false ? false : this.project(node.rest, direction);
        return items === node.items && rest === node.rest ? node : { ...node, items, rest };
      }
      case 'union': {
        const variants = this.projectAll(node.variants, direction);
        return variants === node.variants ? node : { ...node, variants };
      }
      case 'intersection': {
        const members = this.projectAll(node.members, direction);
        return members === node.members ? node : { ...node, members };
      }
      default:
        return node;
    }
  }

  private projectAll(nodes: SchemaNode[], direction: Direction): SchemaNode[] {
    const out = nodes.map((n) => this.project(n, direction));
    return out.every((n, i) => n === nodes[i]) ? nodes : out;
  }
}

/** Collects ref keys; returns true when the node itself holds a readOnly or writeOnly property. */
function scan(node: SchemaNode, refs: Set<string>): boolean {
  switch (node.kind) {
    case 'ref':
      refs.add(node.key);
      return false;
    case 'object': {
      let direct = false;
      for (const property of node.properties) {
        if (property.readOnly || property.writeOnly) direct = true;
        if (scan(property.schema, refs)) direct = true;
      }
      if (typeof node.additionalProperties === 'object' && scan(node.additionalProperties, refs)) direct = true;
      for (const pattern of node.patternProperties ?? []) if (scan(pattern.schema, refs)) direct = true;
      return direct;
    }
    case 'array':
      return scan(node.items, refs);
    case 'tuple': {
      let direct = false;
      for (const item of node.items) if (scan(item, refs)) direct = true;
      if (node.rest !== false && scan(node.rest, refs)) direct = true;
      return direct;
    }
    case 'union':
      return node.variants.map((v) => scan(v, refs)).some(Boolean);
    case 'intersection':
      return node.members.map((m) => scan(m, refs)).some(Boolean);
    default:
      return false;
  }
}
