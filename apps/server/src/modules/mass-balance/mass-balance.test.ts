import { shiftPeriod } from '@plastrace/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { auditActions, seededOrganization } from '../../test/masterdata.ts';
import { carriedCredits } from './mass-balance.repo.ts';
import { apportion, countCheck } from './statement.ts';

// Mass balance through the real API: the identity and closing = the ledger's balance after receipts,
// a run with losses, a dispatch and a count; conversion factors; the 0.5 % count flag; closing a month
// (a back-dated receipt refused, a later one accepted), reopening it (admin only, audited); periods
// longer than three months refused; another organization's facility 404 and its movements never counted.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let other: TestClient;
let orgId = '';
const ids = {
  facility: '',
  counted: '',
  otherFacility: '',
  pet: '',
  flake: '',
  hdpe: '',
  supplier: '',
  customer: '',
};

// The month before the organization's (Asia/Manila) today: ended, so it can be closed.
const manilaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
const [ty, tm] = manilaToday.split('-').map(Number) as [number, number];
const month = tm === 1 ? `${ty - 1}-12` : `${ty}-${String(tm - 1).padStart(2, '0')}`;
const at = (day: number, hour = 8) =>
  `${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`;

async function newFacility(c: TestClient, code: string) {
  const res = await c.post('/api/facilities', { code, name: `Plant ${code}`, type: 'mrf', city: 'Manila' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function receive(facilityId: string, materialId: string, kg: string, receivedAt: string) {
  return operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: facilityId,
    received_at: receivedAt,
    lines: [{ material_id: materialId, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
}

async function received(facilityId: string, materialId: string, kg: string, receivedAt: string) {
  const res = await receive(facilityId, materialId, kg, receivedAt);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string; code: string };
}

/** The ledger's own balance per material at the facility at the end of `to`, summed from every row. */
async function ledgerBalance(facilityId: string, to: string) {
  const { rows } = await ctx.database.db.execute<{ material_id: string; qty: string }>(
    sql`SELECT material_id, sum(qty_kg)::text AS qty FROM stock_movements WHERE facility_id = ${facilityId}
        AND posted_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Manila') GROUP BY material_id`,
  );
  return new Map(rows.map((r) => [r.material_id, r.qty]));
}

const g = (kg: string) => BigInt(kg.replace('.', ''));
/** The month after a 'YYYY-MM'. */
const nextOf = (m: string) => shiftPeriod(m, 1);

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'massbal');
  ({ admin, manager, operator, auditor } = o);
  orgId = o.organizationId;
  const oo = await seededOrganization(ctx, 'massbal-other');
  other = oo.admin;
  const mats = await ctx.database.db.select().from(materials).where(eq(materials.organizationId, orgId));
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  ids.pet = material('PET_BOTTLES_CLEAR');
  ids.flake = material('PET_FLAKE');
  ids.hdpe = material('HDPE_NATURAL') || (mats.find((m) => m.code.startsWith('HDPE'))?.id ?? '');
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  ids.customer = (
    await admin.post('/api/customers', { code: 'MB-C', name: 'Flake Buyer', type: 'manufacturer' })
  ).json().id;
  ids.facility = await newFacility(admin, 'MB1');
  ids.counted = await newFacility(admin, 'MB2');
  ids.otherFacility = await newFacility(other, 'MBX');
  // The other organization's movements in the same month must never show.
  const m = (await other.get('/api/materials?limit=1')).json().items[0].id;
  const s = (await other.get('/api/suppliers?limit=1')).json().items[0].id;
  const foreign = await other.post('/api/receive-records?post=true', {
    supplier_id: s,
    facility_id: ids.otherFacility,
    received_at: at(3),
    lines: [{ material_id: m, gross_kg: '777', tare_kg: '0', unit_price: '20.00' }],
  });
  expect(foreign.statusCode, foreign.body).toBe(201);
});

describe('apportion and the count check', () => {
  it('splits a loss exactly by mass, the rounding going to the largest remainder', () => {
    expect(apportion(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(apportion(-10n, [3n, 7n])).toEqual([-3n, -7n]);
    expect(apportion(5n, [0n, 0n])).toEqual([0n, 0n]);
  });
  it('flags a difference above 0.5 % of book, not one below', () => {
    expect(countCheck('1000.000', '1004.000')).toEqual({
      difference_kg: '4.000',
      difference_pct: '0.40',
      flagged: false,
    });
    expect(countCheck('1000.000', '994.000')).toEqual({
      difference_kg: '-6.000',
      difference_pct: '-0.60',
      flagged: true,
    });
    expect(countCheck('1000.000', '1005.000').flagged).toBe(false);
    expect(countCheck('0.000', '1.000')).toEqual({
      difference_kg: '1.000',
      difference_pct: null,
      flagged: true,
    });
  });
});

describe('the statement', () => {
  let bottles: { id: string };
  beforeAll(async () => {
    bottles = await received(ids.facility, ids.pet, '600', at(5));
    await received(ids.facility, ids.pet, '400', at(6));
    const run = await operator.post('/api/production-records?post=true', {
      facility_id: ids.facility,
      process_code: 'washing',
      started_at: at(10, 6),
      ended_at: at(10, 14),
      inputs: [{ lot_id: bottles.id, kg: '500' }],
      outputs: [{ material_id: ids.flake, kg: '450' }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '50' }],
    });
    expect(run.statusCode, run.body).toBe(201);
    const flake = run.json().outputs[0].lot as { id: string };
    const shipped = await operator.post('/api/dispatch-records?post=true', {
      customer_id: ids.customer,
      facility_id: ids.facility,
      dispatched_at: at(12),
      lines: [{ lot_id: flake.id, kg: '200', unit_price: '60.00' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
  });

  it('balances each facility × material exactly, closing at the ledger’s balance at the month’s end', async () => {
    const res = await auditor.get(`/api/mass-balance?period=${month}&facility_id=${ids.facility}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.period).toMatchObject({ label: month, kind: 'month', start: `${month}-01` });
    expect(s.ended).toBe(true);
    expect(s.stored).toBe(false);
    const pet = s.rows.find((r: { material: { id: string } }) => r.material.id === ids.pet);
    const flake = s.rows.find((r: { material: { id: string } }) => r.material.id === ids.flake);
    expect(pet).toMatchObject({
      opening_kg: '0.000',
      received_kg: '1000.000',
      in_kg: '1000.000',
      consumed_kg: '450.000',
      losses_kg: '50.000',
      closing_kg: '500.000',
      negative: false,
    });
    expect(flake).toMatchObject({
      produced_kg: '450.000',
      dispatched_kg: '200.000',
      out_kg: '200.000',
      closing_kg: '250.000',
    });
    const ledger = await ledgerBalance(ids.facility, s.period.end);
    for (const r of s.rows) {
      const lhs =
        g(r.opening_kg) +
        g(r.in_kg) -
        g(r.out_kg) -
        g(r.consumed_kg) -
        g(r.losses_kg) +
        g(r.adjustments_kg) +
        g(r.voids_kg);
      expect(lhs).toBe(g(r.closing_kg));
      expect(r.closing_kg).toBe(ledger.get(r.material.id));
    }
    expect(s.conversion).toEqual([
      expect.objectContaining({
        process_code: 'washing',
        runs: 1,
        input_kg: '500.000',
        output_kg: '450.000',
        loss_kg: '50.000',
        factor: '0.9000',
        losses_by_fate: [{ fate: 'landfill', kg: '50.000' }],
      }),
    ]);
    // Credits: 1000 kg of recovered bottles in; flake made of them carries 100 % out with the dispatch.
    expect(s.credits).toEqual([
      expect.objectContaining({
        opening_kg: '0.000',
        in_kg: '1000.000',
        out_kg: '200.000',
        closing_kg: '800.000',
        negative: false,
      }),
    ]);
  });

  it('carries the closing into the next period’s opening', async () => {
    const s = (
      await admin.get(`/api/mass-balance?period=${nextOf(month)}&facility_id=${ids.facility}`)
    ).json();
    expect(s.rows.find((r: { material: { id: string } }) => r.material.id === ids.pet)?.opening_kg).toBe(
      '500.000',
    );
    expect(s.credits[0]?.opening_kg).toBe('800.000');
  });

  it('flags a count 0.6 % off book and not one 0.4 % off', async () => {
    const when = new Date(Date.now() - 60_000).toISOString();
    const a = await received(ids.counted, ids.pet, '1000', when);
    const b = await received(ids.counted, ids.flake, '1000', when);
    const opened = await operator.post('/api/stock-counts', { facility_id: ids.counted });
    expect(opened.statusCode, opened.body).toBe(201);
    const count = opened.json();
    const lines = await operator.request('PUT', `/api/stock-counts/${count.id}/lines`, {
      lines: [
        { lot_id: a.id, counted_kg: '1004' },
        { lot_id: b.id, counted_kg: '994' },
      ],
    });
    expect(lines.statusCode, lines.body).toBe(200);
    const posted = await manager.post(`/api/stock-counts/${count.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const from = when.slice(0, 10) < manilaToday ? when.slice(0, 10) : manilaToday;
    const res = await admin.get(
      `/api/mass-balance?from=${from}&to=${manilaToday}&facility_id=${ids.counted}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    const byMaterial = (id: string) =>
      s.counts.find((c: { material: { id: string } }) => c.material.id === id);
    expect(byMaterial(ids.pet)).toMatchObject({
      book_kg: '1000.000',
      counted_kg: '1004.000',
      difference_pct: '0.40',
      flagged: false,
    });
    expect(byMaterial(ids.flake)).toMatchObject({
      difference_kg: '-6.000',
      difference_pct: '-0.60',
      flagged: true,
    });
    expect(s.flags.counts_over_tolerance).toBe(1);
    const pet = s.rows.find((r: { material: { id: string } }) => r.material.id === ids.pet);
    expect(pet).toMatchObject({ adjustments_kg: '4.000', closing_kg: '1004.000' });
    const ledger = await ledgerBalance(ids.counted, manilaToday);
    for (const r of s.rows) expect(r.closing_kg).toBe(ledger.get(r.material.id));
  });

  it('refuses a period longer than three months, an inverted one and an unknown one', async () => {
    const long = await admin.get('/api/mass-balance?from=2026-01-01&to=2026-04-01');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 3 months');
    expect((await admin.get('/api/mass-balance?from=2026-01-01&to=2026-03-31')).statusCode).toBe(200);
    expect((await admin.get('/api/mass-balance?from=2026-03-01&to=2026-02-01')).statusCode).toBe(400);
    expect((await admin.get('/api/mass-balance?period=2026-13')).statusCode).toBe(400);
  });

  it('answers 404 for another organization’s facility and never counts its movements', async () => {
    expect(
      (await admin.get(`/api/mass-balance?period=${month}&facility_id=${ids.otherFacility}`)).statusCode,
    ).toBe(404);
    const s = (await admin.get(`/api/mass-balance?period=${month}`)).json();
    expect(s.rows.some((r: { facility: { id: string } }) => r.facility.id === ids.otherFacility)).toBe(false);
    expect(s.rows.some((r: { received_kg: string }) => r.received_kg === '777.000')).toBe(false);
  });

  it('downloads the statement as CSV and PDF', async () => {
    const csv = await auditor.get(
      `/api/mass-balance/statement.csv?period=${month}&facility_id=${ids.facility}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('MB1,PET_BOTTLES_CLEAR,0.000,1000.000');
    expect(csv.body).toMatch(/SHA-256,[0-9a-f]{64}/);
    const pdf = await auditor.get(
      `/api/mass-balance/statement.pdf?period=${month}&facility_id=${ids.facility}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('closing and reopening a period', () => {
  let closeId = '';
  it('refuses to close a period that has not ended, and an operator', async () => {
    const current = manilaToday.slice(0, 7);
    const res = await manager.post('/api/mass-balance/closes', { period: current });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain('has not ended');
    expect((await operator.post('/api/mass-balance/closes', { period: month })).statusCode).toBe(403);
  });

  it('closes the month: the statement is stored with its digest and a back-dated receipt is refused', async () => {
    const res = await manager.post('/api/mass-balance/closes', { period: month });
    expect(res.statusCode, res.body).toBe(201);
    const close = res.json();
    closeId = close.id;
    expect(close).toMatchObject({ period: month, period_kind: 'month', facility: null, reopened_at: null });
    expect(close.statement_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditActions(ctx, closeId)).toEqual(['mass_balance.period_closed']);
    const org = (await admin.get('/api/organization')).json();
    expect(org.books_closed_through >= close.period_end).toBe(true);

    const refused = await receive(ids.facility, ids.pet, '10', at(20));
    expect(refused.statusCode, refused.body).toBe(422);
    const later = await receive(ids.facility, ids.pet, '10', new Date(Date.now() - 60_000).toISOString());
    expect(later.statusCode, later.body).toBe(201);

    const again = await manager.post('/api/mass-balance/closes', { period: month });
    expect(again.statusCode).toBe(409);
    const view = (await auditor.get(`/api/mass-balance?period=${month}`)).json();
    expect(view.stored).toBe(true);
    expect(view.close.id).toBe(closeId);
    const csv = await auditor.get(`/api/mass-balance/statement.csv?period=${month}`);
    expect(csv.body).toContain(`SHA-256,${close.statement_sha256}`);
    // The next month's credit opening is now carried from the stored statement, to the same figure.
    const w = {
      orgId,
      timeZone: 'Asia/Manila',
      from: `${nextOf(month)}-01`,
      to: `${nextOf(month)}-28`,
      facilityId: ids.facility,
    };
    expect((await carriedCredits(ctx.database.db, w))?.period_end).toBe(close.period_end);
    const next = (
      await admin.get(`/api/mass-balance?period=${nextOf(month)}&facility_id=${ids.facility}`)
    ).json();
    expect(next.credits[0]?.opening_kg).toBe('800.000');
    const history = (await auditor.get('/api/mass-balance/closes')).json();
    expect(history.items.map((c: { id: string }) => c.id)).toContain(closeId);
  });

  it('lets only an administrator reopen, with a reason; the receipt then posts', async () => {
    const byManager = await manager.post(`/api/mass-balance/closes/${closeId}/reopen`, {
      reason: 'A late weighbridge ticket',
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Your role may not reopen a closed period');
    const short = await admin.post(`/api/mass-balance/closes/${closeId}/reopen`, { reason: 'late' });
    expect(short.statusCode).toBe(400);
    expect(
      (
        await other.post(`/api/mass-balance/closes/${closeId}/reopen`, {
          reason: 'Not ours to reopen at all',
        })
      ).statusCode,
    ).toBe(404);
    const res = await admin.post(`/api/mass-balance/closes/${closeId}/reopen`, {
      reason: 'A late weighbridge ticket',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reopen_reason: 'A late weighbridge ticket',
      reopened_by: expect.any(Object),
    });
    expect(await auditActions(ctx, closeId)).toEqual([
      'mass_balance.period_closed',
      'mass_balance.period_reopened',
    ]);
    const posted = await receive(ids.facility, ids.pet, '10', at(20));
    expect(posted.statusCode, posted.body).toBe(201);
    const view = (await auditor.get(`/api/mass-balance?period=${month}`)).json();
    expect(view.stored).toBe(false);
    const w = {
      orgId,
      timeZone: 'Asia/Manila',
      from: `${nextOf(month)}-01`,
      to: `${nextOf(month)}-28`,
      facilityId: ids.facility,
    };
    expect(await carriedCredits(ctx.database.db, w)).toBeUndefined();
    expect(
      (
        await admin.post(`/api/mass-balance/closes/${closeId}/reopen`, {
          reason: 'A late weighbridge ticket',
        })
      ).statusCode,
    ).toBe(409);
  });
});
