import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, memberships } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { insertCalibration, insertDevice, insertReading } from '../../test/device-fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// The weighing behind a line (scale_lines_check, migration 0034): the scale sent it with its API key (a
// reading typed in by a member is no weighing), near the record's time, and it backs one line only —
// across receive and dispatch records, until the record that holds it is voided, and when two records
// cite it at the same moment.

const ctx = useTestApp();
let operator: TestClient;
let manager: TestClient;
let org: string;
let member: string;
const ids = { mnl: '', supplier: '', pet: '', customer: '' };
let wb = '';

/** 09:30 in Manila. */
const RECEIVED_AT = '2026-11-23T09:30:00+08:00';

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'weighings');
  ({ operator, manager } = o);
  org = o.organizationId;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.mnl = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.supplier = (await manager.get('/api/suppliers?limit=1')).json().items[0].id;
  const customer = await manager.post('/api/customers', {
    code: 'ZZ-WEIGH',
    name: 'Weighed Buyer Inc.',
    type: 'manufacturer',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  ids.customer = customer.json().id;
  const [m] = await db.select().from(memberships).where(eq(memberships.organizationId, org)).limit(1);
  member = m?.userId ?? '';
  wb = (
    await insertDevice(db, { organizationId: org, code: 'WB-1', kind: 'weighbridge', facilityId: ids.mnl })
  ).id;
  await insertCalibration(db, {
    organizationId: org,
    deviceId: wb,
    calibratedOn: '2026-06-01',
    nextDueOn: '2027-06-01',
  });
});

const weight = (value: number, recordedAt = '2026-11-23T01:25:00Z', enteredBy?: string) =>
  insertReading(ctx.database.db, {
    organizationId: org,
    deviceId: wb,
    kind: 'weight',
    value,
    recordedAt,
    ...(enteredBy ? { enteredBy } : {}),
  });

const delivery = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  supplier_id: ids.supplier,
  facility_id: ids.mnl,
  received_at: RECEIVED_AT,
  lines: lines.map((l) => ({ material_id: ids.pet, tare_kg: '0', unit_price: '16.75', ...l })),
  ...extra,
});

const weighed = (kg: string, readingId: number) => ({ gross_kg: kg, device_id: wb, reading_id: readingId });

