import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files named `*.slow.test.*` start first. Vitest orders files by the durations it cached from the
 * last run, and without that cache (a fresh clone, CI) by size, largest first: the slowest files
 * here are a few lines long (a real spec through tsc, a property test), so they would start last
 * and run alone on one core at the end of the suite.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (spec: TestSpecification) => /\.slow\.test\.[cm]?[jt]sx?$/.test(spec.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((spec) => !slow(spec))];
  }
}
