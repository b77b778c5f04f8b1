import { afterEach, describe, expect, it, vi } from 'vitest';

describe("the browser apps' zod configuration", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is the configuration zod loads with: object schemas parse without ever calling Function (our CSP forbids it)', async () => {
    // Imported before zod, as each app's main.tsx does.
    await import('./zod-config');
    const built = vi.spyOn(globalThis, 'Function');
    const z = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1), count: z.number().int() });
    // A JIT would compile on a later parse of the same schema: parse several times.
    for (let i = 0; i < 5; i++)
      expect(schema.parse({ name: 'Pune', count: i })).toEqual({ name: 'Pune', count: i });
    expect(built).not.toHaveBeenCalled();
  });
});
