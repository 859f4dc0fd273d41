import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempProject, typecheck, type TempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { runServer, runZodTs } from './support.js';

/**
 * Issue 33, item 9: a property added to the spec after the user-owned schema file was created.
 * With the file built on the generated bases (the bootstrap's form) it reaches the types, the
 * client and the router, and the hand-written rule stays; with a file written the old way (its own
 * `z.object`), every run names the differences and `--check` fails on them.
 */

const spec = (added: boolean) => `openapi: 3.1.0
info: { title: Drift, version: 1.0.0 }
paths:
  /contact:
    post:
      operationId: contact
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ContactRequest' }
      responses:
        '200':
          description: Accepted.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ContactResponse' }
components:
  schemas:
    ContactRequest:
      type: object
      required: [method, message${added ? ', priority' : ''}]
      properties:
        method: { type: string, enum: [email, phone] }
        email: { type: string }
        message: { type: string, minLength: 1 }${added ? '\n        priority: { type: integer, minimum: 1 }' : ''}
    ContactResponse:
      type: object
      required: [accepted${added ? ', ticket' : ''}]
      properties:
        accepted: { type: boolean }${added ? '\n        ticket: { type: string }' : ''}
`;

type Variant = 'classic' | 'mini';

/** The hand-written cross-field rule, on the base, in the README's form for each variant. */
const RULE: Record<Variant, { imports: string; schema: string }> = {
  classic: {
    imports: "import { z } from 'zod';\n",
    schema: `export const ContactRequestSchema = /* @__PURE__ */ (() =>
  ContactRequestBase.extend({ message: z.string().min(1, 'Message is required') }).superRefine((value, ctx) => {
    if (value.method === 'email' && !value.email?.trim()) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required when method is email' });
  }))();`,
  },
  mini: {
    imports: "import * as z from 'zod/mini';\n",
    schema: `export const ContactRequestSchema = /* @__PURE__ */ (() =>
  z.extend(ContactRequestBase, { message: z.string().check(z.minLength(1, 'Message is required')) }).check(
    z.superRefine((value, ctx) => {
      if (value.method === 'email' && !value.email?.trim()) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required when method is email' });
    }),
  ))();`,
  },
};

/** The file as people wrote it before the bases, or by hand: its own objects. */
const OLD_FORM: Record<Variant, string> = {
  classic: `import { z } from 'zod';

export const ContactRequestSchema = z
  .object({ method: z.enum(['email', 'phone']), email: z.string().optional(), message: z.string().min(1), fax: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.method === 'email' && !value.email?.trim()) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required when method is email' });
  });

export const ContactResponseSchema = /* @__PURE__ */ (() => z.object({ accepted: z.string() }))();
`,
  mini: `import * as z from 'zod/mini';

export const ContactRequestSchema = z
  .object({ method: z.enum(['email', 'phone']), email: z.optional(z.string()), message: z.string().check(z.minLength(1)), fax: z.optional(z.string()) })
  .check(z.refine((value) => value.method !== 'email' || !!value.email?.trim(), { path: ['email'], message: 'Email is required when method is email' }));

export const ContactResponseSchema = /* @__PURE__ */ (() => z.object({ accepted: z.string() }))();
`,
};

function driftProject(variant: Variant): TempProject {
  const project = tempProject(`drift-${variant}`, { prettier: { singleQuote: true, printWidth: 160 } });
  project.write('spec.yaml', spec(false));
  project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'gen', input_schema: 'src/schemas.ts', zod_variant: variant }));
  project.write('openapi-server.config.json', JSON.stringify({ input_openapi: 'spec.yaml', output: 'gen', framework: 'hono', input_schema: 'src/schemas.ts' }));
  return project;
}

interface Generated {
  configureClient(config: { baseUrl: string }): void;
  contact(body: unknown): Promise<unknown>;
  ValidationError: new (...args: never[]) => Error & { issues: unknown };
}

