import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { ingestKey, registerDevice, revokeKey, weight } from '../../test/devices.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { pruneOldReadings } from './readings.retention.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let other: Awaited<ReturnType<typeof seededOrganization>>;
let scale: string;
let meter: string;
let tracker: string;
let sensor: string;
let otherScale: string;

const ingest = (c: TestClient, readings: unknown[]) => c.post('/api/iot/readings', { readings });
const asKey = (secret: string, readings: unknown[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/iot/readings',
    headers: { 'x-api-key': secret },
    payload: { readings },
  });
let seq = 1000;
const next = () => seq++;

/** The device row's own bookkeeping, as ingest writes it. */
async function seenAt(deviceId: string) {
  const res = await ctx.database.db.execute<{ last_reading_at: string | null; last_seen_at: string | null }>(
    sql`SELECT to_json(last_reading_at) #>> '{}' AS last_reading_at, to_json(last_seen_at) #>> '{}' AS last_seen_at
        FROM devices WHERE id = ${deviceId}`,
  );
  return res.rows[0] as { last_reading_at: string | null; last_seen_at: string | null };
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'rdg');
  other = await seededOrganization(ctx, 'rdgx');
  // One after another: the meter and the tracker may create the organization's first line and vehicle.
  scale = await registerDevice(org.manager, 'weighbridge');
  meter = await registerDevice(org.manager, 'energy_meter');
  tracker = await registerDevice(org.manager, 'gps_tracker');
  sensor = await registerDevice(org.manager, 'environment_sensor');
  otherScale = await registerDevice(other.manager, 'weighbridge');
});

