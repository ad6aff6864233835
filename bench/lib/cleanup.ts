/**
 * Resources that must go away however the run ends (normal end, error, Ctrl-C): servers, pools,
 * the embedded PostgreSQL and its temporary folder. Cleanups run last-registered first.
 */
type Cleanup = () => Promise<unknown>;

const stack: { fn: Cleanup }[] = [];

/** Registers a cleanup; call the returned function once the resource is released normally. */
export function onCleanup(fn: Cleanup): () => void {
  const entry = { fn };
  stack.push(entry);
  return () => {
    const i = stack.indexOf(entry);
    if (i >= 0) stack.splice(i, 1);
  };
}

/** Runs every pending cleanup (newest first), reporting but not stopping on failures. */
export async function runCleanups(): Promise<void> {
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    try {
      await entry.fn();
    } catch (e) {
      console.error(`cleanup failed: ${(e as Error).message}`);
    }
  }
}

/** One resource's lifetime: acquired by `open`, released by `close` on every path, signals included. */
export async function withResource<R, T>(
  open: () => Promise<R>,
  close: (r: R) => Promise<unknown>,
  body: (r: R) => Promise<T>,
): Promise<T> {
  const r = await open();
  const release = onCleanup(() => close(r));
  try {
    return await body(r);
  } finally {
    release();
    await close(r);
  }
}

let interrupted = false;

/**
 * On SIGINT/SIGTERM (and on an error nobody caught) release everything, then exit. A second signal
 * while cleaning up exits at once.
 */
export function installSignalHandlers(): void {
  const bail = (code: number, why: string) => {
    if (interrupted) process.exit(code);
    interrupted = true;
    console.error(`\n${why}: stopping servers and the database…`);
    void runCleanups().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => bail(130, 'interrupted'));
  process.on('SIGTERM', () => bail(143, 'terminated'));
  process.on('uncaughtException', (e) => bail(1, `uncaught error: ${e.stack ?? e.message}`));
  process.on('unhandledRejection', (e) => bail(1, `unhandled rejection: ${String(e)}`));
}