async function lotOf(kg: string) {
  const res = await operator.post('/api/receive-records?post=true', delivery([{ gross_kg: kg }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot.id as string;
}

const dispatch = (lotId: string, kg: string, readingId: number) => ({
  customer_id: ids.customer,
  facility_id: ids.mnl,
  dispatched_at: RECEIVED_AT,
  lines: [{ lot_id: lotId, kg, unit_price: '30.00', device_id: wb, reading_id: readingId }],
});

/** The field error a refused write names, after checking its status. */
function fieldError(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(422);
  return (res.json() as { details: { fields: Record<string, string> } }).details.fields[field];
}

describe('the weighing behind a line', () => {
  it('refuses a reading entered by hand, on a delivery and on a dispatch', async () => {
    const hand = await weight(500, undefined, member);
    const res = await operator.post('/api/receive-records', delivery([weighed('500', hand.id)]));
    expect(fieldError(res, 'body.lines.0.reading_id')).toBe(
      'A reading entered by hand is not a scale weighing',
    );
    expect(res.json().message).toBe('Line 1: a reading entered by hand is not a scale weighing');
    const lot = await lotOf('800');
    const out = await operator.post('/api/dispatch-records', dispatch(lot, '500', hand.id));
    expect(fieldError(out, 'body.lines.0.reading_id')).toMatch(/entered by hand is not a scale weighing/);
    // The scale's own reading of the same weight is taken.
    const sent = await weight(500);
    const ok = await operator.post('/api/receive-records', delivery([weighed('500', sent.id)]));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a reading more than 30 minutes from the record’s time', async () => {
    const cases: [string, string | null][] = [
      ['2026-11-23T00:59:00Z', '^The scale reading is from 08:59, 31 minutes from the record’s time'],
      ['2026-11-23T02:01:00Z', '^The scale reading is from 10:01, 31 minutes from the record’s time'],
      ['2026-11-21T01:30:00Z', '^The scale reading is from 21 Nov 2026 09:30, 2 days from the record’s time'],
      ['2026-11-23T01:00:00Z', null],
      ['2026-11-23T02:00:00Z', null],
    ];
    for (const [at, refusal] of cases) {
      const r = await weight(640, at);
      const res = await operator.post('/api/receive-records', delivery([weighed('640', r.id)]));
      if (refusal === null) expect(res.statusCode, `${at}: ${res.body}`).toBe(201);
      else expect(fieldError(res, 'body.lines.0.reading_id'), at).toMatch(new RegExp(refusal));
    }
    // A dispatch is measured from its dispatch time.
    const lot = await lotOf('800');
    const early = await weight(300, '2026-11-23T00:45:00Z');
    const out = await operator.post('/api/dispatch-records', dispatch(lot, '300', early.id));
    expect(fieldError(out, 'body.lines.0.reading_id')).toMatch(/from 08:45, 45 minutes/);
  });

  it('backs one line: refused on another record until the record holding it is voided', async () => {
    const r = await weight(1200);
    const first = await operator.post(
      '/api/receive-records?post=true',
      delivery([{ gross_kg: '50' }, weighed('1200', r.id)]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const { id, number } = first.json();
    const again = await operator.post('/api/receive-records', delivery([weighed('1200', r.id)]));
    expect(fieldError(again, 'body.lines.0.reading_id')).toBe(
      `This scale reading is already on ${number} line 2: one weighing backs one line`,
    );
    const lot = await lotOf('1500');
    const out = await operator.post('/api/dispatch-records', dispatch(lot, '1200', r.id));
    expect(fieldError(out, 'body.lines.0.reading_id')).toMatch(`already on ${number} line 2`);
    // Twice in one record.
    const r2 = await weight(700);
    const twice = await operator.post(
      '/api/receive-records',
      delivery([weighed('700', r2.id), weighed('700', r2.id)]),
    );
    expect(fieldError(twice, 'body.lines.1.reading_id')).toMatch(/^This scale reading is already on line 1:/);

    const voided = await manager.post(`/api/receive-records/${id}/void`, {
      reason: 'Weighed on the wrong ticket',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const taken = await operator.post('/api/dispatch-records', dispatch(lot, '1200', r.id));
    expect(taken.statusCode, taken.body).toBe(201);
    // A draft holds it too.
    const held = await operator.post('/api/receive-records', delivery([weighed('1200', r.id)]));
    expect(fieldError(held, 'body.lines.0.reading_id')).toMatch(`already on ${taken.json().number} line 1`);
  });

  it('lets one of two records citing one reading at the same moment have it', async () => {
    const lot = await lotOf('2000');
    const r = await weight(900);
    // The first write passes its check and then waits on the dispatch number's counter, held open here;
    // the second starts while the first is uncommitted. It must wait for the first and then see its line.
    const holder = new pg.Client({ connectionString: ctx.database.url });
    const watcher = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    await watcher.connect();
    const waiting = async (n: number) => {
      for (let i = 0; i < 600; i++) {
        const { rows } = await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.n ?? 0) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${n} writes waiting after a minute`);
    };
    try {
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO counters (organization_id, name, value) VALUES ($1, 'dispatch:2026', 0)
         ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value`,
        [org],
      );
      const a = operator.post('/api/dispatch-records', dispatch(lot, '900', r.id));
      await waiting(1);
      const b = operator.post('/api/dispatch-records', dispatch(lot, '900', r.id));
      await waiting(2);
      await holder.query('COMMIT');
      const [first, second] = await Promise.all([a, b]);
      expect(first.statusCode, first.body).toBe(201);
      expect(fieldError(second, 'body.lines.0.reading_id')).toMatch(
        `already on ${first.json().number} line 1`,
      );
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});