describe('POST /api/iot/readings', () => {
  it('stores a batch, answers each reading, and takes the same batch again as duplicates', async () => {
    const batch = [
      weight(scale, 1, 120.5, { stable: false, secondsAgo: 30 }),
      weight(scale, 2, 14_820, { stable: true, secondsAgo: 20 }),
      { device_id: meter, seq: 1, recorded_at: new Date().toISOString(), kind: 'energy', value: 1520.25 },
      {
        device_id: tracker,
        seq: 1,
        recorded_at: new Date().toISOString(),
        kind: 'position',
        latitude: 14.6,
        longitude: 121.0,
      },
      {
        device_id: sensor,
        seq: 1,
        recorded_at: new Date().toISOString(),
        kind: 'temperature',
        value: 31.5,
        unit: 'C',
      },
    ];
    const first = await ingest(org.manager, batch);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ accepted: 5, duplicates: 0, rejected: 0 });
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(Array(5).fill('accepted'));
    expect(body.results[0]).toMatchObject({ index: 0, device_id: scale, seq: 1 });
    expect(typeof body.results[0].reading_id).toBe('number');

    const again = (await ingest(org.manager, batch)).json();
    expect(again).toMatchObject({ accepted: 0, duplicates: 5, rejected: 0 });
    expect(again.results[0].reading_id).toBeUndefined();

    const device = await seenAt(scale);
    expect(Date.parse(device.last_reading_at as string)).toBe(Date.parse(batch[1]?.recorded_at as string));
    expect(device.last_seen_at).not.toBeNull();
    // The unit is stored as the kind's own, whatever alias was sent.
    const temp = (await org.manager.get(`/api/devices/${sensor}/readings`)).json().items[0];
    expect(temp).toMatchObject({ kind: 'temperature', value: 31.5, unit: '°C' });
  });

  it('takes a reading sent twice in one batch once', async () => {
    const s = next();
    const res = (await ingest(org.manager, [weight(scale, s, 10), weight(scale, s, 11)])).json();
    expect(res.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'duplicate']);
    const stored = (await org.manager.get(`/api/devices/${scale}/readings?limit=1`)).json().items[0];
    expect(stored).toMatchObject({ seq: s, value: 10 });
  });

  it('accepts late and out-of-order readings at their own time, never moving the last reading back', async () => {
    const dev = await registerDevice(org.manager, 'platform_scale');
    const newest = weight(dev, 10, 500, { secondsAgo: 1 });
    const late = weight(dev, 11, 400, { secondsAgo: 2 * 86_400 });
    // A lower sequence number than the one already stored, sent after it.
    const earlierSeq = weight(dev, 3, 450, { secondsAgo: 3_600 });
    expect((await ingest(org.manager, [newest])).json().accepted).toBe(1);
    const res = (await ingest(org.manager, [late, earlierSeq])).json();
    expect(res).toMatchObject({ accepted: 2, rejected: 0 });
    const device = await seenAt(dev);
    expect(Date.parse(device.last_reading_at as string)).toBe(Date.parse(newest.recorded_at));
    const all = (await org.manager.get(`/api/devices/${dev}/readings`)).json().items;
    expect(all.map((r: { seq: number }) => r.seq)).toEqual([10, 3, 11]);
  });

  it('refuses bad readings one by one with a message, storing the good ones beside them', async () => {
    const now = new Date().toISOString();
    const readings: unknown[] = [
      weight(scale, next(), 99),
      weight('00000000-0000-4000-8000-000000000000', 1, 10),
      weight(otherScale, 1, 10),
      { device_id: scale, seq: next(), recorded_at: now, kind: 'energy', value: 1 },
      { device_id: scale, seq: next(), recorded_at: now, kind: 'weight' },
      { device_id: scale, seq: next(), recorded_at: now, kind: 'weight', value: 5, unit: 't' },
      weight(scale, next(), 5, { secondsAgo: -3600 }),
      { device_id: tracker, seq: next(), recorded_at: now, kind: 'position', latitude: 14.5 },
      { device_id: scale, seq: -1, recorded_at: now, kind: 'weight', value: 1 },
      { device_id: scale, seq: next(), recorded_at: 'yesterday', kind: 'weight', value: 1 },
      'not a reading',
    ];
    const res = await ingest(org.manager, readings);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 1, duplicates: 0, rejected: 10 });
    const messages = body.results.map((r: { message?: string }) => r.message);
    expect(messages[0]).toBeUndefined();
    expect(messages[1]).toBe('Unknown device');
    // Another organization's device is no different from one that does not exist.
    expect(messages[2]).toBe('Unknown device');
    expect(messages[3]).toMatch(/weighbridge sends weight readings, not energy/);
    expect(messages[4]).toMatch(/Missing value/);
    expect(messages[5]).toMatch(/Unit mismatch: weight is sent in kg/);
    expect(messages[6]).toMatch(/future/);
    expect(messages[7]).toMatch(/latitude and longitude/);
    expect(messages[8]).toMatch(/^seq: /);
    expect(messages[9]).toMatch(/^recorded_at: /);
    expect(messages[10]).toBe('A reading is an object');
    expect(body.results[2]).toMatchObject({ device_id: otherScale, status: 'rejected' });
    // Nothing reached the other organization's device.
    const count = await ctx.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM device_readings WHERE device_id = ${otherScale}`,
    );
    expect(Number(count.rows[0]?.n)).toBe(0);
  });

  it('refuses readings of an archived device', async () => {
    const archived = await registerDevice(org.manager, 'platform_scale');
    expect((await org.manager.post(`/api/devices/${archived}/archive`, {})).statusCode).toBe(200);
    const res = (await ingest(org.manager, [weight(archived, 1, 3)])).json();
    expect(res.results[0]).toMatchObject({ status: 'rejected', message: 'Device is archived' });
  });

  it('answers 400 only for a malformed body', async () => {
    expect((await org.manager.post('/api/iot/readings', { readings: [] })).statusCode).toBe(400);
    expect((await org.manager.post('/api/iot/readings', { readings: 'x' })).statusCode).toBe(400);
    expect((await org.manager.post('/api/iot/readings', {})).statusCode).toBe(400);
    const tooMany = Array.from({ length: 5001 }, (_, i) => weight(scale, i, 1));
    expect((await ingest(org.manager, tooMany)).statusCode).toBe(400);
  });

  it('takes 5,000 readings in one request', async () => {
    const start = 10_000_000;
    const batch = Array.from({ length: 5000 }, (_, i) =>
      weight(scale, start + i, 1000 + i, { secondsAgo: 5000 - i }),
    );
    const res = await ingest(org.manager, batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 5000, duplicates: 0, rejected: 0 });
  });

  it('is refused to an operator (members: admins and managers only)', async () => {
    expect((await ingest(org.operator, [weight(scale, next(), 1)])).statusCode).toBe(403);
  });
});

describe('ingest with an API key', () => {
  it('lets a device key write its own device only, without a CSRF token, until it is revoked', async () => {
    const key = await ingestKey(org.admin, scale);
    const own = weight(scale, next(), 777);
    const res = await asKey(key.secret, [own, weight(sensor, next(), 1)]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results[0].status).toBe('accepted');
    expect(body.results[1]).toMatchObject({
      status: 'rejected',
      message: 'This API key may send readings only for its own device',
    });

    await revokeKey(org.admin, key.id);
    const refused = await asKey(key.secret, [weight(scale, next(), 1)]);
    expect(refused.statusCode).toBe(401);
  });

  it('lets an unbound ingest key write any of its organization’s devices, never another’s', async () => {
    const key = await ingestKey(org.admin, null);
    const body = (await asKey(key.secret, [weight(scale, next(), 1), weight(otherScale, next(), 1)])).json();
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'rejected']);
    expect(body.results[1].message).toBe('Unknown device');
  });

  it('refuses a read-only key', async () => {
    const res = await org.admin.post('/api/api-keys', { name: 'erp', scopes: ['read'] });
    const secret = res.json().secret as string;
    expect((await asKey(secret, [weight(scale, next(), 1)])).statusCode).toBe(403);
  });
});

describe('provenance', () => {
  type Stored = { api_key_id: string | null; entered_by: string | null };
  const storedRow = async (deviceId: string, s: number) =>
    (
      await ctx.database.db.execute<Stored>(
        sql`SELECT api_key_id, entered_by FROM device_readings WHERE device_id = ${deviceId} AND seq = ${s}`,
      )
    ).rows[0];

  it('stores the key a device sent with, and the member who typed a reading in, and answers both', async () => {
    const dev = await registerDevice(org.manager, 'platform_scale');
    const key = await ingestKey(org.admin, dev);
    expect((await asKey(key.secret, [weight(dev, 1, 100, { secondsAgo: 2 })])).json().accepted).toBe(1);
    expect((await ingest(org.manager, [weight(dev, 2, 200, { secondsAgo: 1 })])).json().accepted).toBe(1);

    const manager = await ctx.database.db.execute<{ id: string; name: string }>(
      sql`SELECT id, first_name || ' ' || last_name AS name FROM users WHERE email = 'manager.rdg@demo.plastrace.ph'`,
    );
    const managerId = manager.rows[0]?.id as string;
    expect(await storedRow(dev, 1)).toEqual({ api_key_id: key.id, entered_by: null });
    expect(await storedRow(dev, 2)).toEqual({ api_key_id: null, entered_by: managerId });

    const [byHand, byDevice] = (await org.auditor.get(`/api/devices/${dev}/readings`)).json().items;
    expect(byDevice).toMatchObject({
      seq: 1,
      source: 'device',
      api_key_prefix: key.secret.slice(0, 12),
      entered_by: null,
    });
    expect(byHand).toMatchObject({
      seq: 2,
      source: 'hand',
      api_key_prefix: null,
      entered_by: { id: managerId, name: manager.rows[0]?.name },
    });
    const latest = (await org.auditor.get(`/api/devices/${dev}/readings/latest`)).json().reading;
    expect(latest).toMatchObject({ seq: 2, source: 'hand' });
  });

  it('takes a duplicate as the first sender’s: a later one never changes who sent it', async () => {
    const dev = await registerDevice(org.manager, 'platform_scale');
    const key = await ingestKey(org.admin, dev);
    const reading = weight(dev, 1, 100);
    expect((await asKey(key.secret, [reading])).json().accepted).toBe(1);
    expect((await ingest(org.manager, [reading])).json().duplicates).toBe(1);
    expect(await storedRow(dev, 1)).toEqual({ api_key_id: key.id, entered_by: null });
  });
});

describe('concurrent batches', () => {
  it('store overlapping batches sent in opposite orders without a deadlock', async () => {
    const devices = [
      await registerDevice(org.manager, 'platform_scale'),
      await registerDevice(org.manager, 'platform_scale'),
      await registerDevice(org.manager, 'platform_scale'),
    ];
    // Each batch names every device, half of them in reverse, with sequence numbers that overlap the
    // next batch's: without one locking order two of them wait for each other.
    const batch = (round: number) => {
      const readings = devices.flatMap((d) =>
        Array.from({ length: 20 }, (_, i) => weight(d, round * 10 + i, round, { secondsAgo: 60 - round })),
      );
      return round % 2 ? readings.reverse() : readings;
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, round) => ingest(org.manager, batch(round))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const count = await ctx.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM device_readings WHERE device_id = ANY(${sql.param(devices)}::uuid[])`,
    );
    // Rounds 0–11 cover seq 0–129 on each device.
    expect(Number(count.rows[0]?.n)).toBe(3 * 130);
    const totals = answers.reduce(
      (t, a) => ({
        accepted: t.accepted + a.json().accepted,
        duplicates: t.duplicates + a.json().duplicates,
      }),
      { accepted: 0, duplicates: 0 },
    );
    expect(totals).toEqual({ accepted: 3 * 130, duplicates: 12 * 60 - 3 * 130 });
  });
});

