import type { Reading } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { READINGS_CHANNEL, readingsInRange } from './readings.repo.ts';

type Listener = (readings: Reading[]) => void;
type Note = { d: string; from: number; to: number };

const RECONNECT_MS = 2_000;

const parseNote = (payload: string | undefined): Note | undefined => {
  try {
    const n = JSON.parse(payload ?? '') as Partial<Note>;
    return typeof n.d === 'string' && Number.isSafeInteger(n.from) && Number.isSafeInteger(n.to)
      ? (n as Note)
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * New readings of the devices someone is watching, from every instance: an ingest NOTIFYs the device
 * and the ids it stored (readings.repo.ts touchDevices), and this instance, holding one LISTEN
 * connection while anyone watches, reads those readings once and hands them to its watchers. The
 * connection opens with the first watcher and reconnects after a lost server.
 */
export class ReadingsLive {
  private readonly watchers = new Map<string, Set<Listener>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `listener` with each batch of the device's new readings until the returned function is called. */
  async watch(deviceId: string, listener: Listener): Promise<() => void> {
    const set = this.watchers.get(deviceId) ?? new Set<Listener>();
    this.watchers.set(deviceId, set);
    set.add(listener);
    await this.listen();
    return () => {
      set.delete(listener);
      if (!set.size) this.watchers.delete(deviceId);
    };
  }

  /** Whether the LISTEN connection is up (tests wait for it before publishing). */
  get listening(): boolean {
    return this.client !== undefined && this.connecting === undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.watchers.clear();
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    if (this.closed || (this.client && !this.connecting)) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // The pool's own settings (server, role), on a connection of its own: LISTEN holds it for good.
    const client = new pg.Client(this.db.$client.options);
    client.on('notification', (msg) => {
      if (msg.channel === READINGS_CHANNEL) this.deliver(parseNote(msg.payload));
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      if (err) this.log.warn({ err }, 'live readings: lost the LISTEN connection; reconnecting');
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${READINGS_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      this.log.warn({ err }, 'live readings: cannot LISTEN; retrying');
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || !this.watchers.size) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.watchers.size) void this.listen();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private deliver(note: Note | undefined): void {
    if (!note) return;
    const set = this.watchers.get(note.d);
    if (!set?.size) return;
    readingsInRange(this.db, note.d, note.from, note.to).then(
      (readings) => {
        if (!readings.length) return;
        for (const listener of this.watchers.get(note.d) ?? []) listener(readings);
      },
      (err: unknown) => this.log.warn({ err }, 'live readings: reading a notified batch failed'),
    );
  }
}
