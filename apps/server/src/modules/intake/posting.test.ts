import { formatKg } from '@plastrace/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { createRecord, postRecord } from './intake.repo.ts';

// Posting in one round trip (migration 0010): save-and-post, batches, gapless numbers under
// concurrency, and answers identical to what reading the record back gives.

const ctx = useTestApp();
let admin: TestClient;
let ids: { facility: string; supplier: string; pet: string };

beforeAll(async () => {
  const seeded = await seedDemo(ctx.database.db, {
    seed: 11,
    slug: 'posting',
    asOf: new Date('2026-11-01T00:00:00Z'),
  });
  const db = ctx.database.db;
  const org = seeded.organizationId;
  const [fac] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, org), eq(facilities.code, 'MNL1')));
  const [sup] = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.organizationId, org))
    .orderBy(suppliers.code);
  const [pet] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.organizationId, org), eq(materials.code, 'PET_BOTTLES_CLEAR')));
  ids = { facility: fac?.id ?? '', supplier: sup?.id ?? '', pet: pet?.id ?? '' };
  admin = await (await client(ctx.app)).login('admin.posting@demo.plastrace.ph', DEMO_PASSWORD);
});

const delivery = (kg: number, extra: Record<string, unknown> = {}) => ({
  supplier_id: ids.supplier,
  facility_id: ids.facility,
  received_at: '2026-11-10T09:30:00+08:00',
  lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: 1, deduction_pct: '2.5', unit_price: '16.75' }],
  ...extra,
});

