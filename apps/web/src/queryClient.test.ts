import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient.ts';

describe('createQueryClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });

  it('backs off min(1000·2^n, 30000) ms between retries', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay;
    if (typeof retryDelay !== 'function') throw new Error('retryDelay is not a function');
    const delays = [0, 1, 2, 3, 4, 5, 10].map((attempt) => retryDelay(attempt, new Error('x')));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('retries a failing query 3 times, waiting 1 s, 2 s and 4 s', async () => {
    const client = createQueryClient();
    const callTimes: number[] = [];
    const start = Date.now();
    const result = client
      .fetchQuery({
        queryKey: ['always-fails'],
        queryFn: () => {
          callTimes.push(Date.now() - start);
          return Promise.reject(new Error('down'));
        },
      })
      .catch((error: unknown) => error);

    await vi.runAllTimersAsync();

    await expect(result).resolves.toEqual(new Error('down'));
    expect(callTimes).toEqual([0, 1000, 3000, 7000]);
  });

  it('does not retry mutations', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(() => Promise.reject(new Error('rejected')));
    const result = client
      .getMutationCache()
      .build(client, { mutationFn })
      .execute(undefined)
      .catch((error: unknown) => error);

    await vi.runAllTimersAsync();

    await expect(result).resolves.toEqual(new Error('rejected'));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
