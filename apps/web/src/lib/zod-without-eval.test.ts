import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it("sets zod's own global config to jitless before zod loads", async () => {
    await import('./zod-without-eval');
    const { globalConfig } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(globalConfig.jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
