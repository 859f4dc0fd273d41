/**
 * Timing one node process tree, for the benches that start the command in fresh processes
 * (`specwright.mjs`, `v8-settings.mjs`, `readers.mjs`): wall time, CPU and peak RSS; and the
 * inputs they share.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * GNU time reports the process tree: CPU of the process and every child it waited for, and the
 * peak RSS of the largest of them (hey-api runs prettier as a child; specwright's bin starts a
 * second node). Undefined where it is missing.
 */
export const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((path) => existsSync(path) && spawnSync(path, ['-f', '%M', 'true']).status === 0);

/** Without GNU time each node process reports its own usage on exit. */
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\n@@usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)/1e6+' 0\\n')})`;

/**
 * `node <args>` in `cwd`: wall (ms), CPU of the process tree (ms), peak RSS of its largest
 * process (MiB). Throws with the process's output when it fails.
 */
export function timeNode(args, { cwd, env = process.env } = {}) {
  const command = GNU_TIME ? [GNU_TIME, '-f', '@@usage %M %U %S', process.execPath, ...args] : [process.execPath, '--import', REPORT_USAGE, ...args];
  const start = performance.now();
  const result = spawnSync(command[0], command.slice(1), { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  // Without GNU time the processes of the tree report one by one (the bin's second node inherits
  // the --import): the peak is the largest process's, the CPU the sum.
  const usages = [...result.stderr.matchAll(/@@usage (\d+) ([\d.]+) ([\d.]+)/g)];
  if (usages.length === 0) throw new Error(`no usage report from ${args.join(' ')}`);
  const cpu = usages.reduce((sum, u) => sum + Number(u[2]) + Number(u[3]), 0) * 1000;
  return { ms, cpu, rss: Math.max(...usages.map((u) => Number(u[1]))) / 1024 };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A config of all four sections, the fastify router, everything formatted, in `project`. */
export function writeAllFourConfig(project, spec, inputSchema) {
  mkdirSync(project, { recursive: true });
  const config = join(project, 'specwright.config.json');
  const withSchema = inputSchema === undefined ? {} : { input_schema: inputSchema };
  writeFileSync(config, JSON.stringify({ input_openapi: spec, zod_ts: { output: 'src/api', ...withSchema }, server: { framework: 'fastify', ...withSchema }, react_query: {}, msw: { output: 'src/mocks' } }));
  return config;
}

/** `jsonSpec` written as YAML by `yaml`'s `stringify` (core's dependency, resolved from there) to `target`. */
export function writeSpecAsYaml(jsonSpec, target) {
  const { stringify } = createRequire(join(import.meta.dirname, '..', 'packages', 'core', 'package.json'))('yaml');
  writeFileSync(target, stringify(JSON.parse(readFileSync(jsonSpec, 'utf8')), { lineWidth: 0 }));
  return target;
}
