import {
  decodeCompactBundle,
  verifyBundle,
  verifyCheckpoint,
  verifyConsistency,
  verifyInclusion,
} from '@plastrace/verify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../db/client.ts';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { client } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { auditLog } from './audit.ts';
import { integrate, startSequencer } from './sequencer.ts';
import { generateSigner } from './signer.ts';

// The verifiable record log end to end: a posting appends its entries in its own transaction, the
// sequencer makes them leaves and signs a checkpoint, and the public API answers bundles and proofs that
// the verify package accepts offline; voids append, the tables refuse changes, and the audit finds a
// record changed behind the log's back.

const { signer } = generateSigner('localhost/test-log');
const ctx = useTestApp({ logSigner: signer });
let operator: TestClient;
let manager: TestClient;
let visitor: TestClient;
const ids = { supplier: '', facility: '', pet: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'log');
  ({ operator, manager } = o);
  visitor = await client(ctx.app);
  const db = ctx.database.db;
  const org = o.organizationId;
  ids.facility = (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
    (f) => f.code === 'MNL1',
  )?.id as string;
  ids.pet = (await db.select().from(materials).where(eq(materials.organizationId, org))).find(
    (m) => m.code === 'PET_BOTTLES_CLEAR',
  )?.id as string;
  ids.supplier = (await db.select().from(suppliers).where(eq(suppliers.organizationId, org)))[0]
    ?.id as string;
});

const integrateAll = () => integrate(ctx.database.db, signer);
async function receive(kg = '120') {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T09:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, unit_price: '15.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = async (url: string) => {
  const res = await visitor.get(url);
  return { status: res.statusCode, body: res.json() };
};