describe('posting in one round trip', () => {
  it('answers every write exactly as reading the record back shows it', async () => {
    const created = await admin.post('/api/receive-records', delivery(101));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual((await admin.get(`/api/receive-records/${id}`)).json());
    const edited = await admin.request('PUT', `/api/receive-records/${id}`, {
      ...delivery(102, { notes: 'second weighing' }),
      version: created.json().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual((await admin.get(`/api/receive-records/${id}`)).json());
    const posted = await admin.post(`/api/receive-records/${id}/post`);
    expect(posted.json()).toEqual((await admin.get(`/api/receive-records/${id}`)).json());
    const voided = await admin.post(`/api/receive-records/${id}/void`, { reason: 'weighed twice' });
    expect(voided.json()).toEqual((await admin.get(`/api/receive-records/${id}`)).json());
    expect(voided.json()).toMatchObject({ status: 'voided', void_reason: 'weighed twice' });
  });

  it('saves and posts in one call with ?post=true', async () => {
    const res = await admin.post('/api/receive-records?post=true', delivery(50), {
      'idempotency-key': 'sp-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('posted');
    expect(res.json().lines[0].lot).not.toBeNull();
    const again = await admin.post('/api/receive-records?post=true', delivery(50), {
      'idempotency-key': 'sp-1',
    });
    expect(again.json()).toEqual(res.json());
    // The same key for a different request (a draft this time) is refused.
    expect(
      (await admin.post('/api/receive-records', delivery(50), { 'idempotency-key': 'sp-1' })).statusCode,
    ).toBe(422);
  });

  it('keeps the lines of a record saved and posted at once as frozen as any posted record’s', async () => {
    // It goes in posted, its lines after it (migration 0040): only inside that call, under its placeholder.
    const pool = ctx.database.pool;
    const posted = await admin.post('/api/receive-records?post=true', delivery(60));
    expect(posted.statusCode).toBe(201);
    const id: string = posted.json().id;
    const refused = /the lines of a posted receive record cannot be changed/;
    await expect(
      pool.query(
        `INSERT INTO receive_lines SELECT (jsonb_populate_record(l, jsonb_build_object('id', gen_random_uuid(), 'line_no', 2))).*
           FROM receive_lines l WHERE record_id = $1`,
        [id],
      ),
    ).rejects.toThrow(refused);
    await expect(
      pool.query('UPDATE receive_lines SET line_no = line_no WHERE record_id = $1', [id]),
    ).rejects.toThrow(refused);
    await expect(pool.query('DELETE FROM receive_lines WHERE record_id = $1', [id])).rejects.toThrow(refused);
    // A draft's lines are the draft's to change.
    const draft = await admin.post('/api/receive-records', delivery(61));
    const changed = await pool.query('UPDATE receive_lines SET line_no = line_no WHERE record_id = $1', [
      draft.json().id,
    ]);
    expect(changed.rowCount).toBe(1);
  });

  it('logs a record saved and posted at once as drafted then posted, as saving and posting apart does', async () => {
    type View = { id: string; lines: Record<string, unknown>[] } & Record<string, unknown>;
    const trail = async (id: string) =>
      (
        await ctx.database.db.execute<{ action: string; before: View | null; after: View }>(
          sql`SELECT action, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY created_at, id`,
        )
      ).rows;
    // What a posted record was as a draft: posting sets the status, the time, the version and the lots.
    const asDraft = (v: View) => ({
      ...v,
      status: 'draft',
      posted_at: null,
      version: 1,
      lines: v.lines.map((l) => ({ ...l, lot: null })),
    });
    const atOnce = (await admin.post('/api/receive-records?post=true', delivery(70))).json();
    const draft = (await admin.post('/api/receive-records', delivery(70))).json();
    const apart = (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
    for (const posted of [atOnce, apart]) {
      const [created, postedRow, ...rest] = await trail(posted.id);
      expect(rest).toEqual([]);
      expect([created?.action, postedRow?.action]).toEqual([
        'receive_record.created',
        'receive_record.updated',
      ]);
      expect(postedRow?.after).toEqual(posted);
      expect(postedRow?.before).toEqual(created?.after);
      expect(created?.after).toEqual(asDraft(posted));
    }
    // The draft logged for the two requests is the one the first of them answered.
    expect(asDraft(apart)).toEqual(draft);
  });

  it('writes weights in its activity entries as the pages do (grouped, to the gram)', async () => {
    const posted = (await admin.post('/api/receive-records?post=true', delivery(1689.5))).json();
    expect(posted.total_net_kg).toBe('1688.500');
    const entries = (await admin.get(`/api/dashboard/user-transactions?limit=5&q=${posted.number}`)).json()
      .items;
    expect(entries.map((e: { description: string }) => e.description)).toContain(
      `Posted receive record ${posted.number}: ${formatKg(posted.total_net_kg)}`,
    );
    expect(formatKg(posted.total_net_kg)).toBe('1,688.5 kg');
    for (const kg of ['0', '0.5', '-2.5', '1000', '1234567.125', '999999999.999', '-0.0004']) {
      const { rows } = await ctx.database.pool.query<{ text: string }>('SELECT pt_kg($1::numeric) AS text', [
        kg,
      ]);
      expect(rows[0]?.text, kg).toBe(formatKg(kg));
    }
  });

  it('posts a batch record by record: one bad record is refused and the rest post', async () => {
    const records = [
      { ...delivery(10), idempotency_key: 'b-1' },
      { ...delivery(20, { supplier_id: '00000000-0000-4000-8000-000000000000' }), idempotency_key: 'b-2' },
      { ...delivery(30), idempotency_key: 'b-3' },
      { ...delivery(40, { lines: [{ material_id: ids.pet, gross_kg: 5, tare_kg: 5, unit_price: 1 }] }) },
    ];
    const res = await admin.post('/api/receive-records/batch', { records });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ posted: 2, refused: 2 });
    expect(body.results.map((r: { status: number }) => r.status)).toEqual([201, 404, 201, 400]);
    expect(body.results[1].error).toMatchObject({
      code: 'not_found',
      details: { fields: { 'body.supplier_id': 'Supplier not found or archived' } },
    });
    expect(body.results[3].error.details.fields).toEqual({
      'body.lines.0.tare_kg': 'Tare must be less than gross',
    });
    expect(body.results[0].record).toMatchObject({ status: 'posted', total_net_kg: '9.000' });
    // Nothing of a refused record was saved; a retried batch posts nothing twice.
    const numbers = new Set(
      body.results.flatMap((r: { record: { number: string } | null }) => r.record?.number ?? []),
    );
    const retried = (await admin.post('/api/receive-records/batch', { records: records.slice(0, 3) })).json();
    expect(retried.results[0].record).toEqual(body.results[0].record);
    expect(retried.results[2].record).toEqual(body.results[2].record);
    expect(
      new Set(retried.results.flatMap((r: { record: { number: string } | null }) => r.record?.number ?? [])),
    ).toEqual(numbers);
  });

  it('refuses a batch of more than 500 records, and an empty one', async () => {
    const many = Array.from({ length: 501 }, () => delivery(1));
    expect((await admin.post('/api/receive-records/batch', { records: many })).statusCode).toBe(400);
    expect((await admin.post('/api/receive-records/batch', { records: [] })).statusCode).toBe(400);
  });

  it('sends concurrent creates of one organization as one call, each answered as it would be alone', async () => {
    const db = ctx.database.db;
    const users = await db.execute<{ id: string; email: string }>(
      sql`SELECT id, email FROM users WHERE email IN ('admin.posting@demo.plastrace.ph', 'manager.posting@demo.plastrace.ph')`,
    );
    const userOf = (who: string) => users.rows.find((u) => u.email.startsWith(who))?.id ?? '';
    const org = (
      await db.execute<{ id: string }>(
        sql`SELECT organization_id AS id FROM facilities WHERE id = ${ids.facility}`,
      )
    ).rows[0]?.id as string;
    const before = await counters();
    const call = (
      user: string,
      kg: number,
      post: boolean,
      key?: string,
      extra: Record<string, unknown> = {},
    ) =>
      createRecord<{ id: string; number: string; status: string }>(db, {
        organization_id: org,
        user_id: userOf(user),
        route: 'receive-records:create',
        key,
        hash: `group-${kg}-${post}`,
        post,
        record: delivery(kg, extra),
      });
    // Two calls may run at once; the five made meanwhile wait for one of them and go together.
    const [a, b, manager, draft, refused, keyed, again] = await Promise.all([
      call('admin', 11, true),
      call('admin', 12, true),
      call('manager', 13, true),
      call('admin', 14, false),
      call('admin', 15, true, undefined, { supplier_id: '00000000-0000-4000-8000-000000000000' }),
      call('admin', 16, true, 'group-key'),
      call('admin', 16, true, 'group-key'),
    ]);
    expect(refused).toMatchObject({
      status: 404,
      error: {
        message: 'Supplier not found',
        details: { fields: { 'body.supplier_id': 'Supplier not found or archived' } },
      },
    });
    expect(draft).toMatchObject({ status: 201, body: { status: 'draft' } });
    // The same Idempotency-Key twice: never in one call, so one of them answers with the other's answer.
    expect(again).toEqual(keyed);
    const bodyOf = (o: unknown) => (o as { body: { id: string; number: string } }).body;
    const made = [a, b, manager, draft, keyed].map(bodyOf);
    const numbers = made.map((r) => Number(r.number.split('-')[2])).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((i) => before.receive + i));
    for (const r of made) {
      expect((await admin.get(`/api/receive-records/${r.id}`)).json()).toEqual(r);
    }
    const rows = await db.execute<{ id: string; created_at: string; actor: string }>(
      sql`SELECT r.id, r.created_at::text, a.actor_user_id AS actor FROM receive_records r
          JOIN audit_log a ON a.entity_id = r.id::text AND a.action = 'receive_record.created'
          WHERE r.id IN (${sql.join(
            made.map((r) => sql`${r.id}::uuid`),
            sql`, `,
          )})`,
    );
    const of = (o: unknown) => rows.rows.find((x) => x.id === bodyOf(o).id);
    // Each record is logged as its own user's; the grouped ones committed in one transaction.
    expect(of(manager)?.actor).toBe(userOf('manager'));
    expect(of(draft)?.actor).toBe(userOf('admin'));
    expect(of(manager)?.created_at).toBe(of(draft)?.created_at);
  });

  it('posts concurrent drafts together too, each answered as it would be alone', async () => {
    const db = ctx.database.db;
    const drafts = [];
    for (const kg of [21, 22, 23, 24, 25])
      drafts.push((await admin.post('/api/receive-records', delivery(kg))).json());
    const [d1, d2, d3, d4, d5] = drafts as [
      { id: string; number: string },
      ...{ id: string; number: string }[],
    ];
    const org = (
      await db.execute<{ id: string }>(
        sql`SELECT organization_id AS id FROM receive_records WHERE id = ${d1.id}`,
      )
    ).rows[0]?.id as string;
    const user = (
      await db.execute<{ id: string }>(sql`SELECT created_by AS id FROM receive_records WHERE id = ${d1.id}`)
    ).rows[0]?.id as string;
    const before = await counters();
    const post = (id: string, key?: string) =>
      postRecord<{ id: string; status: string; lines: { lot: { code: string } }[] }>(db, {
        organization_id: org,
        user_id: user,
        route: `receive-records:post:${id}`,
        key,
        hash: `post-${id}`,
        id,
      });
    // Two run at once; the others wait and go together — but for a second use of a key, which waits for
    // the next call (and may find the first one's answer there, or win the key and answer it itself).
    const answers = await Promise.all([
      post(d1.id),
      post(d2?.id ?? ''),
      post(d3?.id ?? ''),
      post(d3?.id ?? '', 'second-try'),
      post(d5?.id ?? ''),
      post(d4?.id ?? '', 'post-key'),
      post(d4?.id ?? '', 'post-key'),
      post('00000000-0000-4000-8000-000000000000'),
    ]);
    const [p1, p2, p3, again, p5, p4, replay, missing] = answers;
    for (const posted of [p1, p2, p3, p4, p5])
      expect(posted).toMatchObject({ status: 200, body: { status: 'posted' } });
    // The same draft twice in one call: the second is refused as it would be after the first.
    expect(again).toMatchObject({ status: 422, error: { message: 'This record is already posted.' } });
    expect(replay).toEqual(p4);
    expect(missing).toMatchObject({ status: 404, error: { message: 'Receive record not found' } });
    const lots = [p1, p2, p3, p4, p5]
      .map((o) =>
        Number((o as { body: { lines: { lot: { code: string } }[] } }).body.lines[0]?.lot.code.split('-')[2]),
      )
      .sort((a, b) => a - b);
    expect(lots).toEqual([1, 2, 3, 4, 5].map((i) => before.lot + i));
    for (const o of [p1, p2, p3, p4, p5]) {
      const body = (o as { body: { id: string } }).body;
      expect((await admin.get(`/api/receive-records/${body.id}`)).json()).toEqual(body);
    }
    // Those that waited were posted in one transaction: at the same moment, to the microsecond.
    const times = await db.execute<{ at: string }>(
      sql`SELECT DISTINCT posted_at::text AS at FROM receive_records WHERE id IN (${d3?.id}::uuid, ${d5?.id}::uuid)`,
    );
    expect(times.rows).toHaveLength(1);
  });

  it('numbers 200 concurrent posts without a gap or a duplicate', async () => {
    const before = await counters();
    const res = await Promise.all(
      Array.from({ length: 200 }, (_, i) => admin.post('/api/receive-records?post=true', delivery(10 + i))),
    );
    expect(res.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const numbers = res.map((r) => Number(r.json().number.split('-')[2])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => before.receive + 1 + i));
    const lots = res.map((r) => Number(r.json().lines[0].lot.code.split('-')[2])).sort((a, b) => a - b);
    expect(lots).toEqual(Array.from({ length: 200 }, (_, i) => before.lot + 1 + i));
  }, 120_000);
});

/** The last record number of 2026 and the last lot number of MNL1 on 10 November. */
async function counters() {
  const { rows } = await ctx.database.db.execute<{ name: string; value: string }>(
    sql`SELECT name, value::text FROM counters WHERE name IN ('receive:2026', 'lot:MNL1:261110')
        AND organization_id = (SELECT organization_id FROM facilities WHERE id = ${ids.facility})`,
  );
  const of = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return { receive: of('receive:2026'), lot: of('lot:MNL1:261110') };
}