describe.each(['classic', 'mini'] as const)('user-owned schema file after the spec gained a property (%s)', (variant) => {
  it('built on the bases: the property reaches the types, the client and the router, and the rule stays', async () => {
    const project = driftProject(variant);
    expect((await runZodTs([], project.dir)).code).toBe(0);
    const file = join(project.dir, 'src', 'schemas.ts');
    const created = readFileSync(file, 'utf8');
    expect(created).toContain('export const ContactRequestSchema = ContactRequestBase;');
    const edited = RULE[variant].imports + created.replace('export const ContactRequestSchema = ContactRequestBase;', RULE[variant].schema);
    writeFileSync(file, edited);

    project.write('spec.yaml', spec(true));
    const zodTs = await runZodTs([], project.dir);
    const server = await runServer([], project.dir);
    expect([zodTs.code, server.code]).toEqual([0, 0]);
    expect(zodTs.stderr + server.stderr).not.toContain('warning');
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect((await runZodTs(['--check'], project.dir)).code).toBe(0);
    expect((await runServer(['--check'], project.dir)).code).toBe(0);

    project.write(
      'src/check.ts',
      `import { expectTypeOf } from 'vitest';
import { contact, type ContactRequest, type ContactResponse } from '../gen/index.js';
expectTypeOf<ContactRequest['priority']>().toEqualTypeOf<number>();
expectTypeOf<ContactResponse>().toEqualTypeOf<{ accepted: boolean; ticket: string }>();
expectTypeOf(contact).parameter(0).toHaveProperty('priority').toEqualTypeOf<number>();
`,
    );
    project.write(
      'src/app.ts',
      `import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRouter } from '../gen/router.js';
import type { Service } from '../gen/service.js';

export const received: unknown[] = [];
const service: Service = {
  async contact(body) {
    received.push(body);
    return { accepted: true, ticket: \`T\${body.priority}\` };
  },
};

export function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono().route('/api', createRouter(service));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: \`http://127.0.0.1:\${info.port}/api\`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
`,
    );
    project.tsconfig('nodenext');
    const compiled = typecheck(project.dir, '7');
    expect(compiled.stdout + compiled.stderr).toBe('');

    const app = (await import(pathToFileURL(join(project.dir, 'src', 'app.ts')).href)) as { received: unknown[]; start(): Promise<{ url: string; close(): Promise<void> }> };
    const client = (await import(pathToFileURL(join(project.dir, 'gen', 'index.ts')).href)) as Generated;
    const running = await app.start();
    try {
      client.configureClient({ baseUrl: running.url });
      // The new request property reaches the service, the new response property the caller.
      await expect(client.contact({ method: 'email', email: 'a@example.com', message: 'hi', priority: 2 })).resolves.toEqual({ accepted: true, ticket: 'T2' });
      expect(app.received).toEqual([{ method: 'email', email: 'a@example.com', message: 'hi', priority: 2 }]);
      // The hand-written rule and message still hold in the client...
      const issuesOf = async (body: unknown) => {
        const rejected = await client.contact(body).catch((error: unknown) => error);
        expect(rejected).toBeInstanceOf(client.ValidationError);
        return (rejected as { issues: unknown }).issues;
      };
      expect(await issuesOf({ method: 'email', message: 'hi', priority: 1 })).toEqual([{ path: ['email'], message: 'Email is required when method is email' }]);
      expect(await issuesOf({ method: 'phone', message: '', priority: 1 })).toEqual([{ path: ['message'], message: 'Message is required' }]);
      // ...and in the router, which validates with the same file (the spec's new minimum too).
      const post = async (body: unknown) => {
        const response = await fetch(`${running.url}/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect(response.status).toBe(422);
        return ((await response.json()) as { issues: { path: unknown[] }[] }).issues.map((issue) => issue.path);
      };
      expect(await post({ method: 'email', message: 'hi', priority: 1 })).toEqual([['email']]);
      expect(await post({ method: 'email', email: 'a@example.com', message: 'hi', priority: 0 })).toEqual([['priority']]);
      expect(app.received).toHaveLength(1);
    } finally {
      await running.close();
    }
  });

  it('written the old way: every run names each difference, and --check fails on them', async () => {
    const project = driftProject(variant);
    project.write('src/schemas.ts', OLD_FORM[variant]);
    project.write('spec.yaml', spec(true));
    const file = join(project.dir, 'src', 'schemas.ts');
    const where = (schema: string) => `warning: ${file}: ${schema}Schema (#/components/schemas/${schema})`;
    const expected = [
      `${where('ContactRequest')}: property "priority" is in the spec but not in the file (build ContactRequestSchema on ContactRequestBase, see openapi-zod-ts's README)`,
      `${where('ContactRequest')}: property "fax" is in the file but no longer in the spec (build ContactRequestSchema on ContactRequestBase, see openapi-zod-ts's README)`,
      `${where('ContactResponse')}: property "accepted" is a boolean in the spec but a string in the file (build ContactResponseSchema on ContactResponseBase, see openapi-zod-ts's README)`,
      `${where('ContactResponse')}: property "ticket" is in the spec but not in the file (build ContactResponseSchema on ContactResponseBase, see openapi-zod-ts's README)`,
    ];
    const lines = (stderr: string) => stderr.split('\n').filter((line) => line.includes('warning:'));

    for (const [name, run] of [
      ['openapi-zod-ts', runZodTs],
      ['openapi-server', runServer],
    ] as const) {
      const written = await run([], project.dir);
      expect(written.code).toBe(0);
      expect(lines(written.stderr)).toEqual(expected.map((line) => `${name}: ${line}`));
      // The generated files are up to date now; the file still differs from the spec.
      const checked = await run(['--check'], project.dir);
      expect(checked.stdout).toBe('');
      expect(checked.stderr).toContain(`${name}: 4 differences between the spec and a file you own (see the warnings); regenerating does not fix them`);
      expect(checked.code).toBe(1);
    }
    expect(readFileSync(file, 'utf8')).toBe(OLD_FORM[variant]);

    // Moved to the bases (the README's steps), the same file is quiet and --check passes.
    project.write('src/schemas.ts', `import { ContactRequestBase, ContactResponseBase } from '../gen/schema-bases.js';\n${RULE[variant].imports}\n${RULE[variant].schema}\n\nexport const ContactResponseSchema = ContactResponseBase;\n`);
    for (const run of [runZodTs, runServer]) {
      const checked = await run(['--check'], project.dir);
      expect(checked.stderr).not.toContain('warning');
      expect(checked.code).toBe(0);
    }
  });
});

describe('a user-owned schema file the drift check cannot read', () => {
  it('a syntax error: a clear error naming the file and line, exit 1, no file written', async () => {
    const project = driftProject('classic');
    project.write('src/schemas.ts', "import { z } from 'zod';\nexport const ContactRequestSchema = z.object({ method: z.string( });\n");
    for (const run of [runZodTs, runServer]) {
      const result = await run([], project.dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(join(project.dir, 'src', 'schemas.ts'));
      expect(result.stderr).toContain('cannot parse the schema file');
      expect(result.stderr).toMatch(/:2:\d+/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(project.dir, 'gen'))).toBe(false);
  });

  it('hostile shapes: deep chains, spreads, computed keys, getters, odd names: warnings, never a crash', async () => {
    const project = driftProject('classic');
    const deep = `z.object({ method: z.string() })${'.optional()'.repeat(3000)}`;
    project.write(
      'src/schemas.ts',
      `import { z } from 'zod';
const shared = { email: z.string() };
const key = 'message';
const a: unknown = null;
export const ContactRequestSchema = z.object({ ...shared, [key]: z.string(), email: Loop, get method() { return a as never; }, '__proto__': z.string(), constructor: z.number() });
export const ContactResponseSchema = ${deep};
export const Loop = Loop2;
const Loop2 = Loop;
`,
    );
    project.write('spec.yaml', spec(true));
    const result = await runZodTs([], project.dir);
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('warning:'));
    // The spread and the computed key hide which keys are there: only the named ones are compared.
    expect(warnings).toEqual([
      // Notes (schemas not compared) come before the differences.
      expect.stringContaining('ContactResponseSchema (#/components/schemas/ContactResponse) is not built on ContactResponseBase and is not a z.object(...) this run can read'),
      expect.stringContaining('ContactRequestSchema (#/components/schemas/ContactRequest): property "__proto__" is in the file but no longer in the spec'),
      expect.stringContaining('ContactRequestSchema (#/components/schemas/ContactRequest): property "constructor" is in the file but no longer in the spec'),
    ]);
  });
});
