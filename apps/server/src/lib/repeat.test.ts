import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeat } from './repeat.ts';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

afterEach(() => {
  vi.useRealTimers();
});

describe('repeat', () => {
  it('runs rounds one after another, goes on after a failure, and stops after the running round', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    const rounds: string[] = [];
    let n = 0;
    const stop = repeat(
      async (stopping) => {
        n++;
        rounds.push(`start ${n}`);
        if (n === 1) throw new Error('down');
        await new Promise<void>((r) => {
          release = r;
        });
        rounds.push(`end ${n} stopping=${stopping()}`);
      },
      log,
      'the round failed',
      1_000,
    );
    expect(rounds).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'the round failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toEqual(['start 1', 'start 2']);
    // The round is still running: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toEqual(['start 1', 'start 2']);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(rounds).toEqual(['start 1', 'start 2', 'end 2 stopping=true']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds).toHaveLength(3);
  });

  it('rests a multiple of a long round before the next, and the usual interval after a short one', async () => {
    vi.useFakeTimers();
    const starts: number[] = [];
    const took = [3_000, 100, 100];
    const stop = repeat(
      async () => {
        starts.push(Date.now());
        await new Promise((r) => setTimeout(r, took[starts.length - 1] ?? 100));
      },
      log,
      'the round failed',
      1_000,
      4,
    );
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(1_000 + 3_000 + 12_000 + 100 + 1_000);
    // A 3 s round rests 12 s; a 0.1 s round rests the usual 1 s, not 0.4 s.
    expect(starts.map((t) => t - t0)).toEqual([1_000, 16_000, 17_100]);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
  });
});
