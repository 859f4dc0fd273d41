import type { ApiModel, DeclarationNames, NameRegistry, ObjectNode, Operation, SchemaNode } from '@specwright/core';

/**
 * A body, query or response declaration of an operation that gets its own type and schema (the
 * registry names it `<Pascal>Body`, `<Pascal>Query`, `<Pascal>Response`). Plain references to a
 * named schema reuse that schema's names and are not declared again.
 */
export interface OperationDeclaration {
  operation: Operation;
  role: 'body' | 'query' | 'response';
  names: DeclarationNames;
  node: SchemaNode;
}

/** The query parameters of an operation as one object keyed by the spec's parameter names. */
export function queryObject(operation: Operation): ObjectNode {
  return {
    kind: 'object',
    properties: operation.queryParams.map((p) => {
      const schema = p.description !== undefined && p.schema.description === undefined ? { ...p.schema, description: p.description } : p.schema;
      return { name: p.name, schema: p.deprecated ? { ...schema, deprecated: true } : schema, required: p.required, readOnly: false, writeOnly: false };
    }),
    additionalProperties: undefined,
    nullable: false,
  };
}

/** Every declaration the registry names for the operations, in operation order. */
export function operationDeclarations(model: ApiModel, names: NameRegistry): OperationDeclaration[] {
  const out: OperationDeclaration[] = [];
  const declared = new Set<string>();
  const add = (operation: Operation, role: OperationDeclaration['role'], decl: DeclarationNames, node: SchemaNode) => {
    // A plain $ref reuses the named schema's declaration; it is emitted with the named schemas.
    if (node.kind === 'ref' && !node.nullable) return;
    if (declared.has(decl.schema)) return;
    declared.add(decl.schema);
    out.push({ operation, role, names: decl, node });
  };
  for (const operation of model.operations) {
    const opNames = names.operation(operation);
    const bodySchema = operation.requestBody?.contents[0]?.schema;
    if (opNames.body && bodySchema) add(operation, 'body', opNames.body, bodySchema);
    if (opNames.query) add(operation, 'query', opNames.query, queryObject(operation));
    for (const response of operation.responses) {
      const decl = opNames.responses.get(response.status);
      const schema = response.contents[0]?.schema;
      if (decl && schema) add(operation, 'response', decl, schema);
    }
  }
  return out;
}
