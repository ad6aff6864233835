import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { activity } from '../../test/masterdata.ts';
import { co2eOf } from './impact.co2e.ts';

// The impact figures must equal sums written here straight over the records (not the daily facts), the
// CO2e must name its factors and sources, and the public page must open only once published.

const ctx = useTestApp();
const SLUG = 'impact';
const FROM = '2026-01-01';
const TO = '2026-12-31';
let org = '';
const members: Record<'admin' | 'manager' | 'operator' | 'auditor' | 'supplier', TestClient> = {} as never;

const q = async <T extends Record<string, unknown>>(text: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute<T>(text)).rows;

/** Receives `kg` of a material at MNL1 and dispatches `out` kg of its lot to a customer, both posted. */
async function passOn(material: string, kg: string, out: string, customer: string) {
  const [ids] = await q<{ facility: string; supplier: string; material: string }>(sql`
    SELECT (SELECT id FROM facilities WHERE organization_id = ${org} AND code = 'MNL1') AS facility,
      (SELECT id FROM suppliers WHERE organization_id = ${org} AND archived_at IS NULL ORDER BY code LIMIT 1) AS supplier,
      (SELECT id FROM materials WHERE organization_id = ${org} AND code = ${material}) AS material`);
  const received = await members.operator.post('/api/receive-records?post=true', {
    supplier_id: ids?.supplier,
    facility_id: ids?.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids?.material, gross_kg: kg, tare_kg: '0', unit_price: '10.00' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  const sent = await members.operator.post('/api/dispatch-records?post=true', {
    customer_id: customer,
    facility_id: ids?.facility,
    dispatched_at: '2026-11-22T09:00:00+08:00',
    lines: [{ lot_id: received.json().lines[0].lot.id, kg: out, unit_price: '12.00' }],
  });
  expect(sent.statusCode, sent.body).toBe(201);
}

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 11,
    slug: SLUG,
    asOf: new Date('2026-10-15T00:00:00Z'),
    deliveries: true,
  }));
  for (const role of ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const)
    members[role] = await (await client(ctx.app)).login(`${role}.${SLUG}@demo.plastrace.ph`, DEMO_PASSWORD);
  const customer = async (code: string, type: string) => {
    const res = await members.admin.post('/api/customers', { code, name: `${code} Corp.`, type });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  // Collected material sold on unprocessed: film to a recycler, bottles to a cement kiln.
  await passOn('LDPE_FILM', '300', '200', await customer('ZZ-RECYCLER', 'recycler'));
  await passOn('PET_BOTTLES_CLEAR', '500', '150', await customer('ZZ-KILN', 'co_processor'));
}, 240_000);

const n3 = (v: string | number | null | undefined) => Number(v ?? 0).toFixed(3);

