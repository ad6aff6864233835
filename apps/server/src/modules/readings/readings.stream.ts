import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadingsLive } from './readings.live.ts';

export type StreamTiming = {
  /** A comment this often keeps proxies from closing the connection; the caller is checked again then. */
  heartbeatMs: number;
  /** A stream ends after this long whatever happens; the web reconnects (and authenticates) again. */
  maxLifeMs: number;
};

export const STREAM_TIMING: StreamTiming = { heartbeatMs: 15_000, maxLifeMs: 3_600_000 };
/** Ids of readings a stream already sent: two notifications may name the same reading (concurrent batches). */
const REMEMBERED = 5_000;

/**
 * Answers with a Server-Sent Events stream of one device's new readings: headers (the security headers
 * set on the reply already), then `: live` once this instance listens, then an event per reading and a
 * comment every 15 s so proxies keep the connection. Ends when the client leaves, the server closes
 * (`streams` holds each open stream's end, for app.ts's preClose), the caller's credentials no longer
 * hold at a heartbeat (`stillAllowed`: signed out, key revoked, device gone — a stream must not outlive
 * them), or after `maxLifeMs`.
 */
export async function openStream(
  req: FastifyRequest,
  reply: FastifyReply,
  live: ReadingsLive,
  deviceId: string,
  streams: Set<() => void>,
  opts: StreamTiming & { stillAllowed: () => Promise<boolean> },
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');

  let ended = false;
  let unwatch: (() => void) | undefined;
  let checking = false;
  const heartbeat = setInterval(() => {
    if (checking) return;
    checking = true;
    opts.stillAllowed().then(
      (allowed) => {
        checking = false;
        if (!allowed) return end();
        if (!ended) res.write(': heartbeat\n\n');
      },
      (err: unknown) => {
        // Not knowing is not allowed: the client reconnects and is authenticated afresh.
        req.log.warn({ err }, 'readings stream: checking the caller failed; ending the stream');
        end();
      },
    );
  }, opts.heartbeatMs);
  const expiry = setTimeout(() => end(), opts.maxLifeMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unwatch?.();
    streams.delete(end);
    res.end();
  };
  streams.add(end);
  req.raw.on('close', end);
  res.on('close', end);
  res.on('error', end);

  const sent = new Set<number>();
  const stop = await live.watch(deviceId, (readings) => {
    if (ended) return;
    for (const r of readings) {
      if (sent.has(r.id)) continue;
      sent.add(r.id);
      res.write(`id: ${r.id}\nevent: reading\ndata: ${JSON.stringify(r)}\n\n`);
    }
    // A Set iterates in insertion order: the oldest ids go first.
    for (const id of sent) {
      if (sent.size <= REMEMBERED) break;
      sent.delete(id);
    }
  });
  if (ended) stop();
  else {
    unwatch = stop;
    res.write(': live\n\n');
  }
}
