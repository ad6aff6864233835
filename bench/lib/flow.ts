import { type LoadTarget, type Measurement, runLoad } from './load.ts';

/**
 * One connection's worth of load: `step` is one operation (one or several requests), timed as a
 * whole. It may resolve to the number of operations it completed (a batch request: its records);
 * anything else counts as one.
 */
export type VirtualUser = { step: () => Promise<unknown>; close: () => Promise<void> };

/** What a flow module default-exports: the `index`-th virtual user, opening its own connection. */
export type Flow<D> = (data: D, index: number) => Promise<VirtualUser>;

/**
 * Runs `opts.connections` virtual users of a flow module for a warm-up, then for the measured
 * seconds, each looping over its `step`. Like autocannon it runs in the load worker thread, so the
 * load does not share an event loop with a server in this thread; any failed step fails the
 * measurement. For operations autocannon cannot express: several dependent requests, POST bodies
 * that differ per request, or a database client.
 */
export function loadFlow<D>(module: URL, data: D, opts: LoadTarget): Promise<Measurement> {
  return runLoad({ ...opts, kind: 'flow', module: module.href, data });
}
