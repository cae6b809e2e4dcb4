import { describe, expect, it } from 'vitest';

describe('zod sans eval', () => {
  it('zod, chargé après, compile sans JIT (aucun new Function sous la politique de contenu)', async () => {
    await import('./zod-sans-eval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const calls: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        calls.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(z.object({ nom: z.string() }).parse({ nom: 'Café' })).toEqual({ nom: 'Café' });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