describe('reading queries', () => {
  let dev: string;
  const base = Date.parse('2026-06-01T00:00:00Z');
  const at = (s: number) => new Date(base + s * 1000).toISOString();

  beforeAll(async () => {
    dev = await registerDevice(org.manager, 'platform_scale');
    // 0–59 s: 10, 11 … 69 kg; every tenth one stable.
    const readings = Array.from({ length: 60 }, (_, i) => ({
      device_id: dev,
      seq: i,
      recorded_at: at(i),
      kind: 'weight',
      value: 10 + i,
      stable: i % 10 === 5,
    }));
    expect((await ingest(org.manager, readings)).json().accepted).toBe(60);
  });

  it('lists newest first in keyset pages, within a range', async () => {
    const url = `/api/devices/${dev}/readings?limit=25&from=${at(10)}&to=${at(50)}`;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await org.auditor.get(`${url}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.items.map((r: { seq: number }) => r.seq));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => 49 - i));
    expect((await org.auditor.get(`${url}&cursor=bad!`)).statusCode).toBe(400);
  });

  it('answers time buckets with count, average, minimum, maximum and last', async () => {
    const res = await org.auditor.get(
      `/api/devices/${dev}/readings/series?from=${at(0)}&to=${at(60)}&buckets=3`,
    );
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ kind: 'weight', unit: 'kg', bucket_seconds: 20 });
    expect(s.points).toEqual([
      { t: at(0), count: 20, avg: 19.5, min: 10, max: 29, last: 29 },
      { t: at(20), count: 20, avg: 39.5, min: 30, max: 49, last: 49 },
      { t: at(40), count: 20, avg: 59.5, min: 50, max: 69, last: 69 },
    ]);
    const bad = await org.auditor.get(`/api/devices/${dev}/readings/series?from=${at(60)}&to=${at(0)}`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the latest reading, and the latest stable weight', async () => {
    const latest = (await org.auditor.get(`/api/devices/${dev}/readings/latest`)).json();
    expect(latest.reading).toMatchObject({ seq: 59, value: 69, stable: false, device_id: dev });
    const stable = (await org.auditor.get(`/api/devices/${dev}/readings/latest?stable=true`)).json();
    expect(stable.reading).toMatchObject({ seq: 55, value: 65, stable: true, recorded_at: at(55) });
    const none = (await org.auditor.get(`/api/devices/${meter}/readings/latest?kind=power`)).json();
    expect(none).toEqual({ reading: null });
  });

  it('hides another organization’s device: 404 everywhere', async () => {
    for (const path of ['', '/series', '/latest', '/stream']) {
      const res = await other.manager.get(`/api/devices/${dev}/readings${path}`);
      expect(res.statusCode, path).toBe(404);
    }
  });
});

describe('retention', () => {
  it('deletes readings older than the retention in chunks, keeping newer ones', async () => {
    const dev = await registerDevice(org.manager, 'platform_scale');
    const old = [1, 2, 3].map((i) => weight(dev, i, i, { secondsAgo: 800 * 86_400 + i }));
    const recent = weight(dev, 4, 4, { secondsAgo: 700 * 86_400 });
    expect((await ingest(org.manager, [...old, recent])).json().accepted).toBe(4);

    const deleted = await pruneOldReadings(ctx.database.db, 730, { chunk: 2 });
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = (await org.manager.get(`/api/devices/${dev}/readings`)).json().items;
    expect(left.map((r: { seq: number }) => r.seq)).toEqual([4]);
    expect(await pruneOldReadings(ctx.database.db, 730, { chunk: 2 })).toBe(0);
  });

  it('refuses to delete anything younger than a day', async () => {
    await expect(pruneOldReadings(ctx.database.db, 0)).rejects.toThrow();
  });
});
