import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// The figures of GET /api/franchisees/performance, exact to the gram and the centavo, for receipts and
// payments dated in September and October 2026 in Manila (the demo organization's time zone).

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let facilityId: string;
let materialId: string;
const id: Record<'royal' | 'perKg' | 'fixed' | 'gone', string> = {
  royal: '',
  perKg: '',
  fixed: '',
  gone: '',
};

type Line = { gross_kg: string; tare_kg?: string; unit_price: string };
/** A receipt from the supplier, saved and posted at once; its id. */
async function receive(supplierId: string, receivedAt: string, lines: Line[], post = true) {
  const res = await org.admin.post(`/api/receive-records${post ? '?post=true' : ''}`, {
    supplier_id: supplierId,
    facility_id: facilityId,
    received_at: receivedAt,
    lines: lines.map((l) => ({ material_id: materialId, ...l })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function pay(supplierId: string, amount: string, paidAt: string, advance = false) {
  const res = await org.admin.post('/api/supplier-ledger/payments', {
    supplier_id: supplierId,
    amount,
    method: 'cash',
    paid_at: paidAt,
    advance,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A franchisee on a supplier of its own; the supplier's id. */
async function franchise(key: keyof typeof id, terms: Record<string, unknown>) {
  const s = await org.admin.post('/api/suppliers', {
    code: `S-${key}`,
    name: `Junkshop ${key}`,
    type: 'junkshop',
  });
  const f = await org.admin.post('/api/franchisees', {
    code: `FR-${key.toUpperCase()}`,
    name: `Franchise ${key}`,
    supplier_id: s.json().id,
    owner_name: 'Owner',
    agreement_start: '2026-01-01',
    ...terms,
  });
  expect(f.statusCode, f.body).toBe(201);
  id[key] = f.json().id;
  return s.json().id as string;
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'frnperf');
  const db = ctx.database.db;
  const [fac] = await db.select().from(facilities).where(eq(facilities.organizationId, org.organizationId));
  const [mat] = await db.select().from(materials).where(eq(materials.organizationId, org.organizationId));
  facilityId = fac?.id ?? '';
  materialId = mat?.id ?? '';

  // 3.75 % of purchases; 400 kg a month.
  const royal = await franchise('royal', {
    latitude: '14.6',
    longitude: '120.98',
    fee_kind: 'royalty_pct',
    fee_value: '3.75',
    monthly_target_kg: '400',
  });
  await receive(royal, '2026-09-10T09:00:00+08:00', [
    { gross_kg: '100', unit_price: '12.50' },
    { gross_kg: '50.5', tare_kg: '0.5', unit_price: '10' },
  ]);
  // The last half hour of September in Manila is September; the first of October, October (though
  // it is still 30 September in UTC).
  await receive(royal, '2026-09-30T23:30:00+08:00', [{ gross_kg: '200', unit_price: '11' }]);
  await receive(royal, '2026-10-01T00:30:00+08:00', [{ gross_kg: '75.25', unit_price: '12' }]);
  // A voided receipt and a draft count nowhere.
  const voided = await receive(royal, '2026-10-12T10:00:00+08:00', [{ gross_kg: '999', unit_price: '10' }]);
  const voiding = await org.admin.post(`/api/receive-records/${voided}/void`, { reason: 'Weighed twice' });
  expect(voiding.statusCode, voiding.body).toBe(200);
  await receive(royal, '2026-10-13T10:00:00+08:00', [{ gross_kg: '500', unit_price: '10' }], false);
  await pay(royal, '1000.00', '2026-09-15T16:00:00+08:00');
  const mistaken = await pay(royal, '2000.00', '2026-10-05T10:00:00+08:00');
  await pay(royal, '500.00', '2026-10-07T10:00:00+08:00');
  // Reversed today, it undoes October's payout: the money never went out.
  const reversal = await org.admin.post(`/api/supplier-ledger/entries/${mistaken}/reverse`, {
    reason: 'Paid the wrong junkshop',
  });
  expect(reversal.statusCode, reversal.body).toBe(201);

  // ₱0.35 a kg from 15 October; 500 kg a month.
  const perKg = await franchise('perKg', {
    agreement_start: '2026-10-15',
    fee_kind: 'per_kg',
    fee_value: '0.35',
    monthly_target_kg: '500',
  });
  await receive(perKg, '2026-09-20T10:00:00+08:00', [{ gross_kg: '80', unit_price: '10' }]);
  await receive(perKg, '2026-10-20T10:00:00+08:00', [{ gross_kg: '120.5', unit_price: '9.99' }]);

  // ₱2,500 a month until 30 September; no target; an advance in October.
  const fixed = await franchise('fixed', {
    agreement_end: '2026-09-30',
    fee_kind: 'fixed_monthly',
    fee_value: '2500',
    monthly_target_kg: '0',
  });
  await pay(fixed, '300.00', '2026-10-02T10:00:00+08:00', true);

  // Archived: left out unless asked for.
  const gone = await franchise('gone', {
    fee_kind: 'fixed_monthly',
    fee_value: '100',
    monthly_target_kg: '10',
  });
  await receive(gone, '2026-10-03T10:00:00+08:00', [{ gross_kg: '10', unit_price: '10' }]);
  await org.admin.post(`/api/franchisees/${id.gone}/archive`);
});

const performance = async (query: string) => {
  const res = await org.admin.get(`/api/franchisees/performance?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const figures = (
  volume_kg: string,
  purchases_php: string,
  target_kg: string,
  target_pct: string | null,
  fee_due_php: string,
  payouts_php: string,
) => ({ volume_kg, purchases_php, target_kg, target_pct, fee_due_php, payouts_php });

describe('franchisee performance', () => {
  it('sums each franchisee’s month exactly, in the organization’s months', async () => {
    const p = await performance('month=2026-10&months=2');
    expect(p.months).toEqual(['2026-09', '2026-10']);
    expect(p.items.map((i: { franchisee: { code: string } }) => i.franchisee.code)).toEqual([
      'FR-FIXED',
      'FR-PERKG',
      'FR-ROYAL',
    ]);
    const [fixed, perKg, royal] = p.items;
    expect(royal.franchisee).toMatchObject({
      id: id.royal,
      supplier: { code: 'S-ROYAL' },
      latitude: '14.600000',
      longitude: '120.980000',
      fee_kind: 'royalty_pct',
      fee_value: '3.75',
      archived: false,
    });
    // September: 100 + 50 + 200 kg for ₱1,250 + ₱500 + ₱2,200; 3.75 % of ₱3,950 is ₱148.125 → ₱148.13.
    expect(royal.months).toEqual([
      {
        month: '2026-09',
        in_agreement: true,
        ...figures('350.000', '3950.00', '400.000', '87.5', '148.13', '1000.00'),
      },
      // 75.25 kg at ₱12; ₱2,000 paid on the 5th was reversed, ₱500 on the 7th stands.
      {
        month: '2026-10',
        in_agreement: true,
        ...figures('75.250', '903.00', '400.000', '18.8', '33.86', '500.00'),
      },
    ]);
    expect(royal.total).toEqual(figures('425.250', '4853.00', '800.000', '53.2', '181.99', '1500.00'));

    // No fee before the agreement starts; in October 120.5 kg × ₱0.35 = ₱42.175 → ₱42.18.
    expect(perKg.months).toEqual([
      {
        month: '2026-09',
        in_agreement: false,
        ...figures('80.000', '800.00', '500.000', '16.0', '0.00', '0.00'),
      },
      {
        month: '2026-10',
        in_agreement: true,
        ...figures('120.500', '1203.80', '500.000', '24.1', '42.18', '0.00'),
      },
    ]);
    // The monthly fee while the agreement runs; no target, no percentage; the advance is a payout.
    expect(fixed.months).toEqual([
      { month: '2026-09', in_agreement: true, ...figures('0.000', '0.00', '0.000', null, '2500.00', '0.00') },
      { month: '2026-10', in_agreement: false, ...figures('0.000', '0.00', '0.000', null, '0.00', '300.00') },
    ]);
  });

  it('adds up the network by month and over the months', async () => {
    const { network } = await performance('month=2026-10&months=2');
    expect(network.months).toEqual([
      { month: '2026-09', ...figures('430.000', '4750.00', '900.000', '47.8', '2648.13', '1000.00') },
      // 195.75 ÷ 900 = 21.75 % → 21.8, half away from zero.
      { month: '2026-10', ...figures('195.750', '2106.80', '900.000', '21.8', '76.04', '800.00') },
    ]);
    expect(network.total).toEqual(figures('625.750', '6856.80', '1800.000', '34.8', '2724.17', '1800.00'));
  });

  it('shows archived franchisees when asked, and one month by default', async () => {
    const october = await performance('month=2026-10&months=1&include_archived=true');
    const gone = october.items.find((i: { franchisee: { id: string } }) => i.franchisee.id === id.gone);
    expect(gone.franchisee.archived).toBe(true);
    expect(gone.months).toEqual([
      {
        month: '2026-10',
        in_agreement: true,
        ...figures('10.000', '100.00', '10.000', '100.0', '100.00', '0.00'),
      },
    ]);
    expect(october.network.total.volume_kg).toBe('205.750');

    const now = await performance('');
    expect(now.months).toHaveLength(6);
    expect(now.items).toHaveLength(3);
  });

  it('refuses a month that is not one', async () => {
    for (const [query, field, message] of [
      ['month=2026-13', 'querystring.month', 'Enter a month as YYYY-MM'],
      ['month=1899-12', 'querystring.month', 'Enter a month between 1900-01 and 9999-12'],
      ['months=25', 'querystring.months', 'Show at most 24 months'],
      ['months=0', 'querystring.months', 'Show at least 1 month'],
    ]) {
      const res = await org.admin.get(`/api/franchisees/performance?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fields).toEqual({ [field as string]: message });
    }
  });

  it('shows another organization nothing of this one', async () => {
    const other = (await newOrganization(ctx.app)).admin;
    const p = (await other.get('/api/franchisees/performance?month=2026-10&months=2')).json();
    expect(p.items).toEqual([]);
    expect(p.network.total).toEqual(figures('0.000', '0.00', '0.000', null, '0.00', '0.00'));
    expect(p.network.months.map((m: { month: string }) => m.month)).toEqual(['2026-09', '2026-10']);
  });
});
