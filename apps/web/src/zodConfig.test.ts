import './zodConfig.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('is jitless, so it never tries the eval the Content-Security-Policy refuses', () => {
    expect(z.config().jitless).toBe(true);
    // Schemas still check as before, interpreted.
    expect(z.object({ kg: z.number() }).safeParse({ kg: '1' }).success).toBe(false);
    expect(z.object({ kg: z.number() }).parse({ kg: 1 })).toEqual({ kg: 1 });
  });
});
