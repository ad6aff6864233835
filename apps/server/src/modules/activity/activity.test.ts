import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { newOrganization, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

const ctx = useTestApp();

const entry = (userId: string, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  transaction_type: 'QR_CODE_GENERATE',
  description: 'Generated the QR code of receive record RR-0001',
  amount: 1250.5,
  currency: 'PHP',
  status: 'Completed',
  reference_id: 'RR-0001',
  payment_method: 'System',
  metadata: { recordType: 'receive_record' },
  ...extra,
});

async function meId(c: TestClient): Promise<string> {
  return (await c.get('/api/dashboard/users/me')).json().id;
}

/** Adds a member with the given role straight through invitation acceptance. */
async function addMember(admin: TestClient, role: string) {
  const email = uniqueEmail(role);
  await admin.post('/api/invitations', { email, role });
  const [row] = (
    await ctx.database.db.execute<{ id: string }>(sql`SELECT id FROM invitations WHERE email = ${email}`)
  ).rows;
  // The token is only in the email; tests without SMTP set a known token hash instead.
  const { hashToken } = await import('../../lib/tokens.ts');
  await ctx.database.db.execute(
    sql`UPDATE invitations SET token_hash = ${hashToken(`t-${email}`)} WHERE id = ${row?.id}`,
  );
  await (await client(ctx.app)).post('/api/invitations/accept', {
    token: `t-${email}`,
    password: TEST_PASSWORD,
    first_name: 'M',
    last_name: role,
  });
  return (await client(ctx.app)).login(email, TEST_PASSWORD);
}

