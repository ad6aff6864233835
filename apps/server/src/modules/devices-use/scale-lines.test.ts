import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, receiveLines } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { insertCalibration, insertDevice, insertReading } from '../../test/device-fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// Receive and dispatch lines weighed by a scale (migration 0034): the device and reading are checked in
// the posting call, stored on the line, answered on it (and the same when read back), and a scale whose
// calibration had lapsed (or that had none) is flagged on every record it weighed. scale-weighings.test.ts
// has the rules of the weighing itself: by the device, near the record's time, on one line only.

const ctx = useTestApp();
let operator: TestClient;
let admin: TestClient;
let org: string;
let otherOrg: string;
const ids = { mnl: '', ceb: '', supplier: '', pet: '', hdpe: '', customer: '', otherMnl: '' };
const dev = { wb: '', ceb: '', meter: '', archived: '', foreign: '', overdue: '', never: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'scales');
  ({ operator, admin } = o);
  org = o.organizationId;
  otherOrg = (await seededOrganization(ctx, 'scales-other')).organizationId;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.mnl = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  ids.ceb = fac.find((f) => f.code === 'CEB1')?.id ?? '';
  const [otherMnl] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, otherOrg), eq(facilities.code, 'MNL1')));
  ids.otherMnl = otherMnl?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.hdpe = mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  const customer = await admin.post('/api/customers', {
    code: 'ZZ-SCALE',
    name: 'Scale Buyer Inc.',
    type: 'manufacturer',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  ids.customer = customer.json().id;
  const base = { organizationId: org };
  dev.wb = (await insertDevice(db, { ...base, code: 'WB-1', kind: 'weighbridge', facilityId: ids.mnl })).id;
  dev.ceb = (
    await insertDevice(db, { ...base, code: 'PS-C', kind: 'platform_scale', facilityId: ids.ceb })
  ).id;
  dev.meter = (await insertDevice(db, { ...base, code: 'EM-1', kind: 'energy_meter' })).id;
  dev.archived = (
    await insertDevice(db, {
      ...base,
      code: 'WB-OLD',
      kind: 'weighbridge',
      facilityId: ids.mnl,
      archived: true,
    })
  ).id;
  dev.overdue = (
    await insertDevice(db, { ...base, code: 'WB-2', kind: 'weighbridge', facilityId: ids.mnl })
  ).id;
  dev.never = (
    await insertDevice(db, { ...base, code: 'WB-3', kind: 'weighbridge', facilityId: ids.mnl })
  ).id;
  dev.foreign = (
    await insertDevice(db, {
      organizationId: otherOrg,
      code: 'WB-1',
      kind: 'weighbridge',
      facilityId: ids.otherMnl,
    })
  ).id;
  // WB-2's calibration lapsed on 1 October 2026; it was calibrated again on 25 October.
  await insertCalibration(db, {
    organizationId: org,
    deviceId: dev.overdue,
    calibratedOn: '2025-10-01',
    nextDueOn: '2026-10-01',
  });
  await insertCalibration(db, {
    organizationId: org,
    deviceId: dev.overdue,
    calibratedOn: '2026-10-25',
    nextDueOn: '2027-10-25',
  });
  await insertCalibration(db, {
    organizationId: org,
    deviceId: dev.wb,
    calibratedOn: '2026-06-01',
    nextDueOn: '2027-06-01',
  });
});

/** A weight the scale sent; by default a minute before the delivery's time (09:30 Manila, 01:30Z). */
const weight = (
  deviceId: string,
  value: number,
  extra: { stable?: boolean; organizationId?: string; at?: string } = {},
) =>
  insertReading(ctx.database.db, {
    organizationId: extra.organizationId ?? org,
    deviceId,
    kind: 'weight',
    value,
    stable: extra.stable ?? true,
    recordedAt: extra.at ?? '2026-10-20T01:29:00Z',
  });

