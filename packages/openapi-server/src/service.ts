import { NameScope, code, type ApiModel, type Code } from '@specwright/core';
import { ImportList } from './imports.js';
import type { OperationPlan } from './plan.js';
import { REPLY_DECLARATIONS, REPLY_NAMES, replyTypes } from './service-reply.js';

export const SERVICE_INTERFACE = 'Service';

export interface ServiceModuleOptions {
  header: string;
  /** Import specifier of `schema-types.ts` from the output directory (`./schema-types.js`). */
  schemaTypes: string;
  /** `context_type`: the name of the interface's type parameter. */
  contextType?: string | undefined;
}

/** One parameter of a service method: path parameters, body, query, then the context. */
export interface MethodParam {
  role: 'path' | 'body' | 'query' | 'context';
  name: string;
  type: Code.Type;
  optional: boolean;
}

/** Type of the request body the service receives. */
function bodyType(plan: OperationPlan, types: ImportList): Code.Type | undefined {
  const body = plan.body;
  if (!body) return undefined;
  if (body.kind === 'text') return code.kw('string');
  if (body.kind === 'bytes') return code.tref('Uint8Array');
  return body.declaration ? code.tref(types.use(body.declaration.type)) : code.kw('unknown');
}

/** What the service method resolves to: the body of the success response. */
export function resultType(plan: OperationPlan, types: ImportList): Code.Type {
  const response = plan.response;
  switch (response.kind) {
    case 'none':
      return code.kw('void');
    case 'text':
      return code.kw('string');
    case 'bytes':
      return code.tref('Uint8Array');
    case 'json':
    case 'multipart':
    case 'urlencoded':
      return response.declaration ? code.tref(types.use(response.declaration.type)) : code.kw('unknown');
  }
}

/**
 * Parameters in DECISIONS' order. A parameter is marked optional (`name?`) only when every later
 * one is too; otherwise it is typed `T | undefined`, which TypeScript allows before a required one.
 */
export function methodParams(plan: OperationPlan, types: ImportList, contextType: string | undefined): MethodParam[] {
  const params: MethodParam[] = plan.names.pathParams.map((name) => ({ role: 'path', name, type: code.kw('string'), optional: false }));
  const body = bodyType(plan, types);
  if (body && plan.body) params.push({ role: 'body', name: 'body', type: body, optional: !plan.body.required });
  if (plan.query) params.push({ role: 'query', name: 'query', type: code.tref(types.use(plan.query.declaration.type)), optional: !plan.query.required });
  if (contextType) params.push({ role: 'context', name: 'context', type: code.tref(contextType), optional: false });
  return params;
}

function toCodeParams(params: MethodParam[]): Code.Param[] {
  let tailOptional = true;
  const out: Code.Param[] = [];
  for (let i = params.length - 1; i >= 0; i--) {
    const p = params[i]!;
    tailOptional = tailOptional && p.optional;
    if (tailOptional) out.unshift(code.param(p.name, p.type, { optional: true }));
    else out.unshift(code.param(p.name, p.optional ? code.union([p.type, code.kw('undefined')]) : p.type));
  }
  return out;
}

/** `bearerAuth [pets:write]`; several schemes that apply together are joined with `+`. */
function securityLines(plan: OperationPlan): string[] {
  const security = plan.op.security;
  if (security === undefined) return [];
  if (security.length === 0) return ['@security none (public: the spec sets `security: []`)'];
  return security.map((requirement) => {
    const schemes = requirement.map((s) => (s.scopes.length > 0 ? `${s.scheme} [${s.scopes.join(', ')}]` : s.scheme));
    return `@security ${schemes.length > 0 ? schemes.join(' + ') : 'none (an empty requirement: anonymous access allowed)'}`;
  });
}

export function methodDoc(plan: OperationPlan): string {
  const { op } = plan;
  const lines = [`${op.method.toUpperCase()} ${op.path}`];
  const text = [op.summary, op.description].filter((t): t is string => t !== undefined && t.trim().length > 0);
  for (const t of text) lines.push('', t);
  const tags = [...securityLines(plan)];
  if (op.deprecated) tags.push('@deprecated');
  if (tags.length > 0) lines.push('', ...tags);
  return lines.join('\n');
}

/** `service.ts`: the framework-free interface with one async method per operation. */
export function buildServiceModule(model: ApiModel, plans: OperationPlan[], options: ServiceModuleOptions): Code.Module {
  const scope = new NameScope([SERVICE_INTERFACE, ...REPLY_NAMES, ...(options.contextType ? [options.contextType] : [])]);
  const types = new ImportList(options.schemaTypes, scope, true);
  const members = plans.map((plan) => {
    const returned = code.union([resultType(plan, types), ...replyTypes(plan, types)]);
    return code.tmethod(plan.fn, toCodeParams(methodParams(plan, types, options.contextType)), code.tref('Promise', [returned]), methodDoc(plan));
  });
  const context = options.contextType;
  const docLines = [
    `The operations of ${model.info.title} ${model.info.version}: one async method per operation, free of any web framework.`,
    'Implement it and pass the implementation to `createRouter` (router.ts).',
  ];
  if (context) docLines.push('', `\`${context}\` is your context type, passed last to every method (\`const service: Service<${context}> = ...\`).`);
  const iface = code.iface(SERVICE_INTERFACE, members, {
    exported: true,
    doc: docLines.join('\n'),
    // Without operations nothing uses the parameter: the `_` keeps noUnusedParameters quiet.
    ...(context ? { typeParams: [{ name: plans.length > 0 ? context : `_${context}`, default: code.kw('never') }] } : {}),
  });
  const imports = types.statement();
  const replies = code.canonicalRaw(REPLY_DECLARATIONS);
  return { header: options.header, body: imports ? [imports, replies, iface] : [replies, iface] };
}
