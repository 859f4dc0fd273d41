#!/usr/bin/env node
/**
 * What a watch session's reuse of converted schemas saves (issue 17): `buildModel` of GitHub's
 * spec after a one-line edit, fresh and with the `ModelMemo` of the build before the edit.
 *
 *   node bench/model-reuse.mjs [--runs 5] [--spec path]
 *
 * Each run makes one edit (a component schema's description, or an operation's summary), parses
 * the edited document twice and builds it fresh and with the memo, in alternating order so that
 * both meet the same machine load; the two models must be deep-equal. Wall time and the process's
 * CPU time (all threads: the garbage collector's helpers too), which other processes' load does not
 * inflate. Build first (`pnpm build`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildModel, checkSpec, ModelMemo } from '@specwright/core';
import { ROOT as root, benchArgs } from './args.mjs';

const values = benchArgs();
const runs = Number(values.runs);
const text = readFileSync(values.spec, 'utf8');
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const edits = {
  'a component schema description': (document, i) => {
    const schemas = document.components.schemas;
    const name = Object.keys(schemas).find((key) => typeof schemas[key].description === 'string') ?? Object.keys(schemas)[0];
    schemas[name].description = `${schemas[name].description ?? ''} (edit ${i + 1})`;
  },
  'an operation summary': (document, i) => {
    const operation = Object.values(Object.values(document.paths)[0]).find((value) => typeof value === 'object' && 'responses' in value);
    operation.summary = `${operation.summary ?? ''} (edit ${i + 1})`;
  },
};

for (const [label, edit] of Object.entries(edits)) {
  const memo = new ModelMemo();
  buildModel(checkSpec(JSON.parse(text), values.spec), { memo });
  const fresh = [];
  const reused = [];
  const freshCpu = [];
  const reusedCpu = [];
  for (let i = 0; i < runs; i++) {
    const documents = [JSON.parse(text), JSON.parse(text)];
    documents.forEach((document) => edit(document, i));
    const [a, b] = documents.map((document) => checkSpec(document, values.spec));
    const time = (build) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const model = build();
      const { user, system } = process.cpuUsage(cpu);
      return { model, ms: performance.now() - started, cpu: (user + system) / 1000 };
    };
    const order = i % 2 === 0 ? ['fresh', 'reused'] : ['reused', 'fresh'];
    const results = {};
    for (const which of order) results[which] = which === 'fresh' ? time(() => buildModel(a)) : time(() => buildModel(b, { memo }));
    if (!isDeepStrictEqual(results.fresh.model, results.reused.model)) throw new Error(`run ${i + 1}: the model built with the memo differs from the fresh one`);
    fresh.push(results.fresh.ms);
    reused.push(results.reused.ms);
    freshCpu.push(results.fresh.cpu);
    reusedCpu.push(results.reused.cpu);
  }
  const stats = memo.lastBuild;
  console.log(
    `buildModel, ${label}: fresh median ${median(fresh).toFixed(0)} ms (CPU ${median(freshCpu).toFixed(0)} ms), ` +
      `with the memo ${median(reused).toFixed(0)} ms (CPU ${median(reusedCpu).toFixed(0)} ms) (${runs} runs, alternating; ` +
      `last: ${stats.reusedSchemas} component schemas reused, ${stats.convertedSchemas} converted; ${stats.reusedOperationSchemas} operation schemas reused, ${stats.convertedOperationSchemas} converted)`,
  );
  console.log(`  fresh: ${fresh.map((ms) => ms.toFixed(0)).join(', ')} ms; with the memo: ${reused.map((ms) => ms.toFixed(0)).join(', ')} ms`);
}