const delivery = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  supplier_id: ids.supplier,
  facility_id: ids.mnl,
  received_at: '2026-10-20T09:30:00+08:00',
  lines: lines.map((l) => ({ material_id: ids.pet, tare_kg: '30', unit_price: '16.75', ...l })),
  ...extra,
});

const linesSaved = async () =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(receiveLines)
      .where(eq(receiveLines.organizationId, org))
  )[0]?.n;

describe('receive lines weighed by a scale', () => {
  it('stores the scale and reading, answers them on the line and reads them back the same', async () => {
    const r = await weight(dev.wb, 1250.5);
    const res = await operator.post('/api/receive-records', {
      ...delivery([
        { gross_kg: '1250.5', device_id: dev.wb, reading_id: r.id },
        { gross_kg: '480', material_id: ids.hdpe },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const rec = res.json();
    expect(rec.lines[0]).toMatchObject({
      gross_kg: '1250.500',
      device: { id: dev.wb, code: 'WB-1', name: 'weighbridge WB-1' },
      reading: { id: r.id, recorded_at: '2026-10-20T01:29:00.000Z', value: '1250.500' },
      scale_calibration_overdue: false,
    });
    expect(rec.lines[1]).toMatchObject({ device: null, reading: null, scale_calibration_overdue: false });
    expect((await operator.get(`/api/receive-records/${rec.id}`)).json()).toEqual(rec);
    const stored = await ctx.database.db.select().from(receiveLines).where(eq(receiveLines.recordId, rec.id));
    expect(stored.find((l) => l.lineNo === 1)).toMatchObject({ deviceId: dev.wb, readingId: r.id });

    // Posting keeps them; the list shows them as the record does.
    const posted = await operator.post(`/api/receive-records/${rec.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0]).toMatchObject({ device: { code: 'WB-1' }, reading: { id: r.id } });
    const list = await operator.get(`/api/receive-records?facility_id=${ids.mnl}&limit=100`);
    const item = list.json().items.find((i: { id: string }) => i.id === rec.id);
    expect(item).toEqual(posted.json());
  });

  it('takes the scale when saving and posting at once, editing a draft, and in a batch', async () => {
    const r = await weight(dev.wb, 900.25);
    const posted = await operator.post(
      '/api/receive-records?post=true',
      delivery([{ gross_kg: '900.250', device_id: dev.wb, reading_id: r.id }]),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().lines[0].reading).toMatchObject({ id: r.id, value: '900.250' });
    expect((await operator.get(`/api/receive-records/${posted.json().id}`)).json()).toEqual(posted.json());

    // A draft typed by hand, then weighed; saved again with its own weighing; then typed again, which
    // drops the scale and frees the weighing for another record.
    const draft = (await operator.post('/api/receive-records', delivery([{ gross_kg: '900.25' }]))).json();
    expect(draft.lines[0].device).toBeNull();
    const second = await weight(dev.wb, 900.25);
    const weighed = await operator.request('PUT', `/api/receive-records/${draft.id}`, {
      ...delivery([{ gross_kg: '900.25', device_id: dev.wb, reading_id: second.id }]),
      version: draft.version,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json().lines[0].device).toMatchObject({ id: dev.wb });
    const again = await operator.request('PUT', `/api/receive-records/${draft.id}`, {
      ...delivery([{ gross_kg: '900.25', device_id: dev.wb, reading_id: second.id }], { notes: 'Again' }),
      version: weighed.json().version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().lines[0].reading).toMatchObject({ id: second.id });
    const typed = await operator.request('PUT', `/api/receive-records/${draft.id}`, {
      ...delivery([{ gross_kg: '901' }]),
      version: again.json().version,
    });
    expect(typed.json().lines[0]).toMatchObject({ device: null, reading: null });

    // In a batch: the freed weighing is taken; a moving weight and one already taken are refused.
    const unstable = await weight(dev.wb, 901, { stable: false });
    const batch = await operator.post('/api/receive-records/batch', {
      records: [
        delivery([{ gross_kg: '900.25', device_id: dev.wb, reading_id: second.id }]),
        delivery([{ gross_kg: '901', device_id: dev.wb, reading_id: unstable.id }]),
        delivery([{ gross_kg: '900.25', device_id: dev.wb, reading_id: r.id }]),
        delivery([{ gross_kg: '900.25', device_id: dev.wb, reading_id: second.id }]),
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const [ok, moving, taken, twice] = batch.json().results;
    expect(ok).toMatchObject({ status: 201, record: { lines: [{ device: { id: dev.wb } }] } });
    const refusal = (message: RegExp) => ({
      status: 422,
      record: null,
      error: { details: { fields: { 'body.lines.0.reading_id': expect.stringMatching(message) } } },
    });
    expect(moving).toMatchObject(refusal(/not stable/));
    expect(taken).toMatchObject(refusal(new RegExp(`already on ${posted.json().number} line 1`)));
    expect(twice).toMatchObject(refusal(/already on line 1 of another record saved with this one/));
  });

  it('refuses a wrong scale or reading as a field error naming the line, saving nothing', async () => {
    const good = await weight(dev.wb, 1000);
    const unstable = await weight(dev.wb, 1000, { stable: false });
    const atCebu = await weight(dev.ceb, 1000);
    const foreign = await weight(dev.foreign, 1000, { organizationId: otherOrg });
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ device_id: dev.foreign, reading_id: foreign.id }, 404, 'device_id', /not found/],
      [{ device_id: dev.archived, reading_id: good.id }, 404, 'device_id', /not found or archived/],
      [{ device_id: dev.meter, reading_id: good.id }, 422, 'device_id', /EM-1 is not a scale/],
      [{ device_id: dev.ceb, reading_id: atCebu.id }, 422, 'device_id', /PS-C is at another facility/],
      [{ device_id: dev.wb, reading_id: atCebu.id }, 404, 'reading_id', /Reading not found on scale WB-1/],
      [{ device_id: dev.wb, reading_id: unstable.id }, 422, 'reading_id', /not stable/],
      [{ device_id: dev.wb }, 400, 'reading_id', /Take the weight from the scale/],
      [{ reading_id: good.id }, 400, 'device_id', /Choose the scale/],
      [
        { device_id: dev.wb, reading_id: good.id, gross_kg: '1000.001' },
        422,
        'gross_kg',
        /^The weight differs from the scale reading \(1,000 kg\)$/,
      ],
    ];
    const before = await linesSaved();
    for (const [line, status, field, message] of cases) {
      const res = await operator.post(
        '/api/receive-records',
        delivery([
          { gross_kg: '480', material_id: ids.hdpe },
          { gross_kg: '1000', ...line },
        ]),
      );
      expect(res.statusCode, `${JSON.stringify(line)}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(/^Line 2: /);
      expect(res.json().details.fields[`body.lines.1.${field}`]).toMatch(message);
    }
    expect(await linesSaved()).toBe(before);
  });

  it('flags every record weighed while the scale’s calibration had lapsed, or before it had one', async () => {
    const weighedAt = async (deviceId: string, day: string) => {
      const r = await weight(deviceId, 640.5, { at: `${day}T01:29:00Z` });
      const res = await operator.post(
        '/api/receive-records',
        delivery([{ gross_kg: '640.5', device_id: deviceId, reading_id: r.id }], {
          received_at: `${day}T09:30:00+08:00`,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const lapsed = await weighedAt(dev.overdue, '2026-10-20');
    expect(lapsed.lines[0].scale_calibration_overdue).toBe(true);
    // Within its calibration (before it lapsed, and after it was calibrated again): not flagged.
    for (const day of ['2026-09-30', '2026-10-26'])
      expect((await weighedAt(dev.overdue, day)).lines[0].scale_calibration_overdue).toBe(false);
    // Before its first calibration, and a scale never calibrated: flagged.
    expect((await weighedAt(dev.overdue, '2025-09-30')).lines[0].scale_calibration_overdue).toBe(true);
    const never = await weighedAt(dev.never, '2026-10-20');
    expect(never.lines[0]).toMatchObject({ device: { code: 'WB-3' }, scale_calibration_overdue: true });
    expect((await operator.get(`/api/receive-records/${lapsed.id}`)).json()).toEqual(lapsed);
    expect((await operator.get(`/api/receive-records/${never.id}`)).json()).toEqual(never);
  });

  it('takes a weight within half a gram of the reading', async () => {
    const near = await weight(dev.wb, 412.7504);
    const ok = await operator.post(
      '/api/receive-records',
      delivery([{ gross_kg: '412.75', device_id: dev.wb, reading_id: near.id }]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().lines[0]).toMatchObject({ gross_kg: '412.750', reading: { value: '412.750' } });
    const far = await weight(dev.wb, 412.7506);
    const refused = await operator.post(
      '/api/receive-records',
      delivery([{ gross_kg: '412.75', device_id: dev.wb, reading_id: far.id }]),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().details.fields['body.lines.0.gross_kg']).toMatch(/differs from the scale reading/);
  });
});

describe('dispatch lines weighed by a scale', () => {
  async function lotOf(kg: string) {
    const res = await operator.post('/api/receive-records?post=true', {
      supplier_id: ids.supplier,
      facility_id: ids.mnl,
      received_at: '2026-11-20T08:00:00+08:00',
      lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lines[0].lot as { id: string };
  }
  /** Ten minutes before the dispatch's time (09:00 Manila). */
  const AT_DISPATCH = '2026-11-22T00:50:00Z';
  const dispatch = (lines: Record<string, unknown>[]) => ({
    customer_id: ids.customer,
    facility_id: ids.mnl,
    dispatched_at: '2026-11-22T09:00:00+08:00',
    lines: lines.map((l) => ({ unit_price: '30.00', ...l })),
  });

  it('stores the scale on the line, posts, and reads back the same', async () => {
    const lot = await lotOf('600');
    const r = await weight(dev.wb, 412.75, { at: AT_DISPATCH });
    const res = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: lot.id, kg: '412.75', device_id: dev.wb, reading_id: r.id }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const rec = res.json();
    expect(rec.status).toBe('posted');
    expect(rec.lines[0]).toMatchObject({
      kg: '412.750',
      device: { id: dev.wb, code: 'WB-1' },
      reading: { id: r.id, value: '412.750' },
      scale_calibration_overdue: false,
    });
    expect((await operator.get(`/api/dispatch-records/${rec.id}`)).json()).toEqual(rec);
  });

  it('refuses another organization’s scale, a moving weight and a weight that differs', async () => {
    const lot = await lotOf('300');
    const foreign = await weight(dev.foreign, 100, { organizationId: otherOrg, at: AT_DISPATCH });
    const moving = await weight(dev.wb, 100, { stable: false, at: AT_DISPATCH });
    const good = await weight(dev.wb, 100, { at: AT_DISPATCH });
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ device_id: dev.foreign, reading_id: foreign.id }, 404, 'device_id', /not found/],
      [{ device_id: dev.meter, reading_id: good.id }, 422, 'device_id', /not a scale/],
      [{ device_id: dev.wb, reading_id: moving.id }, 422, 'reading_id', /not stable/],
      [
        { device_id: dev.wb, reading_id: good.id, kg: '100.5' },
        422,
        'kg',
        /differs from the scale reading \(100 kg\)/,
      ],
    ];
    for (const [line, status, field, message] of cases) {
      const res = await operator.post(
        '/api/dispatch-records',
        dispatch([{ lot_id: lot.id, kg: '100', ...line }]),
      );
      expect(res.statusCode, `${JSON.stringify(line)}: ${res.body}`).toBe(status);
      expect(res.json().details.fields[`body.lines.0.${field}`]).toMatch(message);
    }
    const typed = await operator.post('/api/dispatch-records', dispatch([{ lot_id: lot.id, kg: '100' }]));
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().lines[0]).toMatchObject({
      device: null,
      reading: null,
      scale_calibration_overdue: false,
    });
  });
});