/** The range's figures straight from the records: deliveries, runs and dispatches, in Manila's days. */
async function direct(from: string, to: string) {
  const inRange = (col: ReturnType<typeof sql>) =>
    sql`(${col} AT TIME ZONE 'Asia/Manila')::date BETWEEN ${from}::date AND ${to}::date`;
  const [recv] = await q<{ kg: string }>(sql`
    SELECT coalesce(sum(l.net_kg), 0)::text AS kg FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
    WHERE r.organization_id = ${org} AND r.status = 'posted' AND ${inRange(sql`r.received_at`)}`);
  const runs = sql`SELECT id, (ended_at AT TIME ZONE 'Asia/Manila')::date AS day, facility_id, production_line_id,
      process_code, energy_kwh FROM production_records
    WHERE organization_id = ${org} AND status = 'posted' AND ${inRange(sql`ended_at`)}`;
  const losses = await q<{ fate: string; kg: string }>(sql`
    SELECT x.fate::text, sum(x.kg)::text AS kg FROM production_losses x JOIN (${runs}) r ON r.id = x.record_id
    GROUP BY 1`);
  const made = sql`SELECT DISTINCT o.material_id FROM production_outputs o JOIN (${runs}) r ON r.id = o.record_id`;
  const processed = await q<{ type_code: string | null; kg: string }>(sql`
    WITH g AS (
      SELECT r.day, r.facility_id, r.production_line_id, r.process_code,
        sum(i.kg) FILTER (WHERE lt.material_id NOT IN (${made})) AS first, sum(i.kg) AS total
      FROM (${runs}) r JOIN production_inputs i ON i.record_id = r.id JOIN lots lt ON lt.id = i.lot_id
      GROUP BY 1, 2, 3, 4
    ), o AS (
      SELECT r.day, r.facility_id, r.production_line_id, r.process_code, o.material_id, sum(o.kg) AS kg
      FROM (${runs}) r JOIN production_outputs o ON o.record_id = r.id GROUP BY 1, 2, 3, 4, 5
    )
    SELECT m.type_code, sum(round(o.kg * g.first / g.total, 3))::text AS kg
    FROM o JOIN g ON g.day = o.day AND g.facility_id = o.facility_id AND g.process_code = o.process_code
      AND coalesce(g.production_line_id::text, '') = coalesce(o.production_line_id::text, '')
    JOIN materials m ON m.id = o.material_id
    WHERE g.first > 0 GROUP BY 1`);
  const sent = await q<{ type: string; type_code: string | null; kg: string }>(sql`
    SELECT c.type::text, m.type_code, sum(l.kg)::text AS kg
    FROM dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id JOIN lots lt ON lt.id = l.lot_id
    JOIN customers c ON c.id = d.customer_id JOIN materials m ON m.id = lt.material_id
    WHERE d.organization_id = ${org} AND d.status = 'posted' AND ${inRange(sql`d.dispatched_at`)}
      AND lt.material_id NOT IN (${made}) AND c.type IN ('recycler', 'manufacturer', 'co_processor')
    GROUP BY 1, 2`);
  const [energy] = await q<{ kwh: string; kg: string; runs: number; grid: string }>(sql`
    SELECT coalesce(sum(r.energy_kwh), 0)::text AS kwh, count(*)::int AS runs,
      coalesce(sum((SELECT sum(kg) FROM production_inputs WHERE record_id = r.id)), 0)::text AS kg,
      round(coalesce(sum(r.energy_kwh), 0) * (SELECT kg_co2e_per_kwh FROM grid_emission_factors WHERE country_code = 'PH'), 1)::text AS grid
    FROM (${runs}) r WHERE r.energy_kwh IS NOT NULL`);
  const lost = (fate: string) => Number(losses.find((l) => l.fate === fate)?.kg ?? 0);
  const sentTo = (co: boolean) =>
    sent.filter((s) => (s.type === 'co_processor') === co).reduce((t, s) => t + Number(s.kg), 0);
  const collected = Number(recv?.kg);
  const recycled = new Map<string | null, number>();
  for (const r of [...processed, ...sent.filter((s) => s.type !== 'co_processor')])
    recycled.set(r.type_code, (recycled.get(r.type_code) ?? 0) + Number(r.kg));
  return {
    fates: {
      collected_kg: n3(collected),
      processed_kg: n3(processed.reduce((t, p) => t + Number(p.kg), 0)),
      passed_on_kg: n3(sentTo(false)),
      landfill_kg: n3(lost('landfill')),
      co_processing_kg: n3(lost('co_processing') + sentTo(true)),
      resale_kg: n3(lost('resale')),
      evaporated_kg: n3(lost('evaporated')),
      reject_lot_kg: n3(lost('reject_lot')),
      diverted_kg: n3(collected - lost('landfill')),
    },
    recycled,
    energy,
  };
}

/** The net WARM CO2e of recycled kg by type, per the reference table's factors, rounded per type. */
async function warmNet(recycled: Map<string | null, number>) {
  const rows = [...recycled]
    .filter(([code]) => code !== null)
    .map(([code, kg]) => sql`(${code}, ${n3(kg)}::numeric)`);
  const [r] = await q<{ t: string }>(sql`
    SELECT coalesce(sum(round(-v.kg * t.recycling_kg_co2e_per_t / 1000, 1)), 0)::numeric(14,1)::text AS t
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(code, kg) JOIN material_types t ON t.code = v.code`);
  return r?.t;
}

