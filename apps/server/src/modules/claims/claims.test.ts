import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { type Recovery, recoveryFixture } from '../../test/recovery.ts';
import { allocate } from './allocate.ts';
import { claimsOf, insertClaims, recovery, releaseClaims } from './claims.repo.ts';

// The claims ledger: verified recovery as the database computes it, and its one rule — no kilogram
// backs two claims of one type — held by the database under concurrency.

const ctx = useTestApp();
let org = '';
let user = '';
let fx: Recovery;
let lotA: { id: string; code: string };
let lotB: { id: string; code: string };
let runId = '';
let admin: TestClient;

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'claims');
  org = o.organizationId;
  admin = o.admin;
  user = (await o.admin.get('/api/dashboard/users/me')).json().id;
  fx = await recoveryFixture(ctx, o);
  const picker = await fx.supplier('CL-WP');
  lotA = await fx.receive(picker, '600');
  lotB = await fx.receive(picker, '400');
  // 1,000 kg washed into 900 kg of flake, 60 kg to co-processing, 40 kg to landfill.
  const washed = await fx.wash(
    [
      { lot_id: lotA.id, kg: '600' },
      { lot_id: lotB.id, kg: '400' },
    ],
    '900',
    [
      { kg: '60', fate: 'co_processing' },
      { kg: '40', fate: 'landfill' },
    ],
  );
  runId = washed.id;
});

const mine = async () =>
  (await recovery(ctx.database.db, org, { claimType: 'epr_credit', lotIds: [lotA.id, lotB.id] })).map(
    (r) => ({
      lot: r.lot_code,
      fate: r.fate,
      kg: r.kg,
      available: r.available_kg,
    }),
  );

describe('verified recovery', () => {
  it('is each received lot’s share of what the run made, to the gram', async () => {
    expect(await mine()).toEqual([
      { lot: lotA.code, fate: 'co_processing', kg: '36.000', available: '36.000' },
      { lot: lotA.code, fate: 'recycling', kg: '540.000', available: '540.000' },
      { lot: lotB.code, fate: 'co_processing', kg: '24.000', available: '24.000' },
      { lot: lotB.code, fate: 'recycling', kg: '360.000', available: '360.000' },
    ]);
  });
});

describe('claims', () => {
  const source = (id: string) => ({ kind: 'certificate' as const, id });
  const ID = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

  it('refuses more than was recovered, and a release gives it back', async () => {
    const db = ctx.database.db;
    const rows = await recovery(db, org, {
      claimType: 'waste_diversion',
      lotIds: [lotA.id],
      fate: 'recycling',
    });
    const all = allocate(rows, '540');
    expect(all).not.toBeNull();
    await db.transaction((tx) =>
      insertClaims(tx, org, 'waste_diversion', 'identity_preserved', source(ID(1)), user, all?.claims ?? []),
    );
    await expect(
      db.transaction((tx) =>
        insertClaims(tx, org, 'waste_diversion', 'identity_preserved', source(ID(2)), user, [
          { lotId: lotA.id, recoveryRecordId: runId, fate: 'recycling', kg: '0.001' },
        ]),
      ),
    ).rejects.toThrow();
    // Another claim type is another ledger: the same kilograms may back one EPR credit.
    expect(
      (await recovery(db, org, { claimType: 'epr_credit', lotIds: [lotA.id], fate: 'recycling' }))[0]
        ?.available_kg,
    ).toBe('540.000');
    await db.transaction((tx) => releaseClaims(tx, org, 'identity_preserved', source(ID(1)), user));
    expect(await claimsOf(db, org, source(ID(1)))).toEqual([]);
    expect(
      (await recovery(db, org, { claimType: 'waste_diversion', lotIds: [lotA.id], fate: 'recycling' }))[0]
        ?.available_kg,
    ).toBe('540.000');
  });

  it('never claims more than exists when 20 claims race for the same kilograms', async () => {
    const db = ctx.database.db;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (tx) => {
          // Each asks for 100 kg of both lots (50 + 50): at most 360 / 50 = 7 fit lot B's 360 kg.
          await insertClaims(tx, org, 'plastic_credit', 'identity_preserved', source(ID(100 + i)), user, [
            { lotId: lotA.id, recoveryRecordId: runId, fate: 'recycling', kg: '50' },
            { lotId: lotB.id, recoveryRecordId: runId, fate: 'recycling', kg: '50' },
          ]);
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(won).toBe(7);
    const left = await recovery(db, org, {
      claimType: 'plastic_credit',
      lotIds: [lotA.id, lotB.id],
      fate: 'recycling',
    });
    expect(left.map((r) => r.claimed_kg)).toEqual(['350.000', '350.000']);
  });

  it('keeps a run whose recovery backs a claim from being voided', async () => {
    const db = ctx.database.db;
    await db.transaction((tx) =>
      insertClaims(tx, org, 'co2e', 'identity_preserved', source(ID(300)), user, [
        { lotId: lotA.id, recoveryRecordId: runId, fate: 'recycling', kg: '1' },
      ]),
    );
    const res = await admin.post(`/api/production-records/${runId}/void`, {
      reason: 'Entered twice by mistake',
    });
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('recovery by a delivered dispatch', () => {
  it('counts a received lot delivered to a recycler, by the customer’s type when it was posted', async () => {
    const picker = await fx.supplier('CL-DISP');
    const bale = await fx.receive(picker, '500');
    const customer = await admin.post('/api/customers', {
      code: 'CL-REC',
      name: 'Pasig Recyclers',
      type: 'recycler',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const posted = await admin.post('/api/dispatch-records?post=true', {
      customer_id: customer.json().id,
      facility_id: fx.ids.facility,
      dispatched_at: '2026-11-22T09:00:00+08:00',
      lines: [{ lot_id: bale.id, kg: '500', unit_price: '25.00' }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const proof = new FormData();
    for (const [k, v] of Object.entries({
      delivered_at: '2026-11-22T15:00:00+08:00',
      received_kg: '490',
      receiver_name: 'M. Reyes',
    }))
      proof.append(k, v);
    const signature = await sharp({
      create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    proof.append('signature', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'sig.png');
    const delivered = await admin.request(
      'POST',
      `/api/dispatch-records/${posted.json().id}/delivery`,
      proof,
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const rows = async () =>
      (await recovery(ctx.database.db, org, { claimType: 'epr_credit', lotIds: [bale.id] })).map((r) => [
        r.recovery_kind,
        r.fate,
        r.kg,
      ]);
    // 490 of the 500 kg shipped arrived: that is what was recovered.
    expect(await rows()).toEqual([['dispatch_record', 'recycling', '490.000']]);
    // Calling the customer a co-processor (or a trader) afterwards changes nothing: the type logged at posting holds.
    const c = (await admin.get(`/api/customers/${customer.json().id}`)).json();
    const edit = await admin.request('PATCH', `/api/customers/${c.id}`, {
      type: 'co_processor',
      version: c.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await rows()).toEqual([['dispatch_record', 'recycling', '490.000']]);
  });
});
