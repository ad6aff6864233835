/**
 * Group commit for single-record writes (docs/architecture.md, "Posting"). Every posting of an
 * organization takes gapless numbers, so its commits queue one behind the other on the counter rows:
 * one record per commit cannot go faster than commits can be flushed. Here requests of one group (an
 * organization) that arrive while `inFlight` calls of that group are already running wait for one of
 * them to end, then go together as one call of `many` — one commit, numbers taken once — of at most
 * `maxGroup` items. Nothing waits on a timer: a lone request goes straight out through `one`, as before.
 *
 * `many` answers one result per item, in order (a refusal of one item is such a result, not a throw).
 * Should the call fail as a whole with an error that proves nothing was written (`rolledBack`: the
 * database refused the statement), each of its items is tried again on its own through `one`, so a
 * request only ever gets its own answer or its own error; any other failure (a lost connection: the
 * commit may have happened) is every item's error, as it would have been for a lone request.
 *
 * Items with the same `conflictKey` (an Idempotency-Key) never share a call: the second must see the
 * first's answer, not its half-made claim.
 */
export type GroupCommitOptions<I, R> = {
  one: (item: I) => Promise<R>;
  many: (items: I[]) => Promise<R[]>;
  maxGroup: number;
  inFlight: number;
  conflictKey?: (item: I) => string | undefined;
  rolledBack: (err: unknown) => boolean;
};

type Waiting<I, R> = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };
type Lane<I, R> = { running: number; queue: Waiting<I, R>[] };

export class GroupCommit<I, R> {
  private readonly lanes = new Map<string, Lane<I, R>>();

  constructor(private readonly opts: GroupCommitOptions<I, R>) {}

  submit(group: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let lane = this.lanes.get(group);
      if (!lane) {
        lane = { running: 0, queue: [] };
        this.lanes.set(group, lane);
      }
      lane.queue.push({ item, resolve, reject });
      this.pump(group, lane);
    });
  }

  private pump(group: string, lane: Lane<I, R>) {
    while (lane.running < this.opts.inFlight && lane.queue.length > 0) {
      const call = this.take(lane);
      lane.running++;
      void this.run(call).finally(() => {
        lane.running--;
        if (lane.running === 0 && lane.queue.length === 0) this.lanes.delete(group);
        else this.pump(group, lane);
      });
    }
  }

  /** The oldest waiting items, up to maxGroup, at most one per conflict key; the rest keep their place. */
  private take(lane: Lane<I, R>): Waiting<I, R>[] {
    const taken: Waiting<I, R>[] = [];
    const kept: Waiting<I, R>[] = [];
    const keys = new Set<string>();
    for (const w of lane.queue) {
      const key = this.opts.conflictKey?.(w.item);
      if (taken.length >= this.opts.maxGroup || (key !== undefined && keys.has(key))) kept.push(w);
      else {
        if (key !== undefined) keys.add(key);
        taken.push(w);
      }
    }
    lane.queue = kept;
    return taken;
  }

  private async run(call: Waiting<I, R>[]) {
    if (call.length === 1) return this.alone(call[0] as Waiting<I, R>);
    let results: R[];
    try {
      results = await this.opts.many(call.map((w) => w.item));
    } catch (err) {
      if (this.opts.rolledBack(err)) for (const w of call) await this.alone(w);
      else for (const w of call) w.reject(err);
      return;
    }
    call.forEach((w, i) => {
      if (i < results.length) w.resolve(results[i] as R);
      else w.reject(new Error('a group call answered fewer results than items'));
    });
  }

  private async alone(w: Waiting<I, R>) {
    try {
      w.resolve(await this.opts.one(w.item));
    } catch (err) {
      w.reject(err);
    }
  }
}
