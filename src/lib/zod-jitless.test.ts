import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns on jitless parsing in the zod that the schemas use', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // and parsing works without eval
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
