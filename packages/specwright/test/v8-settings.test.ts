import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => [] as string[]);
const ran = vi.hoisted(() => ({ main: 0 }));
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: (flag: string) => flags.push(flag) }));
vi.mock('@specwright/core', async (original) => ({ ...(await original<typeof import('@specwright/core')>()), runCommand: async () => (ran.main++, flags.push('main'), 0) }));

describe('the V8 settings of the specwright process', () => {
  beforeEach(() => {
    flags.length = 0;
    ran.main = 0;
    vi.resetModules();
  });

  it('the command sets them before it runs: no inlining, no allocation-site pretenuring', async () => {
    await import('../src/cli.js');
    expect(flags).toEqual(['--no-turbo-inlining', '--no-allocation-site-pretenuring', 'main']);
    expect(ran.main).toBe(1);
  });

  it('generate() leaves its host process alone', async () => {
    const { generate } = await import('../src/index.js');
    expect(typeof generate).toBe('function');
    expect(flags).toEqual([]);
  });
});
