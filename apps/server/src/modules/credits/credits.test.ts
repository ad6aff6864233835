import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { auditActions, seededOrganization } from '../../test/masterdata.ts';
import { type Recovery, recoveryFixture } from '../../test/recovery.ts';
import { claimsOf } from '../claims/claims.repo.ts';

// EPR credits over verified recovery: issuance with its serials, evidence and collector pay; the claims
// ledger under twenty issuances at once; transfers and retirements between organizations; and what
// another organization and the public registry may see.

const ctx = useTestApp();
type Org = Awaited<ReturnType<typeof seededOrganization>>;
let a: Org;
let b: Org;
let c: Org;
let fx: Recovery;
type Delivery = { id: string; number: string; ticket: string; lot: { id: string; code: string } };
let l1: Delivery;
let l2: Delivery;

const PREFIX = 'PH-PTEPR-CREDITS-MNL1-2026';
const serial = (batch: number, n: number) =>
  `${PREFIX}-${String(batch).padStart(4, '0')}-${String(n).padStart(6, '0')}`;

/** A posted delivery of PET bottles at MNL1 with its price and deduction. */
async function deliver(kg: string, price: string, deduction: string, at: string): Promise<Delivery> {
  const supplier = await fx.supplier(`CR-${price.replace('.', '')}-${kg}`);
  const ticket = `WB-CR-${kg}`;
  const res = await a.operator.post('/api/receive-records?post=true', {
    supplier_id: supplier,
    facility_id: fx.ids.facility,
    received_at: at,
    weighbridge_ticket: ticket,
    lines: [
      {
        material_id: fx.ids.bottles,
        gross_kg: kg,
        tare_kg: '0',
        deduction_pct: deduction,
        unit_price: price,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json();
  return { id: r.id, number: r.number, ticket, lot: r.lines[0].lot };
}

const issue = (who: TestClient, body: Record<string, unknown>, headers?: Record<string, string>) =>
  who.post('/api/credits/batches', { facility_id: fx.ids.facility, vintage: 2026, ...body }, headers);

beforeAll(async () => {
  a = await seededOrganization(ctx, 'credits');
  b = await seededOrganization(ctx, 'credits-b');
  c = await seededOrganization(ctx, 'credits-c');
  fx = await recoveryFixture(ctx, a);
  // Recycling: 1,500 kg at ₱18.50 less 4 % (₱26,640 for 1,440 kg payable) and 1,000 kg at ₱20.00,
  // washed on 21 November into 2,400 kg of flake: 1,440 kg and 960 kg of recycling.
  l1 = await deliver('1500', '18.50', '4', '2026-11-10T08:00:00+08:00');
  l2 = await deliver('1000', '20.00', '0', '2026-11-20T08:00:00+08:00');
  await fx.wash(
    [
      { lot_id: l1.lot.id, kg: '1500' },
      { lot_id: l2.lot.id, kg: '1000' },
    ],
    '2400',
    [{ kg: '100', fate: 'landfill' }],
    '2026-11-21',
  );
  // Co-processing: 3,700 kg, 3,600 of them to cement kilns (3,599.999 kg after rounding down each lot).
  const l3 = await fx.receive(await fx.supplier('CR-JS', 'junkshop'), '3000');
  const l4 = await fx.receive(await fx.supplier('CR-AG', 'aggregator'), '700');
  await fx.wash(
    [
      { lot_id: l3.id, kg: '3000' },
      { lot_id: l4.id, kg: '700' },
    ],
    '100',
    [{ kg: '3600', fate: 'co_processing' }],
    '2026-11-22',
  );
  // And 10,000 kg recycled whole, for the transfers.
  const l5 = await fx.receive(await fx.supplier('CR-CO', 'cooperative'), '10000');
  await fx.wash([{ lot_id: l5.id, kg: '10000' }], '10000', [], '2026-11-23');
});

describe('issuing credits', () => {
  it('offers the eligible recovery grouped per facility, fate, material type and vintage', async () => {
    const res = await a.auditor.get(`/api/credits/recovery?vintage=2026&facility_id=${fx.ids.facility}`);
    expect(res.statusCode, res.body).toBe(200);
    const { groups, rows, totals } = res.json();
    expect(groups).toEqual([
      expect.objectContaining({
        fate: 'co_processing',
        material_type: 'PET_BOTTLES_CLEAR',
        available_kg: '3599.999',
        credits: 3,
        carried_kg: '599.999',
      }),
      expect.objectContaining({
        fate: 'recycling',
        available_kg: '12499.999',
        credits: 12,
        carried_kg: '499.999',
      }),
    ]);
    expect(totals).toEqual({ available_kg: '16099.998', credits: 15, carried_kg: '1099.998' });
    expect(rows[0]).toMatchObject({
      lot: l1.lot,
      fate: 'recycling',
      available_kg: '1440.000',
      delivery: { id: l1.id, number: l1.number, weighbridge_ticket: l1.ticket, photos: 0 },
      supplier_type: 'waste_picker',
      line_net_kg: '1500.000',
      line_amount: '26640.00',
    });
  });

  it('issues whole tonnes oldest first, with serials, evidence, collector pay, claims and a log entry', async () => {
    const res = await issue(a.manager, { fate: 'recycling', quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json();
    expect(batch).toMatchObject({
      batch_no: 1,
      serial_prefix: `${PREFIX}-0001`,
      first_serial: serial(1, 1),
      last_serial: serial(1, 2),
      country: 'PH',
      programme: 'PTEPR',
      vintage: 2026,
      fate: 'recycling',
      material_type: 'PET_BOTTLES_CLEAR',
      quantity: 2,
      kg: '2000.000',
      coc_model: 'identity_preserved',
      is_issuer: true,
      counts: { issued: 2, transferred: 0, retired: 0 },
      held_by_you: 2,
      // 1,440 kg × ₱26,640 ÷ 1,500 kg + 560 kg × ₱20,000 ÷ 1,000 kg = ₱25,574.40 + ₱11,200.00.
      collector_pay_php: '36774.40',
      collector_pay_per_kg: '18.3872',
    });
    expect(batch.evidence).toEqual([
      expect.objectContaining({
        lot: l1.lot,
        kg: '1440.000',
        delivery: expect.objectContaining({ id: l1.id, number: l1.number, weighbridge_ticket: l1.ticket }),
        supplier_type: 'waste_picker',
        recovery: expect.objectContaining({ kind: 'production_record', recovered_on: '2026-11-21' }),
        fate: 'recycling',
        proofs: expect.objectContaining({ delivery: `/verify/${l1.id}` }),
      }),
      expect.objectContaining({ lot: l2.lot, kg: '560.000' }),
    ]);
    expect(JSON.stringify(batch.evidence)).not.toContain('Collector CR-');
    expect(batch.blocks).toEqual([
      expect.objectContaining({ first_serial: serial(1, 1), last_serial: serial(1, 2), status: 'held' }),
    ]);
    expect(batch.movements).toEqual([expect.objectContaining({ kind: 'issued', direction: 'issued' })]);

    const claimed = await claimsOf(ctx.database.db, a.organizationId, { kind: 'credit_batch', id: batch.id });
    expect(claimed.map((x) => [x.lotId, x.kg, x.claimType])).toEqual(
      expect.arrayContaining([
        [l1.lot.id, '1440.000', 'epr_credit'],
        [l2.lot.id, '560.000', 'epr_credit'],
      ]),
    );
    const entries = await ctx.database.db.execute<{ version: number; event: string; blocks: unknown }>(
      sql`SELECT version, event, snapshot->'blocks' AS blocks FROM log_entries
          WHERE record_type = 'credit_batch' AND record_id = ${batch.id}::uuid`,
    );
    expect(entries.rows).toEqual([
      {
        version: 1,
        event: 'issued',
        blocks: [expect.objectContaining({ first_no: 1, last_no: 2, status: 'held' })],
      },
    ]);
    expect(await auditActions(ctx, batch.id)).toContain('credit_batch.created');
  });

  it('answers a retry with the same Idempotency-Key with the first batch', async () => {
    const key = { 'idempotency-key': 'credits-retry-1' };
    const first = await issue(a.admin, { fate: 'recycling', quantity: 1 }, key);
    const again = await issue(a.admin, { fate: 'recycling', quantity: 1 }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const list = await a.admin.get('/api/credits/batches?fate=recycling');
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([first.json().id, expect.any(String)]);
  });

  it('refuses more than is left, naming what is', async () => {
    // 12,499.999 − 3,000 kg issued leaves 9,499.999 kg: 9 credits.
    const res = await issue(a.manager, { fate: 'recycling', quantity: 10 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toMatchObject({ available_kg: '9499.999', credits: 9 });
    expect(res.json().message).toContain('9 credits at most');
  });

  it('never claims more than exists when 20 issuances race for the same kilograms', async () => {
    const who = [a.admin, a.manager];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        issue(who[i % 2] as TestClient, { fate: 'co_processing', quantity: 1 }),
      ),
    );
    const statuses = outcomes.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 422 || s === 409)).toBe(true);
    // 3,599.999 kg: three tonnes, whoever wins.
    const won = outcomes.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(won).toHaveLength(3);
    const numbers = won.map((x) => x.batch_no).sort((x, y) => x - y);
    expect(numbers[2] - numbers[0]).toBe(2);
    const total = await ctx.database.db.execute<{ kg: string }>(
      sql`SELECT sum(kg)::text AS kg FROM claims WHERE organization_id = ${a.organizationId}::uuid
          AND claim_type = 'epr_credit' AND fate = 'co_processing'`,
    );
    expect(total.rows[0]?.kg).toBe('3000.000');
    expect(won[0].fate).toBe('co_processing');
  });

  it('is for administrators and managers; auditors and operators read', async () => {
    expect((await issue(a.operator, { fate: 'recycling', quantity: 1 })).statusCode).toBe(403);
    expect((await issue(a.auditor, { fate: 'recycling', quantity: 1 })).statusCode).toBe(403);
    expect((await a.operator.get('/api/credits/holdings')).statusCode).toBe(200);
    expect((await a.auditor.get('/api/credits/holdings/summary')).statusCode).toBe(200);
    expect((await a.supplier.get('/api/credits/holdings')).statusCode).toBe(403);
  });
});

describe('moving credits', () => {
  let batchId = '';
  let prefix = '';
  let blockId = '';
  const blocksOf = async (who: TestClient) =>
    (await who.get(`/api/credits/holdings?q=${prefix}`)).json().items as {
      id: string;
      first_no: number;
      last_no: number;
      status: string;
      public_status: string;
    }[];

  beforeAll(async () => {
    const res = await issue(a.admin, { fate: 'recycling', quantity: 9 });
    expect(res.statusCode, res.body).toBe(201);
    batchId = res.json().id;
    prefix = res.json().serial_prefix;
    blockId = res.json().blocks[0].id;
  });

  const transfer = (who: TestClient, body: Record<string, unknown>) =>
    who.post('/api/credits/transfers', body);
  const retire = (who: TestClient, body: Record<string, unknown>) =>
    who.post('/api/credits/retirements', {
      beneficiary: 'Jollibee Foods Corporation',
      compliance_year: 2026,
      purpose: 'RA 11898 compliance 2026',
      ...body,
    });

  it('refuses more than the block holds, the issuer itself, an unknown organization and operators', async () => {
    const more = await transfer(a.manager, { block_id: blockId, quantity: 10, to_organization: 'credits-b' });
    expect(more.statusCode, more.body).toBe(422);
    expect(more.json().message).toBe('You hold 9 credits in this block');
    const self = await transfer(a.manager, { block_id: blockId, quantity: 1, to_organization: 'credits' });
    expect(self.statusCode, self.body).toBe(422);
    const nobody = await transfer(a.manager, {
      block_id: blockId,
      quantity: 1,
      to_organization: 'nobody-here',
    });
    expect(nobody.statusCode, nobody.body).toBe(404);
    const operator = await transfer(a.operator, {
      block_id: blockId,
      quantity: 1,
      to_organization: 'credits-b',
    });
    expect(operator.statusCode).toBe(403);
    // Only the holder moves a block: to anyone else it does not exist.
    const stranger = await transfer(c.manager, {
      block_id: blockId,
      quantity: 1,
      to_organization: 'credits-b',
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('confirms a recipient by its identifier', async () => {
    const res = await a.manager.get('/api/credits/organizations/credits-b');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slug).toBe('credits-b');
    expect((await a.manager.get('/api/credits/organizations/nobody-here')).statusCode).toBe(404);
  });

  it('transfers the first serials of a block, and the recipient sees them', async () => {
    const res = await transfer(a.manager, {
      block_id: blockId,
      quantity: 3,
      to_organization: 'credits-b',
      note: 'Sold under contract 2026-17',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().movement).toMatchObject({
      kind: 'transferred',
      direction: 'out',
      first_serial: `${prefix}-000001`,
      last_serial: `${prefix}-000003`,
      quantity: 3,
      to: { slug: 'credits-b' },
      note: 'Sold under contract 2026-17',
    });
    expect(await blocksOf(a.admin)).toEqual([
      expect.objectContaining({ id: blockId, first_no: 4, last_no: 9, public_status: 'issued' }),
    ]);
    expect(await blocksOf(b.auditor)).toEqual([
      expect.objectContaining({ first_no: 1, last_no: 3, status: 'held', public_status: 'transferred' }),
    ]);
    const seen = (await b.auditor.get(`/api/credits/batches/${batchId}`)).json();
    // The evidence and the collectors' pay travel with the credits; who issued them stays the issuer's.
    expect(seen).toMatchObject({ is_issuer: false, issued_by: null, held_by_you: 3 });
    expect(seen.evidence.length).toBeGreaterThan(0);
    expect(seen.collector_pay_per_kg).toMatch(/^\d+\.\d{4}$/);
    expect(seen.blocks).toHaveLength(1);
    expect((await b.auditor.get('/api/credits/movements')).json().items[0].direction).toBe('in');
    expect(await auditActions(ctx, batchId)).toContain('credit_batch.received');
  });

  it('retires credits for good: they never move again, through the API or the database', async () => {
    const [held] = await blocksOf(b.manager);
    const res = await retire(b.manager, { block_id: held?.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const retired = res.json();
    expect(retired).toMatchObject({
      first_serial: `${prefix}-000001`,
      last_serial: `${prefix}-000001`,
      status: 'retired',
      beneficiary: 'Jollibee Foods Corporation',
      compliance_year: 2026,
      purpose: 'RA 11898 compliance 2026',
    });
    const again = await retire(b.manager, { block_id: retired.id, quantity: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Retired credits never move');
    const moved = await transfer(b.manager, {
      block_id: retired.id,
      quantity: 1,
      to_organization: 'credits',
    });
    expect(moved.statusCode).toBe(422);
    await expect(
      ctx.database.db.execute(
        sql`UPDATE credit_blocks SET organization_id = ${a.organizationId}::uuid WHERE id = ${retired.id}::uuid`,
      ),
    ).rejects.toThrow();
  });

  it('transfers a whole block by changing its holder, and logs each movement as a version', async () => {
    const held = (await blocksOf(b.manager)).find((x) => x.status === 'held');
    expect(held).toMatchObject({ first_no: 2, last_no: 3 });
    const res = await transfer(b.manager, { block_id: held?.id, quantity: 2, to_organization: 'credits' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await blocksOf(a.admin)).toEqual([
      expect.objectContaining({ first_no: 2, last_no: 3, id: held?.id, public_status: 'issued' }),
      expect.objectContaining({ first_no: 4, last_no: 9 }),
    ]);
    const log = await ctx.database.db.execute<{ version: number; event: string; current: boolean }>(
      sql`SELECT version, event, snapshot = log_snapshot('credit_batch', record_id) AS current FROM log_entries
          WHERE record_type = 'credit_batch' AND record_id = ${batchId}::uuid ORDER BY version`,
    );
    expect(log.rows.map((r) => [r.version, r.event])).toEqual([
      [1, 'issued'],
      [2, 'transferred'],
      [3, 'retired'],
      [4, 'transferred'],
    ]);
    expect(log.rows.at(-1)?.current).toBe(true);
    const summary = (await a.auditor.get('/api/credits/holdings/summary')).json();
    expect(summary.totals.retired).toBe(0);
    expect((await b.auditor.get('/api/credits/holdings/summary')).json().rows).toEqual([
      { vintage: 2026, fate: 'recycling', status: 'retired', credits: 1 },
    ]);
  });

  it('hides another organization’s credits, which only the public registry shows, without holders or prices', async () => {
    expect((await c.admin.get(`/api/credits/batches/${batchId}`)).statusCode).toBe(404);
    expect((await c.admin.get('/api/credits/holdings')).json().items).toEqual([]);
    expect((await c.admin.get('/api/credits/movements')).json().items).toEqual([]);
    expect((await c.admin.get('/api/credits/batches')).json().items).toEqual([]);

    const anyone = await ctx.app.inject({ url: `/api/public/credits?q=${prefix}` });
    expect(anyone.statusCode, anyone.body).toBe(200);
    const items = anyone.json().items;
    expect(items.map((x: { first_serial: string; status: string }) => [x.first_serial, x.status])).toEqual([
      [`${prefix}-000001`, 'retired'],
      [`${prefix}-000002`, 'issued'],
      [`${prefix}-000004`, 'issued'],
    ]);
    expect(items[0]).toMatchObject({
      beneficiary: 'Jollibee Foods Corporation',
      compliance_year: 2026,
      log_url: `http://localhost:3000/verify/${batchId}`,
      verify_url: `http://localhost:3000/registry/${prefix}-000001`,
    });
    expect(anyone.body).not.toMatch(/holder|collector|credits-b|evidence|price/);

    const one = await ctx.app.inject({ url: `/api/public/credits/${prefix}-000005` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ first_serial: `${prefix}-000004`, last_serial: `${prefix}-000009` });
    expect((await ctx.app.inject({ url: `/api/public/credits/${prefix}-000010` })).statusCode).toBe(404);
  });

  it('moves two blocks of one batch at once one after the other, and names to the issuer only whom it sold to', async () => {
    // a holds 2–3 and 4–9: a transfer from one and a retirement from the other, at the same moment.
    const [first, second] = (await blocksOf(a.admin)).filter((x) => x.status === 'held');
    const [moved, retired] = await Promise.all([
      transfer(a.manager, { block_id: first?.id, quantity: 1, to_organization: 'credits-b' }),
      retire(a.manager, { block_id: second?.id, quantity: 1 }),
    ]);
    expect([moved.statusCode, retired.statusCode]).toEqual([201, 201]);
    const log = await ctx.database.db.execute<{ version: number; current: boolean }>(
      sql`SELECT version, snapshot = log_snapshot('credit_batch', record_id) AS current FROM log_entries
          WHERE record_type = 'credit_batch' AND record_id = ${batchId}::uuid ORDER BY logged_at, version`,
    );
    expect(log.rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.rows.at(-1)?.current).toBe(true);
    // b sells the credit on to c: a sold to b, so b is named to a; c is not.
    const got = (await blocksOf(b.manager)).find((x) => x.status === 'held' && x.first_no === 2);
    expect(
      (await transfer(b.manager, { block_id: got?.id, quantity: 1, to_organization: 'credits-c' }))
        .statusCode,
    ).toBe(201);
    const seen = (await a.admin.get(`/api/credits/batches/${batchId}`)).json();
    const holders = seen.blocks.map((k: { first_no: number; holder: { name: string } }) => [
      k.first_no,
      k.holder.name,
    ]);
    expect(holders).toContainEqual([2, 'Another organization']);
    expect(holders.flat().filter((x: unknown) => typeof x === 'string' && x.includes('credits-c'))).toEqual(
      [],
    );
  });
});

describe('lists', () => {
  it('pages holdings, batches, movements and the registry without skipping or repeating a row', async () => {
    for (const url of [
      '/api/credits/holdings',
      '/api/credits/batches',
      '/api/credits/movements',
      '/api/public/credits',
    ]) {
      const key = (x: { id?: string; first_serial?: string }) => x.id ?? x.first_serial;
      const whole = (await a.admin.get(`${url}?limit=200`)).json().items.map(key);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await a.admin.get(`${url}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...res.json().items.map(key));
        cursor = res.json().next_cursor;
      } while (cursor && paged.length <= whole.length);
      expect(paged, url).toEqual(whole);
      expect(whole.length, url).toBeGreaterThan(2);
    }
  });

  it('exports the holdings as CSV for those who may export', async () => {
    const res = await a.auditor.get('/api/credits/holdings/export.csv?status=held');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body.trim().split(/\r?\n/);
    expect(header).toBe(
      'first_serial,last_serial,credits,status,vintage,fate,material_type,issuer,beneficiary,compliance_year,purpose,retired_at',
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(res.body).toContain('Co-processing (cement kiln fuel), not recycling');
    expect((await a.operator.get('/api/credits/holdings/export.csv')).statusCode).toBe(403);
  });
});

describe('serials', () => {
  it('never give two organizations one code: the later one’s carries its id', async () => {
    // "credit-s" and "credits" both clean to CREDITS, whose serials organization "credits" holds already.
    const twin = await seededOrganization(ctx, 'credit-s');
    const tfx = await recoveryFixture(ctx, twin);
    const lot = await tfx.receive(await tfx.supplier('TW-WP'), '1000');
    await tfx.wash([{ lot_id: lot.id, kg: '1000' }], '1000', [], '2026-11-23');
    const res = await twin.admin.post('/api/credits/batches', {
      facility_id: tfx.ids.facility,
      vintage: 2026,
      fate: 'recycling',
      quantity: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const tag = twin.organizationId.replace(/-/g, '').slice(-8).toUpperCase();
    expect(res.json().serial_prefix).toBe(`PH-PTEPR-CRED${tag}-MNL1-2026-0001`);
  });
});
