import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: (flag: string) => flags.push(flag) }));

describe('the heap policy of the specwright process', () => {
  beforeEach(() => {
    flags.length = 0;
    vi.resetModules();
  });

  it('leaves the heap alone in a host process (generate(), the Vite plugin)', async () => {
    const { LARGE_SPEC_BYTES, prepareHeapFor } = await import('../src/heap-policy.js');
    prepareHeapFor(LARGE_SPEC_BYTES * 2, true);
    expect(flags).toEqual([]);
  });

  it('caps heap growth at 30% before a very large spec is read, and only then, once the command asked for it', async () => {
    const { LARGE_SPEC_BYTES, prepareHeapFor, tuneHeapOfThisProcess } = await import('../src/heap-policy.js');
    tuneHeapOfThisProcess();
    prepareHeapFor(11 * 1024 * 1024, false);
    expect(flags).toEqual([]);
    prepareHeapFor(LARGE_SPEC_BYTES, false);
    expect(flags).toEqual(['--heap-growing-percent=30']);
  });

  it('caps a watch session of a very large spec at 30% too', async () => {
    const { LARGE_SPEC_BYTES, prepareHeapFor, tuneHeapOfThisProcess } = await import('../src/heap-policy.js');
    tuneHeapOfThisProcess();
    prepareHeapFor(LARGE_SPEC_BYTES, true);
    expect(flags).toEqual(['--heap-growing-percent=30']);
  });

  it('caps heap growth at 50% for a watch session of a smaller spec', async () => {
    const { prepareHeapFor, tuneHeapOfThisProcess } = await import('../src/heap-policy.js');
    tuneHeapOfThisProcess();
    prepareHeapFor(8 * 1024, true);
    expect(flags).toEqual(['--heap-growing-percent=50']);
  });
});
