import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixture, runCommandLine, tempProject } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { extractFieldErrors } from '../src/index.js';

/**
 * Issue 33, item 5 (fixtures/specs/discriminated-payment.yaml): a oneOf with a discriminator is a
 * z.discriminatedUnion, so an invalid card is reported inside the member (`payment.last4`), not as
 * one `payment: Invalid input`, and a form shows the card's own message under `payment`.
 */
interface Issue {
  path: (string | number)[];
  message: string;
}
interface Generated {
  OrderSchema: { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } };
  WalletSchema: { safeParse(value: unknown): { success: boolean } };
  createOrder(body: unknown): Promise<unknown>;
}

const generated = new Map<string, Promise<{ module: Generated; source: string }>>();
function generate(variant: 'classic' | 'mini'): Promise<{ module: Generated; source: string }> {
  if (!generated.has(variant)) generated.set(variant, generateOnce(variant));
  return generated.get(variant)!;
}

async function generateOnce(variant: 'classic' | 'mini'): Promise<{ module: Generated; source: string }> {
  const project = tempProject(`form-errors-discriminated-${variant}`, { prettier: false });
  project.write('openapi-zod-ts.config.json', JSON.stringify({ input_openapi: fixture('discriminated-payment.yaml'), output: './gen', zod_variant: variant }));
  const run = runCommandLine('openapi-zod-ts', 'openapi-zod-ts', ['--config', 'openapi-zod-ts.config.json'], project.dir);
  if (run.code !== 0) throw new Error(`openapi-zod-ts failed: ${run.stderr}`);
  const schemas = (await import(pathToFileURL(`${project.dir}/gen/schema-types.ts`).href)) as Generated;
  const client = (await import(pathToFileURL(`${project.dir}/gen/client.ts`).href)) as Generated;
  return { module: { ...schemas, createOrder: client.createOrder }, source: readFileSync(join(project.dir, 'gen', 'schema-types.ts'), 'utf8') };
}

const badCard = { item: 'book', payment: { method: 'card', last4: '12x' } };

describe.each(['classic', 'mini'] as const)('a oneOf with a discriminator, %s zod', (variant) => {
  it('reports an invalid member at its own path, and forms map it to the field', async () => {
    const { module, source } = await generate(variant);
    expect(source).toContain('z.discriminatedUnion("method", [');
    const issues = module.OrderSchema.safeParse(badCard).error?.issues ?? [];
    expect(issues.map((issue) => issue.path)).toEqual([['payment', 'last4']]);
    expect(module.OrderSchema.safeParse({ item: 'book', payment: { method: 'bank', iban: 'DE89370400440532013000' } }).success).toBe(true);
    expect(module.OrderSchema.safeParse({ item: 'book', payment: { method: 'bank', last4: '1234' } }).success).toBe(false);

    // The generated client refuses the body before any request, and the form shows the card's message.
    const error = await module.createOrder(badCard).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const fields = extractFieldErrors(error, { statusCodes: [] });
    expect(fields).toEqual([{ field: 'payment', message: issues[0]!.message }]);
    expect(fields[0]!.message).not.toBe('Invalid input');
  });

  it('keeps z.union, with the reason in a comment, where a member is itself a union', async () => {
    const { module, source } = await generate(variant);
    expect(source).toContain('/* z.union, not z.discriminatedUnion: member 2 is itself a union */');
    expect(module.WalletSchema.safeParse({ method: 'voucher', code: 'X' }).success).toBe(true);
    expect(module.WalletSchema.safeParse({ method: 'card', code: 'X' }).success).toBe(false);
  });
});
