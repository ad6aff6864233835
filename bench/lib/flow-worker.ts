import { parentPort, workerData } from 'node:worker_threads';
import type { Flow, FlowRequest, FlowResult, VirtualUser } from './flow.ts';

// Runs inside the worker thread started by loadFlow.
const req = workerData as FlowRequest;

async function phase(users: VirtualUser[], seconds: number): Promise<FlowResult> {
  const latencies: number[] = [];
  let failure: unknown;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    users.map(async (u) => {
      while (failure === undefined && performance.now() < end) {
        const t = performance.now();
        try {
          await u.step();
        } catch (e) {
          failure ??= e;
          return;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  if (failure !== undefined) throw failure;
  // Until the last operation in flight has finished: operations started before `end` count.
  return { latencies, elapsedMs: performance.now() - start };
}

async function main(): Promise<FlowResult> {
  const flow = (await import(req.module)).default as Flow<unknown>;
  const users = await Promise.all(Array.from({ length: req.connections }, (_, i) => flow(req.data, i)));
  try {
    if (req.warmupS > 0) await phase(users, req.warmupS);
    return await phase(users, req.durationS);
  } finally {
    await Promise.all(users.map((u) => u.close()));
  }
}

main().then(
  (ok) => parentPort?.postMessage({ ok }),
  (e: unknown) => parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) }),
);
