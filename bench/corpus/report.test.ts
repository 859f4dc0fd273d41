import { describe, expect, it } from 'vitest';
import { buildReport, exitCode, findings, renderSummary, type RunInfo } from '../../scripts/corpus/report.js';
import type { SpecResult } from '../../scripts/corpus/types.js';

const info: RunInfo = { rule: 'test', corpusSize: 2, tscRule: 'tsc 7', jobs: 1, timeoutRule: '1 s', fingerprint: 'f', node: 'v22' };

function spec(id: string, largestBytes: number): SpecResult {
  const routes = { operations: 1, routed: 1, expectedRoutes: 1, registeredRoutes: 1, failures: [] };
  return {
    id,
    bytes: 1000,
    status: 'ok',
    ms: 10,
    generateMs: 5,
    tsc: [{ version: '7', errors: 0, first: [], ms: 1 }],
    prettier: { failing: [], ms: 1 },
    agreement: {
      mocks: { responses: 1, valid: 1, failures: [], largest: { operation: 'GET /things', bytes: largestBytes } },
      fastify: routes,
      hono: routes,
      counts: { mocks: 0, fastify: 0, hono: 0 },
      ms: 1,
    },
  };
}

describe('corpus report', () => {
  it('reports a mock response over 1 MB as a finding of its own, not a failure', () => {
    const big = spec('big.json', 2_500_000);
    expect(findings(big)).toEqual([{ category: 'mock size', cause: 'a mock response over 1 MB', detail: 'GET /things: 2.5 MB' }]);
    expect(findings(spec('small.json', 900_000))).toEqual([]);
    const report = buildReport(info, 2, [big, spec('small.json', 900_000)], true);
    expect(exitCode(report)).toBe(0);
    const summary = renderSummary(report);
    expect(summary).toContain('## Largest mock responses');
    // Largest first.
    expect(summary.indexOf('| big.json | GET /things | 2500.0 kB |')).toBeLessThan(summary.indexOf('| small.json | GET /things | 900.0 kB |'));
    expect(summary).toContain('### mock size');
  });
});
