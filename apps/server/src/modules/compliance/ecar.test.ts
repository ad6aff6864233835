import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, logEntries } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { recoveryFixture } from '../../test/recovery.ts';
import { recovery } from '../claims/claims.repo.ts';

// The EPR Compliance Audit Report: drafted with its content frozen, reviewed item by item by the
// organization's auditor, signed off only when every item is accepted, then frozen (API and trigger) and
// in the record log; a new version starts afresh. Roles and other organizations are refused.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let stranger: TestClient;
let org = '';
let blockId = '';
const lot = { id: '', code: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'ecar');
  ({ admin, manager, operator, auditor } = o);
  org = o.organizationId;
  stranger = (await seededOrganization(ctx, 'ecar-other')).auditor;
  const user = (await admin.get('/api/dashboard/users/me')).json().id;
  const db = ctx.database.db;

  // 1,200 kg washed into 1,100 kg of flake: verified recovery behind 1 credit of its own, retired for 2026.
  const fx = await recoveryFixture(ctx, o);
  Object.assign(lot, await fx.receive(await fx.supplier('ECAR-WP'), '1200'));
  await fx.wash([{ lot_id: lot.id, kg: '1200' }], '1100', [{ kg: '100', fate: 'landfill' }]);
  const [r] = await recovery(db, org, { claimType: 'epr_credit', lotIds: [lot.id] });
  if (!r) throw new Error('no recovery');
  const evidence = [
    {
      lot: { id: r.lot_id, code: r.lot_code },
      kg: '1000.000',
      material: { name: r.material_name, type: r.material_type },
      delivery: {
        id: r.receive_record_id,
        number: r.receive_number,
        received_at: r.received_at,
        weighbridge_ticket: r.weighbridge_ticket,
        photos: 0,
      },
      supplier_type: r.supplier_type,
      recovery: {
        id: r.recovery_record_id,
        kind: r.recovery_kind,
        number: r.recovery_number,
        recovered_on: r.recovered_on,
      },
      fate: r.fate,
      proofs: { delivery: `/verify/${r.receive_record_id}`, recovery: `/verify/${r.recovery_record_id}` },
    },
  ];
  const [facility] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, org), eq(facilities.code, 'MNL1')));
  const batch = uuidv7();
  blockId = uuidv7();
  await db.execute(
    sql`INSERT INTO credit_batches (id, organization_id, batch_no, serial_prefix, country, programme, facility_id,
          vintage, fate, material_type, quantity, kg, coc_model, collector_pay_php, collector_pay_per_kg, evidence,
          issued_by)
        VALUES (${batch}, ${org}, 1, 'PH-PTEPR-ECAR-MNL1-2026-0001', 'PH', 'PTEPR', ${facility?.id}, 2026,
          'recycling', 'PET', 1, 1000, 'identity_preserved', 20000, 20, ${JSON.stringify(evidence)}::jsonb, ${user})`,
  );
  await db.execute(
    sql`INSERT INTO credit_blocks (id, organization_id, batch_id, first_no, last_no, status, beneficiary,
          compliance_year, purpose, retired_by, retired_at)
        VALUES (${blockId}, ${org}, ${batch}, 1, 1, 'retired', 'ECAR Brands Inc.', 2026, 'RA 11898 compliance 2026',
          ${user}, now())`,
  );
  for (const [category, kg] of [
    ['rigid', '1200'],
    ['sachet', '300.5'],
  ])
    expect((await manager.post('/api/compliance/footprints', { year: 2026, category, kg })).statusCode).toBe(
      201,
    );
});

const decide = (id: string, item_key: string, decision: string, comment?: string) =>
  auditor.post(`/api/compliance/ecar/${id}/reviews`, { item_key, decision, comment });

