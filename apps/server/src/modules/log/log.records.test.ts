import { verifyBundle } from '@plastrace/verify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { integrate } from './sequencer.ts';
import { generateSigner } from './signer.ts';

// Production runs and dispatches join the record log as deliveries do: each posting and void appends its
// public snapshot, and the lots a run makes are logged with the run as their origin.

const { signer } = generateSigner('localhost/test-log');
const ctx = useTestApp({ logSigner: signer });
let operator: TestClient;
let visitor: TestClient;
let org = '';
let userId = '';
const ids = { supplier: '', facility: '', pet: '', flake: '', customer: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'log-records');
  operator = o.operator;
  org = o.organizationId;
  visitor = await client(ctx.app);
  userId = (await o.admin.get('/api/dashboard/users/me')).json().id;
  const db = ctx.database.db;
  ids.facility = (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
    (f) => f.code === 'MNL1',
  )?.id as string;
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id as string;
  ids.flake = mats.find((m) => m.code === 'PET_FLAKE')?.id as string;
  ids.supplier = (await db.select().from(suppliers).where(eq(suppliers.organizationId, org)))[0]
    ?.id as string;
  const customer = await o.admin.post('/api/customers', { code: 'CUS-L', name: 'Log Buyer', type: 'trader' });
  ids.customer = customer.json().id;
});

async function lotOf(kg: string) {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string; code: string };
}
const bundleOf = async (id: string) => {
  await integrate(ctx.database.db, signer);
  const res = await visitor.get(`/api/log/records/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const bundle = res.json();
  expect(await verifyBundle(bundle, signer.vkey)).toMatchObject({ ok: true });
  return bundle;
};
const call = async (fn: string, payload: object) => {
  const rows = await ctx.database.db.execute<{
    out: { status: number; body: { id: string; number: string } };
  }>(
    sql`SELECT ${sql.raw(fn)}(${JSON.stringify({ organization_id: org, user_id: userId, route: 'test', key: null, hash: '', ...payload })}::jsonb) AS out`,
  );
  return rows.rows[0]?.out.body as { id: string; number: string };
};

describe('the record log, beyond deliveries', () => {
  it('logs a production run and the lots it makes, with the run as their origin', async () => {
    const input = await lotOf('500');
    const res = await operator.post('/api/production-records?post=true', {
      facility_id: ids.facility,
      process_code: 'washing',
      started_at: '2026-11-21T06:00:00+08:00',
      ended_at: '2026-11-21T14:00:00+08:00',
      entered_kwh: '120',
      inputs: [{ lot_id: input.id, kg: '500' }],
      outputs: [{ material_id: ids.flake, kg: '430' }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '70' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json();
    const bundle = await bundleOf(run.id);
    expect(bundle.entry).toMatchObject({ type: 'production_record', event: 'posted' });
    expect(bundle.snapshot).toMatchObject({
      number: run.number,
      process: 'washing',
      inputs: [{ lot_code: input.code, kg: '500.000' }],
      outputs: [{ kg: '430.000', lot_code: run.outputs[0].lot.code }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '70.000' }],
    });
    expect(JSON.stringify(bundle.snapshot)).not.toMatch(/value|cost|crew/);
    const made = await bundleOf(run.outputs[0].lot.id);
    expect(made.snapshot).toMatchObject({
      type: 'lot',
      initial_kg: '430.000',
      origin: { type: 'production_record', id: run.id, number: run.number },
    });
  });

  it('logs a dispatch when posted and when voided, without the customer or prices', async () => {
    const lot = await lotOf('80');
    const sent = await call('dispatch_create', {
      post: true,
      record: {
        customer_id: ids.customer,
        facility_id: ids.facility,
        dispatched_at: '2026-11-22T10:00:00+08:00',
        lines: [{ lot_id: lot.id, kg: '80', unit_price: '42.00' }],
      },
    });
    const posted = await bundleOf(sent.id);
    expect(posted.snapshot).toMatchObject({
      type: 'dispatch_record',
      status: 'posted',
      lines: [{ lot_code: lot.code, kg: '80.000' }],
      labels: { customer_type: 'trader' },
    });
    expect(JSON.stringify(posted.snapshot)).not.toMatch(/Log Buyer|42\.00|customer_id/);
    await call('dispatch_void', { id: sent.id, reason: 'Loaded the wrong truck' });
    const voided = await bundleOf(sent.id);
    expect(voided.entry).toMatchObject({ event: 'voided', version: posted.entry.version + 1 });
    expect(voided.snapshot.status).toBe('voided');
    expect(voided.index).toBeGreaterThan(posted.index);
  });

  it('logs the lots a split makes, with the lot they came from', async () => {
    const lot = await lotOf('300');
    const res = await operator.post(`/api/lots/${lot.id}/split`, { parts_kg: ['120'] });
    expect(res.statusCode, res.body).toBe(200);
    const [part] = res.json().lots;
    const bundle = await bundleOf(part.id);
    expect(bundle.snapshot).toMatchObject({
      type: 'lot',
      code: part.code,
      initial_kg: '120.000',
      origin: { type: 'lot', id: lot.id, code: lot.code, as: 'split' },
    });
  });
});
