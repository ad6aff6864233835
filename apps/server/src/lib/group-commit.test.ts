import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupCommitOptions } from './group-commit.ts';

type Item = { n: number; key?: string };

/** A GroupCommit whose calls end only when the test ends them, recording what each call carried. */
function harness(opts: Partial<GroupCommitOptions<Item, string>> = {}) {
  const calls: { items: number[]; end: (fail?: unknown) => void }[] = [];
  const call = (items: Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items: items.map((i) => i.n),
        end: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `done ${i.n}`))),
      });
    });
  const group = new GroupCommit<Item, string>({
    one: async (item) => (await call([item]))[0] as string,
    many: call,
    maxGroup: 3,
    inFlight: 2,
    conflictKey: (item) => item.key,
    rolledBack: (err) => err === 'rolled back',
    ...opts,
  });
  return { group, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
/** Its answer or its error, without leaving a rejection unhandled while the test goes on. */
const outcome = (p: Promise<string>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('GroupCommit', () => {
  it('sends a lone item at once, and those that arrive while calls run together when one ends', async () => {
    const { group, calls } = harness();
    const answers = [1, 2, 3, 4, 5, 6].map((n) => group.submit('org', { n }));
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0]?.end();
    await settle();
    // At most three in a call; the sixth waits for the next free call.
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]?.end();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5], [6]]);
    calls[2]?.end();
    calls[3]?.end();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `done ${n}`));
  });

  it('keeps groups apart: another organization does not wait', async () => {
    const { group, calls } = harness({ inFlight: 1 });
    void group.submit('a', { n: 1 });
    void group.submit('a', { n: 2 });
    void group.submit('b', { n: 3 });
    expect(calls.map((c) => c.items)).toEqual([[1], [3]]);
  });

  it('never puts two items with the same key in one call', async () => {
    const { group, calls } = harness({ inFlight: 1 });
    void group.submit('org', { n: 1 });
    for (const [n, key] of [
      [2, 'k'],
      [3, 'k'],
      [4, undefined],
    ] as const)
      void group.submit('org', { n, key });
    calls[0]?.end();
    await settle();
    expect(calls[1]?.items).toEqual([2, 4]);
    calls[1]?.end();
    await settle();
    expect(calls[2]?.items).toEqual([3]);
  });

  it('tries each item alone when the database refused the call as a whole', async () => {
    const { group, calls } = harness({ inFlight: 1 });
    const answers = [1, 2, 3].map((n) => outcome(group.submit('org', { n })));
    calls[0]?.end();
    await settle();
    calls[1]?.end('rolled back');
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [2]]);
    calls[2]?.end('its own refusal');
    await settle();
    calls[3]?.end();
    expect(await Promise.all(answers)).toEqual([
      { value: 'done 1' },
      { error: 'its own refusal' },
      { value: 'done 3' },
    ]);
  });

  it('gives every item the error when the call may have committed (a lost connection)', async () => {
    const { group, calls } = harness({ inFlight: 1 });
    const answers = [1, 2, 3].map((n) => outcome(group.submit('org', { n })));
    calls[0]?.end();
    await settle();
    calls[1]?.end('connection lost');
    expect(await Promise.all(answers)).toEqual([
      { value: 'done 1' },
      { error: 'connection lost' },
      { error: 'connection lost' },
    ]);
    expect(calls).toHaveLength(2);
  });
});
