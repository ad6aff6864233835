import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, out) };
}

describe('the per-request logger', () => {
  it('is made only when something is logged, and then carries the request id', async () => {
    const { lines, log } = capture();
    let made = 0;
    const parent = new Proxy(log, {
      get: (target, key, receiver) =>
        key === 'child'
          ? (...a: Parameters<typeof log.child>) => {
              made++;
              return target.child(...a);
            }
          : Reflect.get(target, key, receiver),
    });
    const quiet = lazyChildLogger(parent, { reqId: 'r-1' }, {});
    quiet.debug('below the level');
    expect(made).toBe(1); // a call at any level makes it, as a real child would filter it
    const untouched = lazyChildLogger(parent, { reqId: 'r-2' }, {});
    expect(untouched.level).toBe('info');
    expect(made).toBe(1);
    const used = lazyChildLogger(parent, { reqId: 'r-3' }, {});
    used.info({ status: 200 }, 'request');
    used.warn('twice, one child');
    await new Promise((r) => setImmediate(r));
    expect(made).toBe(2);
    expect(lines.map((l) => [l.reqId, l.msg, l.status])).toEqual([
      ['r-3', 'request', 200],
      ['r-3', 'twice, one child', undefined],
    ]);
  });
});