describe('activity log', () => {
  it('records an entry in PHP and lists it newest first', async () => {
    const { admin } = await newOrganization(ctx.app);
    const id = await meId(admin);
    const res = await admin.post('/api/dashboard/user-transactions', entry(id));
    expect(res.statusCode).toBe(201);
    await admin.post(
      '/api/dashboard/user-transactions',
      entry(id, { transaction_type: 'LOGIN', description: 'Signed in', amount: undefined }),
    );
    const list = (await admin.get('/api/dashboard/user-transactions')).json();
    expect(list.items.map((i: { transaction_type: string }) => i.transaction_type)).toEqual([
      'LOGIN',
      'QR_CODE_GENERATE',
    ]);
    expect(list.items[1]).toMatchObject({
      source: 'client',
      amount: '1250.50',
      currency: 'PHP',
      status: 'Completed',
      user_name: 'Ada Admin',
      metadata: { recordType: 'receive_record' },
    });
    expect(list.items[0].amount).toBe('0.00');
    const one = await admin.get(`/api/dashboard/user-transactions/${res.json().id}`);
    expect(one.json().reference_id).toBe('RR-0001');
  });

  it('takes from clients only the events clients report; the server’s own entries say so', async () => {
    const { admin } = await newOrganization(ctx.app);
    const id = await meId(admin);
    for (const type of ['CREATE_RECORD', 'UPDATE_RECORD', 'DELETE_RECORD']) {
      const forged = await admin.post(
        '/api/dashboard/user-transactions',
        entry(id, { transaction_type: type }),
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.json().details.fields['body.transaction_type']).toContain('Clients may report only');
    }
    // A change made through the API is logged by the server, as part of the change.
    await admin.post('/api/facilities', { code: 'F1', name: 'Plant', type: 'mrf', city: 'Manila' });
    const items = (await admin.get('/api/dashboard/user-transactions')).json().items;
    expect(items).toContainEqual(
      expect.objectContaining({ transaction_type: 'CREATE_RECORD', source: 'server' }),
    );
    expect(items.filter((i: { source: string }) => i.source === 'client')).toEqual([]);
  });

  it('refuses amounts beyond what the log holds, and NUL characters, as field errors', async () => {
    const { admin } = await newOrganization(ctx.app);
    const id = await meId(admin);
    const huge = await admin.post('/api/dashboard/user-transactions', entry(id, { amount: 1e15 }));
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json().details.fields)).toEqual(['body.amount']);
    const nul = await admin.post('/api/dashboard/user-transactions', entry(id, { description: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().details.fields)).toEqual(['body.description']);
  });

  it('refuses entries for someone else, other currencies and unknown types', async () => {
    const { admin } = await newOrganization(ctx.app);
    const other = await newOrganization(ctx.app);
    const theirs = await admin.post('/api/dashboard/user-transactions', entry(await meId(other.admin)));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('forbidden');
    const id = await meId(admin);
    expect(
      (await admin.post('/api/dashboard/user-transactions', entry(id, { currency: 'USD' }))).statusCode,
    ).toBe(400);
    expect(
      (await admin.post('/api/dashboard/user-transactions', entry(id, { transaction_type: 'HACK' })))
        .statusCode,
    ).toBe(400);
  });

  it('filters by type, text and date, and pages with a cursor', async () => {
    const { admin } = await newOrganization(ctx.app);
    const id = await meId(admin);
    for (let i = 0; i < 7; i++)
      await admin.post(
        '/api/dashboard/user-transactions',
        entry(id, { description: `Export ${i}`, transaction_type: 'EXPORT_DATA' }),
      );
    await admin.post(
      '/api/dashboard/user-transactions',
      entry(id, { description: 'Changed settings', transaction_type: 'UPDATE_SETTINGS' }),
    );
    const exports = (await admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA&limit=5')).json();
    expect(exports.items).toHaveLength(5);
    const rest = (
      await admin.get(
        `/api/dashboard/user-transactions?type=EXPORT_DATA&limit=5&cursor=${exports.next_cursor}`,
      )
    ).json();
    expect(rest.items).toHaveLength(2);
    expect(rest.next_cursor).toBeNull();
    const text = (await admin.get('/api/dashboard/user-transactions?q=settings')).json();
    expect(text.items.map((i: { description: string }) => i.description)).toEqual(['Changed settings']);
    const future = (await admin.get('/api/dashboard/user-transactions?from=2999-01-01')).json();
    expect(future.items).toEqual([]);
  });

  it('shows operators only their own entries; managers and auditors everyone’s', async () => {
    const { admin } = await newOrganization(ctx.app);
    await admin.post(
      '/api/dashboard/user-transactions',
      entry(await meId(admin), { description: 'admin did this' }),
    );
    const operator = await addMember(admin, 'operator');
    await operator.post(
      '/api/dashboard/user-transactions',
      entry(await meId(operator), { description: 'operator did this' }),
    );
    const own = (await operator.get('/api/dashboard/user-transactions')).json();
    expect(own.items.map((i: { description: string }) => i.description)).toEqual(['operator did this']);
    expect(
      (await operator.get(`/api/dashboard/user-transactions?user_id=${await meId(admin)}`)).statusCode,
    ).toBe(403);
    const adminEntry = (await admin.get('/api/dashboard/user-transactions?q=admin%20did')).json().items[0];
    expect((await operator.get(`/api/dashboard/user-transactions/${adminEntry.id}`)).statusCode).toBe(404);
    const auditor = await addMember(admin, 'auditor');
    expect(
      (await auditor.get('/api/dashboard/user-transactions')).json().items.length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('keeps organizations apart', async () => {
    const a = await newOrganization(ctx.app);
    const b = await newOrganization(ctx.app);
    const created = (
      await a.admin.post('/api/dashboard/user-transactions', entry(await meId(a.admin)))
    ).json();
    expect((await b.admin.get(`/api/dashboard/user-transactions/${created.id}`)).statusCode).toBe(404);
    expect((await b.admin.get('/api/dashboard/user-transactions')).json().items).toEqual([]);
  });

  it('exports CSV and logs the export', async () => {
    const { admin } = await newOrganization(ctx.app);
    await admin.post(
      '/api/dashboard/user-transactions',
      entry(await meId(admin), { description: '=cmd|calc, "quoted"' }),
    );
    const res = await admin.get('/api/dashboard/user-transactions/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')[0]).toBe(
      'created_at,user,type,source,description,amount,currency,status,reference_id,payment_method',
    );
    expect(res.body).toContain(`"'=cmd|calc, ""quoted"""`);
    const log = (await admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA')).json();
    expect(log.items[0].metadata).toMatchObject({
      dataType: 'user_transactions',
      format: 'csv',
      recordCount: 1,
    });
  });

  it('is append-only in the database, even for the tables’ owner, and cannot be truncated', async () => {
    const { admin } = await newOrganization(ctx.app);
    await admin.post('/api/dashboard/user-transactions', entry(await meId(admin)));
    // The app's own role may not change or remove rows at all…
    for (const statement of [
      'UPDATE user_transactions SET amount = 0',
      'DELETE FROM user_transactions',
      'TRUNCATE user_transactions',
      'TRUNCATE audit_log',
      'TRUNCATE stock_movements',
      'TRUNCATE supplier_ledger',
      'ALTER TABLE user_transactions DISABLE TRIGGER user_transactions_append_only',
    ])
      await expect(ctx.database.pool.query(statement), statement).rejects.toThrow(
        /permission denied|must be owner/,
      );
    // …and the owner (who runs the migrations) is stopped by the triggers.
    const owner = new pg.Client({ connectionString: ctx.database.url });
    await owner.connect();
    try {
      await expect(owner.query('UPDATE user_transactions SET amount = 0')).rejects.toThrow(/append-only/);
      await expect(owner.query('DELETE FROM user_transactions')).rejects.toThrow(/append-only/);
      for (const table of ['user_transactions', 'audit_log', 'stock_movements', 'supplier_ledger'])
        await expect(owner.query(`TRUNCATE ${table} CASCADE`), table).rejects.toThrow(/append-only/);
    } finally {
      await owner.end();
    }
    expect((await admin.get('/api/dashboard/user-transactions')).json().items).toHaveLength(1);
  });

  it('needs a session', async () => {
    const anon = await client(ctx.app);
    expect((await anon.get('/api/dashboard/user-transactions')).statusCode).toBe(401);
  });
});