describe('GET /api/impact', () => {
  it('equals sums taken straight from the records, with every factor named and sourced', async () => {
    const res = await members.manager.get(`/api/impact?from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const want = await direct(FROM, TO);
    const got = Object.fromEntries(Object.keys(want.fates).map((k) => [k, n3(body.fates[k])]));
    expect(got).toEqual(want.fates);
    expect(Number(body.fates.processed_kg)).toBeGreaterThan(1000);
    expect(body.fates.passed_on_kg).toBe('200.000');
    expect(Number(body.fates.recycled_kg)).toBeCloseTo(Number(body.fates.processed_kg) + 200, 3);
    const rate = (Number(want.fates.diverted_kg) / Number(want.fates.collected_kg)) * 100;
    expect(body.fates.diversion_rate_pct).toBe(rate.toFixed(1));

    // Months add up to the range.
    const sum = (k: string) =>
      body.months.reduce((t: number, m: Record<string, string>) => t + Number(m[k]), 0);
    expect(body.months).toHaveLength(12);
    expect(sum('collected_kg').toFixed(3)).toBe(want.fates.collected_kg);
    expect(sum('diverted_kg').toFixed(3)).toBe(want.fates.diverted_kg);

    // CO2e per type: recycled kg by type, and the net WARM total from the reference table's factors.
    const types = body.co2e.by_material_type as {
      material_type: string | null;
      recycled_kg: string;
      factors: Record<string, string | boolean | null>[];
    }[];
    expect(Object.fromEntries(types.map((t) => [t.material_type, n3(t.recycled_kg)]))).toEqual(
      Object.fromEntries([...want.recycled].map(([c, kg]) => [c, n3(kg)])),
    );
    const net = body.co2e.totals.find((t: { basis: string }) => t.basis === 'warm_recycling');
    expect(net.kg_co2e_avoided).toBe(await warmNet(want.recycled));
    expect(Number(net.kg_co2e_avoided)).toBeGreaterThan(0);
    expect(body.co2e.totals.map((t: { basis: string }) => t.basis)).toEqual([
      'warm_recycling',
      'warm_virgin',
      'plasticseurope_virgin',
    ]);

    const flake = types.find((t) => t.material_type === 'PET_FLAKE');
    expect(flake?.factors).toEqual([
      expect.objectContaining({
        basis: 'warm_recycling',
        kg_co2e_per_t: '-1146.0',
        unit: 'kg CO2e per tonne',
        source: expect.stringContaining('EPA WARM v16'),
        verified: false,
        not_calculated: null,
      }),
      expect.objectContaining({ basis: 'warm_virgin', kg_co2e_per_t: '2447.0', verified: false }),
      expect.objectContaining({
        basis: 'plasticseurope_virgin',
        kg_co2e_per_t: '3400.0',
        source: expect.stringContaining('PlasticsEurope'),
        verified: false,
      }),
    ]);
    // WARM does not model LDPE recycling: not calculated, with the reason; the virgin bases apply.
    const film = types.find((t) => t.material_type === 'LDPE_FILM');
    expect(film?.recycled_kg).toBe('200.000');
    expect(film?.factors).toEqual([
      expect.objectContaining({
        basis: 'warm_recycling',
        kg_co2e_per_t: null,
        kg_co2e_avoided: null,
        not_calculated: expect.stringContaining('recycling not modelled'),
      }),
      expect.objectContaining({ basis: 'warm_virgin', kg_co2e_per_t: '1940.0', kg_co2e_avoided: '388.0' }),
      expect.objectContaining({ basis: 'plasticseurope_virgin', kg_co2e_avoided: '420.0' }),
    ]);
    expect(net.kg_not_calculated).toBe('200.000');

    // Energy: the runs with a known kWh, over their inputs, at the PH grid's factor.
    expect(body.energy).toMatchObject({
      runs: want.energy?.runs,
      country: 'PH',
      grid_source: expect.stringContaining('DOE'),
      grid_verified: false,
    });
    expect(Number(body.energy.kwh)).toBeCloseTo(Number(want.energy?.kwh), 2);
    expect(n3(body.energy.processed_kg)).toBe(n3(want.energy?.kg));
    expect(body.energy.grid_kg_co2e).toBe(want.energy?.grid);
    const perT = (Number(want.energy?.kwh) / Number(want.energy?.kg)) * 1000;
    expect(Number(body.energy.kwh_per_tonne)).toBeCloseTo(perT, 0);

    // Equivalents of the net figure, each with its source, address and date.
    expect(body.equivalents).toHaveLength(3);
    for (const e of body.equivalents) {
      expect(e.url).toMatch(/^https:\/\/[a-z.]*epa\.gov\//);
      expect(e.source).toContain('EPA');
      expect(e.as_of).not.toBe('');
    }
    const cars = body.equivalents.find((e: { code: string }) => e.code === 'passenger_car_years');
    expect(Number(cars.value)).toBeCloseTo(Number(net.kg_co2e_avoided) / 4600, 0);
    expect(body.basis.map((b: { figure: string }) => b.figure)).toContain('Diverted from landfill');
  });

  it('defaults to this year up to the organization’s today, and refuses a backwards or overlong range', async () => {
    const [today] = await q<{ d: string }>(sql`SELECT (now() AT TIME ZONE 'Asia/Manila')::date::text AS d`);
    const res = await members.operator.get('/api/impact');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: `${today?.d.slice(0, 4)}-01-01`, to: today?.d });
    expect((await members.operator.get('/api/impact?from=2026-05-01&to=2026-04-30')).statusCode).toBe(400);
    expect((await members.operator.get('/api/impact?from=2010-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await members.operator.get('/api/impact?from=2000-01-01')).statusCode).toBe(400);
  });

  it('is for staff: a supplier member may not read it', async () => {
    for (const role of ['admin', 'manager', 'operator', 'auditor'] as const)
      expect((await members[role].get('/api/impact/page')).statusCode).toBe(200);
    expect((await members.supplier.get('/api/impact')).statusCode).toBe(403);
    expect((await members.supplier.get('/api/impact/page')).statusCode).toBe(403);
  });
});

describe('the public impact page', () => {
  it('opens only once published, without money, suppliers, customers or people', async () => {
    const visitor = await client(ctx.app);
    const unknown = await visitor.get('/api/public/impact/no-such-organization');
    const hidden = await visitor.get(`/api/public/impact/${SLUG}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());

    const page = (await members.admin.get('/api/impact/page')).json();
    expect(page).toMatchObject({
      published: false,
      version: 0,
      slug: SLUG,
      public_url: `http://localhost:3000/impact/public/${SLUG}`,
    });
    for (const role of ['manager', 'operator', 'auditor'] as const)
      expect(
        (await members[role].request('PUT', '/api/impact/page', { published: true, version: 0 })).statusCode,
      ).toBe(403);

    const put = await members.admin.request('PUT', '/api/impact/page', {
      published: true,
      headline: 'Every bottle counted',
      version: 0,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ published: true, headline: 'Every bottle counted', version: 1 });
    expect(put.json().published_by.name).toBeTruthy();
    const stale = await members.admin.request('PUT', '/api/impact/page', { published: false, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(await activity(members.admin, 'impact page')).toContain('Published the impact page');

    const shown = await visitor.get(`/api/public/impact/${SLUG}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json();
    expect(body.organization.name).toBe('Malinis Plastics Recovery Inc. (demo)');
    expect(body.headline).toBe('Every bottle counted');
    // This year is what the organization's own page shows by default; all time starts with the records.
    expect(body.this_year).toEqual((await members.auditor.get('/api/impact')).json());
    expect(body.all_time.months).toBeUndefined();
    const all = await direct('1900-01-01', '2999-12-31');
    expect(Object.fromEntries(Object.keys(all.fates).map((k) => [k, n3(body.all_time.fates[k])]))).toEqual(
      all.fates,
    );

    const text = shown.body.toLowerCase();
    for (const word of ['php', 'amount', 'price', 'cost', 'published_by', 'email'])
      expect(text, word).not.toContain(word);
    const names = await q<{ name: string }>(sql`
      SELECT name FROM suppliers WHERE organization_id = ${org} UNION SELECT name FROM customers WHERE organization_id = ${org}
      UNION SELECT first_name || ' ' || last_name FROM users`);
    for (const { name } of names) expect(text, name).not.toContain(name.toLowerCase());

    const off = await members.admin.request('PUT', '/api/impact/page', { published: false, version: 1 });
    expect(off.json()).toMatchObject({
      published: false,
      published_at: null,
      headline: 'Every bottle counted',
    });
    expect((await visitor.get(`/api/public/impact/${SLUG}`)).statusCode).toBe(404);
    expect(await activity(members.admin, 'impact page')).toContain('Unpublished the impact page');
  });

  it('keeps each organization to its own page: another’s is reached by neither id nor setting', async () => {
    const other = await newOrganization(ctx.app, 'Other Plastics Co.');
    const theirs = (await other.admin.get('/api/impact/page')).json();
    expect(theirs).toMatchObject({ published: false, version: 0 });
    expect(theirs.slug).not.toBe(SLUG);
    const mine = (await members.admin.get('/api/impact/page')).json();
    // Their admin publishes theirs: ours stays as it was, and our id is no address of a page.
    const put = await other.admin.request('PUT', '/api/impact/page', { published: true, version: 0 });
    expect(put.statusCode).toBe(200);
    expect((await members.admin.get('/api/impact/page')).json()).toEqual(mine);
    const visitor = await client(ctx.app);
    expect((await visitor.get(`/api/public/impact/${org}`)).statusCode).toBe(404);
    const public_ = await visitor.get(`/api/public/impact/${theirs.slug}`);
    expect(public_.statusCode).toBe(200);
    expect(public_.json().this_year.fates.collected_kg).toBe('0.000');
    expect(public_.json().organization.name).toBe('Other Plastics Co.');
  });
});

describe('co2eOf', () => {
  it('lists kilograms of materials without a reference type as not calculated on every basis, with why', () => {
    const { totals, by_material_type } = co2eOf(new Map([[null, 1_500_000n]]), new Map());
    expect(by_material_type).toEqual([
      expect.objectContaining({ material_type: null, recycled_kg: '1500.000' }),
    ]);
    for (const f of by_material_type[0]?.factors ?? [])
      expect(f).toMatchObject({
        kg_co2e_avoided: null,
        source: null,
        not_calculated: 'These materials name no reference material type: no factor applies.',
      });
    expect(totals.map((t) => [t.kg_co2e_avoided, t.kg_not_calculated])).toEqual([
      ['0.0', '1500.000'],
      ['0.0', '1500.000'],
      ['0.0', '1500.000'],
    ]);
  });
});
