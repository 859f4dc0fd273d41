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

  it('caps heap growth before a very large spec is read, and only then, once the command asked for it', async () => {
    const { LARGE_SPEC_BYTES, prepareHeapFor, tuneHeapOfThisProcess } = await import('../src/heap-policy.js');
    tuneHeapOfThisProcess();
    prepareHeapFor(11 * 1024 * 1024, false);
    expect(flags).toEqual([]);
    prepareHeapFor(LARGE_SPEC_BYTES, false);
    expect(flags).toEqual(['--heap-growing-percent=50']);
  });

  it('caps heap growth for a watch session whatever the spec', async () => {
    const { prepareHeapFor, tuneHeapOfThisProcess } = await import('../src/heap-policy.js');
    tuneHeapOfThisProcess();
    prepareHeapFor(8 * 1024, true);
    expect(flags).toEqual(['--heap-growing-percent=50']);
  });
});