describe('the record log', () => {
  it('logs a posted delivery and its lot, and answers bundles anyone verifies offline', async () => {
    expect((await get('/api/log/checkpoint')).status).toBe(404);
    const record = await receive();
    // Queued in the posting's transaction; placed by the sequencer.
    const queued = await get(`/api/log/records/${record.id}`);
    expect(queued.status).toBe(409);
    expect((await get(`/api/log/records/${record.id}/history`)).body.items).toMatchObject([
      { index: null, entry: { type: 'receive_record', id: record.id, event: 'posted', version: 2 } },
    ]);
    expect(await integrateAll()).toEqual({ size: 2, added: 2 });
    expect(await integrateAll()).toBeNull();

    const key = (await get('/api/log/public-key')).body;
    expect(key).toEqual({ origin: 'localhost/test-log', key: signer.vkey, algorithm: 'Ed25519' });
    const bundle = (await get(`/api/log/records/receive_record/${record.id}`)).body;
    expect(bundle).toMatchObject({ format: 'plastrace-log-bundle/v1', index: 0, tree_size: 2 });
    // Public facts only: no supplier, no prices.
    expect(bundle.snapshot).toMatchObject({
      type: 'receive_record',
      number: record.number,
      status: 'posted',
      total_net_kg: '120.000',
      lines: [{ line_no: 1, net_kg: '120.000', lot_code: record.lines[0].lot.code }],
    });
    expect(JSON.stringify(bundle)).not.toMatch(/unit_price|amount|15\.00|supplier_id/);
    expect(await verifyBundle(bundle, key.key)).toMatchObject({ ok: true });
    const lot = (await get(`/api/log/records/${record.lines[0].lot.id}`)).body;
    expect(lot.snapshot).toMatchObject({
      type: 'lot',
      code: record.lines[0].lot.code,
      initial_kg: '120.000',
    });
    expect(await verifyBundle(lot, key.key)).toMatchObject({ ok: true });
    // A bundle from another log's key, or with its snapshot changed, fails.
    expect((await verifyBundle(bundle, generateSigner('localhost/test-log').signer.vkey)).ok).toBe(false);
    const forged = { ...bundle, snapshot: { ...bundle.snapshot, total_net_kg: '1200.000' } };
    expect((await verifyBundle(forged, key.key)).ok).toBe(false);

    // The compact form: the same bundle in bytes, as a .ptlb download.
    const compact = await visitor.get(`/api/log/records/receive_record/${record.id}?form=compact`);
    expect(compact.statusCode).toBe(200);
    expect(compact.headers['content-type']).toBe('application/vnd.plastrace.log-bundle');
    expect(compact.headers['content-disposition']).toBe(
      `attachment; filename="plastrace-receive_record-${record.id}-v2.ptlb"`,
    );
    const bytes = new Uint8Array(compact.rawPayload);
    expect(await decodeCompactBundle(bytes)).toEqual(bundle);
    expect(await verifyBundle(bytes, key.key)).toMatchObject({ ok: true, index: 0, treeSize: 2 });
    expect((await visitor.get(`/api/log/records/${record.id}?form=xml`)).statusCode).toBe(400);
  });

  it('appends a void, grows consistently, and serves proofs for any signed size', async () => {
    const first = (await get('/api/log/checkpoint')).body;
    const records = [await receive('10'), await receive('20'), await receive('30')];
    await integrateAll();
    const voided = await manager.post(`/api/receive-records/${records[1].id}/void`, {
      reason: 'Weighed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await integrateAll();
    const latest = (await get('/api/log/checkpoint')).body;
    expect(latest.tree_size).toBe(first.tree_size + 7);
    expect(await verifyCheckpoint(latest.note, signer.vkey)).toMatchObject({ ok: true });

    const history = (await get(`/api/log/records/${records[1].id}/history`)).body.items;
    expect(
      history.map((h: { entry: { event: string; version: number } }) => [h.entry.event, h.entry.version]),
    ).toEqual([
      ['posted', 2],
      ['voided', 3],
    ]);
    const bundle = (await get(`/api/log/records/${records[1].id}`)).body;
    expect(bundle.snapshot).toMatchObject({ status: 'voided' });
    // An earlier version keeps its own snapshot and proof.
    const posted = (await get(`/api/log/records/${records[1].id}/versions/2`)).body;
    expect(posted).toMatchObject({ entry: { version: 2, event: 'posted' }, snapshot: { status: 'posted' } });
    expect(await verifyBundle(posted, signer.vkey)).toMatchObject({ ok: true });
    expect((await get(`/api/log/records/${records[1].id}/versions/9`)).status).toBe(404);
    expect(bundle.index).toBe(latest.tree_size - 1);
    expect((await verifyBundle(bundle, signer.vkey)).ok).toBe(true);

    const c = (await get(`/api/log/proofs/consistency?from=${first.tree_size}`)).body;
    expect(
      await verifyConsistency(first.tree_size, latest.tree_size, c.proof, first.root_hash, latest.root_hash),
    ).toEqual({
      ok: true,
    });
    // Every leaf of every signed tree proves into that tree's root.
    const { items: signed } = (await get('/api/log/checkpoints?limit=100')).body;
    expect(signed.map((s: { tree_size: number }) => s.tree_size)).toEqual([latest.tree_size, 8, 2]);
    const leaves = (await get('/api/log/entries?start=0')).body.items;
    expect(leaves).toHaveLength(latest.tree_size);
    // The public listing says what kind of change each leaf is, not which record or whose.
    expect(leaves[0]).toEqual({
      index: 0,
      leaf_hash: expect.any(String),
      type: 'receive_record',
      event: 'posted',
      logged_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    for (const head of signed)
      for (const leaf of leaves.slice(0, head.tree_size)) {
        const p = (await get(`/api/log/proofs/inclusion?index=${leaf.index}&tree_size=${head.tree_size}`))
          .body;
        expect(
          await verifyInclusion(leaf.leaf_hash, leaf.index, head.tree_size, p.proof, head.root_hash),
        ).toEqual({
          ok: true,
        });
      }
    expect((await get(`/api/log/leaf?hash=${encodeURIComponent(leaves[3].leaf_hash)}`)).body).toEqual(
      leaves[3],
    );
    expect((await get(`/api/log/proofs/inclusion?index=${latest.tree_size}`)).status).toBe(400);
    expect((await get(`/api/log/proofs/consistency?from=1&to=${latest.tree_size + 1}`)).status).toBe(400);
  });

  it('logs a batch: each record and lot with its own numbers, snapshotted before they were taken', async () => {
    const delivery = (n: number) => ({
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-21T09:00:00+08:00',
      lines: [
        { material_id: ids.pet, gross_kg: `${n}`, unit_price: '15.00' },
        { material_id: ids.pet, gross_kg: `${n + 1}`, unit_price: '15.00' },
      ],
      idempotency_key: `log-batch-${n}`,
    });
    const res = await operator.post('/api/receive-records/batch', { records: [delivery(31), delivery(41)] });
    expect(res.json()).toMatchObject({ posted: 2, refused: 0 });
    await integrateAll();
    for (const { record } of res.json().results) {
      const bundle = (await get(`/api/log/records/${record.id}`)).body;
      expect(bundle.snapshot).toMatchObject({
        number: record.number,
        lines: record.lines.map((l: { lot: { code: string } }) => ({ lot_code: l.lot.code })),
      });
      for (const line of record.lines) {
        const lot = (await get(`/api/log/records/${line.lot.id}`)).body;
        expect(lot.snapshot).toMatchObject({
          code: line.lot.code,
          origin: { type: 'receive_record', id: record.id, number: record.number },
          initial_kg: line.net_kg,
        });
        expect(JSON.stringify(lot)).not.toContain('pending:');
      }
    }
  });

  it('refuses to change the log, and its audit finds a record changed behind its back', async () => {
    const db = ctx.database.db;
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'allowed',
        (e: { cause?: { message?: string } }) => e.cause?.message,
      );
    // The app's role may not even try; the tables' owner is stopped by the triggers.
    const owner = connect(ctx.database.url, { max: 1 });
    try {
      for (const table of ['log_entries', 'log_leaves', 'log_nodes', 'log_checkpoints']) {
        expect(await refusal(db.execute(sql.raw(`DELETE FROM ${table}`)))).toMatch(
          ctx.database.role ? /permission denied/ : /append-only/,
        );
        expect(await refusal(owner.db.execute(sql.raw(`DELETE FROM ${table}`)))).toMatch(/append-only/);
        expect(await refusal(owner.db.execute(sql.raw(`TRUNCATE ${table} CASCADE`)))).toMatch(/append-only/);
      }
      expect(await refusal(owner.db.execute(sql`UPDATE log_entries SET event = 'posted'`))).toMatch(
        /append-only/,
      );

      const clean = await auditLog(db, signer.vkey);
      expect(clean.problems).toEqual([]);
      expect(clean.leaves).toBeGreaterThan(0);

      // Past the triggers, as only the tables' owner could: a posted delivery's kilograms changed.
      const record = await receive('55');
      await integrateAll();
      await owner.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE receive_lines DISABLE TRIGGER receive_lines_frozen`);
        await tx.execute(
          sql`UPDATE receive_lines SET gross_kg = 5.5, net_kg = 5.5, payable_kg = 5.5 WHERE record_id = ${record.id}`,
        );
        await tx.execute(sql`ALTER TABLE receive_lines ENABLE TRIGGER receive_lines_frozen`);
      });
      const audit = await auditLog(db, signer.vkey);
      expect(audit.problems).toEqual([
        `receive_record ${record.id}: changed since version 2 was logged, without a new entry`,
      ]);
      // And the bundle still proves what was posted, not what the database now says.
      const bundle = (await get(`/api/log/records/${record.id}`)).body;
      expect(bundle.snapshot.total_net_kg).toBe('55.000');
      // The record's page learns that the database no longer says what was logged.
      expect((await get(`/api/log/records/${record.id}/history`)).body.current_matches).toBe(false);
      const lot = record.lines[0].lot.id;
      expect((await get(`/api/log/records/${lot}/history`)).body.current_matches).toBe(true);
    } finally {
      await owner.close();
    }
  });

  it('places a posting within moments when the sequencer runs in the background, and stops cleanly', async () => {
    const stop = startSequencer(ctx.database.db, signer, ctx.app.log, 20);
    try {
      const record = await receive('7');
      // Generous on a busy machine: the sequencer runs every 20 ms here, every 500 ms in the app.
      await vi.waitFor(async () => expect((await get(`/api/log/records/${record.id}`)).status).toBe(200), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await stop();
    }
    const record = await receive('8');
    expect((await get(`/api/log/records/${record.id}`)).status).toBe(409);
  });
});
