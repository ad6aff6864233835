import {
  can,
  type latestReadingQuerySchema,
  READING_KINDS_BY_DEVICE,
  READING_UNITS,
  type ReadingKind,
  type ReadingSeries,
  type readingSeriesQuerySchema,
  type readingsIngestSchema,
  type readingsQuerySchema,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { verifyApiKey } from '../api-keys/api-keys.verify.ts';
import { findActiveSession } from '../auth/auth.repo.ts';
import { ingestReadings } from './readings.ingest.ts';
import * as repo from './readings.repo.ts';

const HOUR_MS = 3_600_000;
/** The widest window a series covers: a year, so a chart's query stays one bounded index range. */
const SERIES_MAX_MS = 366 * 24 * HOUR_MS;

/**
 * POST /api/iot/readings: a device's key may write only its own device; members any of theirs. A key's
 * readings are stored as the device's, a member's as entered by hand (never evidence of a weighing).
 */
export function ingest(ctx: AppContext, caller: Caller, body: z.output<typeof readingsIngestSchema>) {
  return ingestReadings(ctx.db, caller.organizationId, body.readings, {
    from: caller.apiKey ? { apiKeyId: caller.apiKey.keyId } : { enteredBy: caller.userId },
    deviceId: caller.apiKey?.deviceId,
  });
}

/** What a stream's caller signed in with, checked again while the stream is open. */
export type StreamCredential = { tokenHash: string } | { apiKeySecret: string };

/**
 * Whether a stream's caller may still watch the device: the session still active (not signed out,
 * expired or switched away, the membership active, the role still allowed to read devices) or the API
 * key not revoked, and the device still the organization's.
 */
export async function mayStillWatch(
  ctx: AppContext,
  caller: Caller,
  credential: StreamCredential,
  deviceId: string,
): Promise<boolean> {
  if ('tokenHash' in credential) {
    const s = await findActiveSession(ctx.db, credential.tokenHash);
    if (!s || s.sessionId !== caller.sessionId || !can(s.role, 'devices.read')) return false;
  } else {
    const key = await verifyApiKey(ctx.db, credential.apiKeySecret);
    if (!key || key.keyId !== caller.apiKey?.keyId || !key.scopes.includes('read')) return false;
  }
  return (await repo.findDevice(ctx.db, caller.organizationId, deviceId)) !== undefined;
}

/** The caller's organization's device, else 404 (another organization's device does not exist for it). */
export async function deviceOf(ctx: AppContext, caller: Caller, deviceId: string) {
  const device = await repo.findDevice(ctx.db, caller.organizationId, deviceId);
  if (!device) throw notFound('Device');
  return device;
}

export async function list(
  ctx: AppContext,
  caller: Caller,
  deviceId: string,
  q: z.output<typeof readingsQuerySchema>,
) {
  await deviceOf(ctx, caller, deviceId);
  const before = decodeCursor(q.cursor, ['instant', 'text'] as const);
  const id = before ? Number(before[1]) : undefined;
  if (before && !Number.isSafeInteger(id)) throw new AppError('validation_failed', 'Invalid cursor');
  const rows = await repo.listReadings(ctx.db, caller.organizationId, deviceId, {
    from: q.from,
    to: q.to,
    kind: q.kind,
    limit: q.limit + 1,
    before: before ? [before[0], id as number] : undefined,
  });
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page.at(-1);
  return {
    items: page.map((r) => r.reading),
    next_cursor: more && last ? encodeCursor([last.sortAt, String(last.reading.id)]) : null,
  };
}

/** Equal time buckets over [from, to) for charts: an hour to now by default. */
export async function series(
  ctx: AppContext,
  caller: Caller,
  deviceId: string,
  q: z.output<typeof readingSeriesQuerySchema>,
): Promise<ReadingSeries> {
  const device = await deviceOf(ctx, caller, deviceId);
  const to = q.to ? Date.parse(q.to) : Date.now();
  const from = q.from ? Date.parse(q.from) : to - HOUR_MS;
  if (from >= to)
    throw new AppError('validation_failed', '`from` must be before `to`', {
      fields: { 'querystring.from': 'Must be before `to`' },
    });
  if (to - from > SERIES_MAX_MS)
    throw new AppError('validation_failed', 'A series covers at most a year', {
      fields: { 'querystring.from': 'At most a year before `to`' },
    });
  const kind: ReadingKind = q.kind ?? READING_KINDS_BY_DEVICE[device.kind]?.[0] ?? 'weight';
  const bucketSeconds = Math.max(1, Math.ceil((to - from) / 1000 / q.buckets));
  const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  const points = await repo.readingSeries(ctx.db, caller.organizationId, deviceId, {
    ...range,
    kind,
    bucketSeconds,
  });
  return {
    device_id: deviceId,
    kind,
    unit: READING_UNITS[kind],
    ...range,
    bucket_seconds: bucketSeconds,
    points,
  };
}

/** The device's latest reading (of a kind; `stable`: only what the scale marked settled), or null. */
export async function latest(
  ctx: AppContext,
  caller: Caller,
  deviceId: string,
  q: z.output<typeof latestReadingQuerySchema>,
) {
  await deviceOf(ctx, caller, deviceId);
  const [row] = await repo.listReadings(ctx.db, caller.organizationId, deviceId, {
    kind: q.kind,
    stable: q.stable,
    limit: 1,
  });
  return { reading: row?.reading ?? null };
}
