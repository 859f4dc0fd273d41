/**
 * One spec, in a process of its own (a crash, a hang or a leak stays here): load, generate with
 * the generator runs, write the project, `tsc --noEmit`, `prettier --check`, agreement.
 * Started by the pool with the job as JSON in argv[2]; reports its phases and the result over IPC.
 */
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { loadModel, type ApiModel } from '@specwright/core';
import { openCheckCache, projectDigest, specProjectKey } from './check-cache.js';
import { prettierCheck, typecheck, type TscResult, type TscVersion } from './checks.js';
import { describeError, initProject, runGenerators, writeFiles } from './generate.js';
import type { SpecResult, WorkerJob, WorkerMessage } from './types.js';

const job = JSON.parse(process.argv[2]!) as WorkerJob;

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, () => resolve()));
}

async function run(): Promise<SpecResult> {
  const started = performance.now();
  const result: SpecResult = { id: job.spec.id, bytes: job.spec.bytes, variant: job.variant, status: 'ok', ms: 0 };
  const finish = () => ((result.ms = Math.round(performance.now() - started)), result);

  await send({ type: 'phase', phase: 'load' });
  let model: ApiModel;
  const loadStart = performance.now();
  try {
    model = await loadModel(job.spec.path);
  } catch (error) {
    result.loadMs = Math.round(performance.now() - loadStart);
    result.error = { generator: 'load', ...describeError(error) };
    result.status = result.error.kind;
    return finish();
  }
  result.loadMs = Math.round(performance.now() - loadStart);
  result.operations = model.operations.length;
  result.schemas = model.schemas.length;
  result.modelWarnings = model.warnings.length;

  await send({ type: 'phase', phase: 'generate' });
  initProject(job.projectDir);
  const runs = await runGenerators(model, job.projectDir, { inputSchema: job.inputSchema, variant: job.variant });
  result.rssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  result.generators = runs.map((r) => ({
    generator: r.generator,
    ms: Math.round(r.ms),
    files: r.files.length,
    bytes: r.files.reduce((n, f) => n + Buffer.byteLength(f.content), 0),
    warnings: r.warnings.length,
    ...(r.error ? { error: r.error } : {}),
  }));
  result.generateMs = Math.max(...runs.map((r) => Math.round(result.loadMs! + r.ms)));
  const failed = runs.find((r) => r.error);
  if (failed?.error) {
    result.error = { generator: failed.generator, ...failed.error };
    result.status = runs.some((r) => r.error?.kind === 'crash') ? 'crash' : 'spec-error';
    return finish();
  }
  const files = runs.flatMap((r) => r.files);
  writeFiles(files);
  const relativeFiles = files.map((f) => relative(job.projectDir, f.path));

  const cache = job.reuse ? openCheckCache(job.checkCache) : undefined;
  const project = cache ? [projectDigest(job.projectDir)] : [];
  result.tsc = [];
  for (const version of job.tsc) {
    await send({ type: 'phase', phase: `tsc ${version}` });
    const earlier = cache?.get<TscResult>(`tsc-${version}`, project);
    if (earlier) {
      result.tsc.push({ ...earlier, reused: true });
      continue;
    }
    const checked = await typecheck(job.projectDir, version as TscVersion, 5, job.tscTimeoutMs);
    // A killed tsc (the bound, memory) says nothing about the project: it is not kept.
    if (!checked.failure) cache?.set(`tsc-${version}`, project, checked);
    result.tsc.push(checked);
  }

  await send({ type: 'phase', phase: 'prettier' });
  result.prettier = await prettierCheck(job.projectDir, relativeFiles, cache);
  result.prettier.ms = Math.round(result.prettier.ms);

  if (job.agreement) {
    await send({ type: 'phase', phase: 'agreement' });
    // Imported here: it loads TypeScript (most of a second per spec), which a run without the check (CI's) does not need.
    const { capAgreement, checkAgreement } = await import('./agreement.js');
    const key = cache ? specProjectKey(job.projectDir, job.spec.path) : [];
    const earlier = cache?.get<NonNullable<SpecResult['agreement']>>('agreement', key);
    const agreementStart = performance.now();
    if (earlier) result.agreement = { ...earlier, reused: true };
    else {
      try {
        result.agreement = { ...capAgreement(await checkAgreement(model, job.projectDir)), ms: Math.round(performance.now() - agreementStart) };
        cache?.set('agreement', key, result.agreement);
      } catch (error) {
        const e = describeError(error);
        result.agreementError = `${e.code}: ${e.message}`;
      }
    }
  }
  for (const t of result.tsc) t.ms = Math.round(t.ms);
  return finish();
}

const result = await run();
if (!job.keep && (result.status === 'spec-error' || (result.status === 'ok' && isClean(result)))) rmSync(job.projectDir, { recursive: true, force: true });
await send({ type: 'result', result });
process.exit(0);

/** A project worth keeping for a look is one with any finding. */
function isClean(r: SpecResult): boolean {
  const a = r.agreement;
  return (
    (r.tsc ?? []).every((t) => t.errors === 0 && !t.failure) &&
    (r.prettier?.failing.length ?? 0) === 0 &&
    !r.agreementError &&
    (a === undefined ? !job.agreement : a.counts.mocks + a.counts.fastify + a.counts.hono === 0 &&
    !a.mocks.loadError &&
    !a.fastify.loadError &&
    !a.hono.loadError)
  );
}
