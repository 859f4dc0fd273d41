/**
 * Test support for the agreement test: a module of valid arguments for every client function,
 * built with the same mock-data generator as the handlers (path parameters, a required body,
 * the required query parameters), so that every call reaches its handler.
 */
import { GLOBAL_VALUE_NAMES, code as c, type ApiModel, type Code, type Operation } from '@specwright/core';
import { MockBuilder, seededMockStatements } from '../src/mock-values.js';

export function callsModule(model: ApiModel, fnName: (operation: Operation) => string): Code.Module {
  const mocks = new MockBuilder(model, { maxArrayItems: 2, depthCap: 30 }, ['faker', 'Faker', 'base', 'en', 'calls', ...GLOBAL_VALUE_NAMES]);
  const entries = model.operations.map((operation) => c.prop(fnName(operation), c.arrow([], c.arr(argumentsOf(operation, mocks)))));
  return {
    header: 'Arguments for every client function (test support).',
    body: [
      ...seededMockStatements(mocks, 7),
      c.constDecl('calls', c.obj(entries), { exported: true, type: c.tref('Record', [c.kw('string'), c.tfn([], c.tarray(c.kw('unknown')))]) }),
    ],
  };
}

function argumentsOf(operation: Operation, mocks: MockBuilder): Code.Expr[] {
  const args: Code.Expr[] = operation.pathParams.map((parameter) => mocks.response(parameter.schema));
  const body = operation.requestBody;
  const content = body?.contents[0];
  if (body && content) {
    if (!body.required) args.push(c.undef());
    else if (content.schema) args.push(mocks.response(content.schema));
    else args.push(content.kind === 'binary' || content.kind === 'other' ? c.newExpr('Blob', [c.arr([])]) : content.kind === 'text' ? c.str('') : c.obj([]));
  }
  if (operation.queryParams.length > 0) {
    const required = operation.queryParams.filter((p) => p.required);
    args.push(required.length === 0 ? c.undef() : c.obj(required.map((p) => c.prop(p.name, mocks.response(p.schema)))));
  }
  return args;
}
