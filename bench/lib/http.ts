import { withResource } from './cleanup.ts';
import { loadUrl } from './load.ts';
import { type BenchContext, loadTarget, type Scenario } from './scenario.ts';

/** What a scenario's server must offer: a Fastify instance (bare or the whole app) fits. */
export type HttpServer = {
  listen(opts: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
};

export type HttpScenario = Omit<Scenario, 'run'> & {
  /** Path and query loaded, e.g. `/api/health`. */
  path: string;
  /** Builds the server (not yet listening); closing it must release whatever it opened. */
  server: (ctx: BenchContext) => Promise<HttpServer>;
  /** Headers every request carries (a signed-in member's), made once the server listens on `origin`. */
  headers?: (origin: string, ctx: BenchContext) => Promise<Record<string, string>>;
  /** Checks one response before the load (the status was already checked to be 200). */
  check?: (body: unknown, ctx: BenchContext) => void | Promise<void>;
  /** Sample where the database's backends and the app's pool wait (routes that query). */
  waits?: boolean;
};

/** A scenario that listens on 127.0.0.1 (random port), checks one response, loads it and closes. */
export function httpScenario(def: HttpScenario): Scenario {
  const { path, server, headers, check, waits, ...rest } = def;
  return {
    ...rest,
    run: (ctx) =>
      withResource(
        () => server(ctx),
        (s) => s.close(),
        async (s) => {
          const origin = await s.listen({ host: '127.0.0.1', port: 0 });
          const url = new URL(path, origin).toString();
          const h = await headers?.(origin, ctx);
          const res = await fetch(url, { headers: h });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 500)}`);
          await check?.(JSON.parse(text), ctx);
          return loadUrl(url, loadTarget(ctx, { waits }), h);
        },
      ),
  };
}
