import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadingsLive } from './readings.live.ts';

const HEARTBEAT_MS = 15_000;
/** Ids of readings a stream already sent: two notifications may name the same reading (concurrent batches). */
const REMEMBERED = 5_000;

/**
 * Answers with a Server-Sent Events stream of one device's new readings: headers (the security headers
 * set on the reply already), then `: live` once this instance listens, then an event per reading and a
 * comment every 15 s so proxies keep the connection. Ends when the client leaves or the server closes
 * (`streams` holds each open stream's end, for app.ts's preClose).
 */
export async function openStream(
  req: FastifyRequest,
  reply: FastifyReply,
  live: ReadingsLive,
  deviceId: string,
  streams: Set<() => void>,
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
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
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