describe('ECAR', () => {
  let id = '';
  const retirementKey = () => `retirement:${blockId}`;

  it('is drafted by the office with every footprint category and retirement as an item with its evidence', async () => {
    expect((await operator.post('/api/compliance/years/2026/ecar')).statusCode).toBe(403);
    expect((await auditor.post('/api/compliance/years/2026/ecar')).statusCode).toBe(403);
    expect((await manager.post('/api/compliance/years/2025/ecar')).statusCode).toBe(422);
    const res = await manager.post('/api/compliance/years/2026/ecar', undefined, {
      'idempotency-key': 'ecar-2026-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    id = r.id;
    expect(r).toMatchObject({ year: 2026, version: 1, status: 'draft', item_count: 3, accepted_count: 0 });
    expect(r.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.content.items.map((i: { key: string }) => i.key)).toEqual([
      'footprint:sachet',
      'footprint:rigid',
      retirementKey(),
    ]);
    // 1,500.5 kg × 60 % = 900.3 kg required; 1 credit = 1,000 kg recovered.
    expect(r.content.statement).toMatchObject({
      required_kg: '900.300',
      recovered_kg: '1000.000',
      surplus_kg: '99.700',
    });
    const retirement = r.content.items[2];
    expect(retirement.retirement).toMatchObject({
      credits: 1,
      first_serial: 'PH-PTEPR-ECAR-MNL1-2026-0001-000001',
    });
    expect(retirement.evidence).toEqual([
      expect.objectContaining({
        lot: { id: lot.id, code: lot.code },
        kg: '1000.000',
        fate: 'recycling',
        delivery: expect.objectContaining({ proof_url: expect.stringMatching(/^\/verify\//) }),
        recovery: expect.objectContaining({
          kind: 'production_record',
          proof_url: expect.stringMatching(/^\/verify\//),
        }),
      }),
    ]);
    expect(r.open_items).toHaveLength(3);
    // The same Idempotency-Key answers the first draft again.
    const again = await manager.post('/api/compliance/years/2026/ecar', undefined, {
      'idempotency-key': 'ecar-2026-1',
    });
    expect(again.json().id).toBe(id);
    const list = (await auditor.get('/api/compliance/ecar?year=2026')).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([id]);
    const year = (await auditor.get('/api/compliance/years/2026')).json();
    expect(year.ecar.latest).toMatchObject({ id, version: 1, status: 'draft' });
  });

  it('is reviewed by the auditor alone, item by item, a query or rejection with a comment', async () => {
    expect(
      (
        await manager.post(`/api/compliance/ecar/${id}/reviews`, {
          item_key: 'footprint:rigid',
          decision: 'accepted',
        })
      ).statusCode,
    ).toBe(403);
    const noComment = await decide(id, 'footprint:rigid', 'queried');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().details.fields['body.comment']).toMatch(/needs a comment/);
    const unknown = await decide(id, 'footprint:bag', 'accepted');
    expect(unknown.statusCode).toBe(422);
    expect((await decide(id, 'footprint:rigid', 'accepted')).statusCode).toBe(201);
    const queried = await decide(
      id,
      'footprint:sachet',
      'queried',
      'Which sales report backs the sachet figure?',
    );
    expect(queried.statusCode, queried.body).toBe(201);
    expect(queried.json()).toMatchObject({
      accepted_count: 1,
      open_items: ['footprint:sachet', retirementKey()],
    });
  });

  it('signs off only when every item is accepted; then it is frozen, logged, and a new version starts afresh', async () => {
    const early = await auditor.post(`/api/compliance/ecar/${id}/sign-off`, {
      opinion: 'Fairly stated in all respects.',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().details.items).toEqual([
      { item_key: 'footprint:sachet', title: 'Footprint: Sachet', decision: 'queried' },
      { item_key: retirementKey(), title: expect.stringMatching(/^Retired credits/), decision: null },
    ]);
    await decide(id, 'footprint:sachet', 'accepted');
    await decide(id, retirementKey(), 'rejected', 'The weighbridge ticket is unreadable');
    await decide(id, retirementKey(), 'accepted');
    expect(
      (
        await manager.post(`/api/compliance/ecar/${id}/sign-off`, {
          opinion: 'Fairly stated in all respects.',
        })
      ).statusCode,
    ).toBe(403);
    expect((await auditor.post(`/api/compliance/ecar/${id}/sign-off`, { opinion: 'Fine' })).statusCode).toBe(
      400,
    );
    const signed = await auditor.post(`/api/compliance/ecar/${id}/sign-off`, {
      opinion: 'Fairly stated in all respects.',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const s = signed.json();
    expect(s).toMatchObject({
      status: 'signed_off',
      opinion: 'Fairly stated in all respects.',
      accepted_count: 3,
      open_items: [],
    });
    expect(s.signed_by.name).toBeTruthy();
    const history = s.reviews.find((v: { item_key: string }) => v.item_key === retirementKey()).history;
    expect(history.map((h: { decision: string }) => h.decision)).toEqual(['accepted', 'rejected']);

    const frozen = await decide(id, 'footprint:rigid', 'queried', 'One more question');
    expect(frozen.statusCode).toBe(422);
    expect(frozen.json().message).toMatch(/frozen: draft a new version/);
    expect(
      (await auditor.post(`/api/compliance/ecar/${id}/sign-off`, { opinion: 'Signing it again.' }))
        .statusCode,
    ).toBe(422);
    await expect(
      ctx.database.db.execute(
        sql`UPDATE ecar_reports SET opinion = 'Changed behind the API' WHERE id = ${id}`,
      ),
    ).rejects.toThrow();
    const entries = await ctx.database.db.select().from(logEntries).where(eq(logEntries.recordId, id));
    expect(entries.map((e) => [e.recordType, e.event, e.version])).toEqual([['ecar', 'signed_off', 1]]);
    expect(entries[0]?.snapshot).toMatchObject({ status: 'signed_off', content_sha256: s.content_sha256 });

    const next = await manager.post('/api/compliance/years/2026/ecar');
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({
      version: 2,
      status: 'draft',
      accepted_count: 0,
      open_items: expect.any(Array),
    });
    expect(next.json().open_items).toHaveLength(3);
    const list = (await auditor.get('/api/compliance/ecar')).json();
    expect(list.items.map((i: { version: number }) => i.version)).toEqual([2, 1]);

    // Once version 3 is drafted, version 2 — even fully accepted — is no longer the one to sign.
    const v2 = next.json().id;
    for (const key of ['footprint:rigid', 'footprint:sachet', retirementKey()])
      await decide(v2, key, 'accepted');
    expect((await manager.post('/api/compliance/years/2026/ecar')).statusCode).toBe(201);
    const stale = await auditor.post(`/api/compliance/ecar/${v2}/sign-off`, {
      opinion: 'Signing the older draft.',
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toMatch(/superseded by version 3/);
  });

  it('prints the report as a PDF, and hides it from other organizations', async () => {
    const pdf = await auditor.get(`/api/compliance/ecar/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/ecar-2026-v1-signed\.pdf/);
    expect((await stranger.get(`/api/compliance/ecar/${id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/compliance/ecar/${id}/pdf`)).statusCode).toBe(404);
    expect(
      (
        await stranger.post(`/api/compliance/ecar/${id}/reviews`, {
          item_key: 'footprint:rigid',
          decision: 'accepted',
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.get('/api/compliance/ecar')).json().items).toEqual([]);
  });
});
