import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

// "Books closed through": once a period's statements are sent, nothing dated in it may be posted.

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let draft: (receivedAt: string) => Promise<string>;
let supplierId: string;

const close = (through: string | null, reason = 'October statements sent', who = org.admin) =>
  who.request('PUT', '/api/organization/books-closed', { through, reason });

beforeAll(async () => {
  org = await seededOrganization(ctx, 'books');
  const db = ctx.database.db;
  const [fac] = await db.select().from(facilities).where(eq(facilities.organizationId, org.organizationId));
  const [mat] = await db.select().from(materials).where(eq(materials.organizationId, org.organizationId));
  const [sup] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.organizationId, org.organizationId))
    .orderBy(asc(suppliers.code));
  supplierId = sup?.id ?? '';
  draft = async (receivedAt) => {
    const res = await org.operator.post('/api/receive-records', {
      supplier_id: supplierId,
      facility_id: fac?.id,
      received_at: receivedAt,
      lines: [{ material_id: mat?.id, gross_kg: 10, unit_price: '10.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
});

describe('books closed', () => {
  it('refuses postings dated on or before the day, in the organization’s days, and takes later ones', async () => {
    const lastOfMonth = await draft('2026-10-31T23:30:00+08:00'); // 31 October in Manila, 15:30 UTC
    const firstOfNext = await draft('2026-10-31T16:30:00Z'); // 1 November in Manila
    const closed = await close('2026-10-31');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().books_closed_through).toBe('2026-10-31');

    const refused = await org.operator.post(`/api/receive-records/${lastOfMonth}/post`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^The books are closed through 2026-10-31/);
    expect(refused.json().details).toEqual({ books_closed_through: '2026-10-31' });
    expect((await org.operator.get(`/api/receive-records/${lastOfMonth}`)).json().status).toBe('draft');
    expect((await org.operator.post(`/api/receive-records/${firstOfNext}/post`)).statusCode).toBe(200);

    const backdated = await org.manager.post('/api/supplier-ledger/payments', {
      supplier_id: supplierId,
      amount: '1.00',
      method: 'cash',
      paid_at: '2026-10-15T09:00:00+08:00',
    });
    expect(backdated.statusCode).toBe(422);
    // Payments, lot moves and counts are checked by the same database rule as receive records.
    expect(backdated.json()).toMatchObject({
      message:
        'The books are closed through 2026-10-31: A payment dated 2026-10-15 cannot be posted. Post a correction on a later date, or ask an administrator to reopen the period.',
      details: { books_closed_through: '2026-10-31' },
    });
    expect(
      (
        await org.manager.post('/api/supplier-ledger/payments', {
          supplier_id: supplierId,
          amount: '1.00',
          method: 'cash',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('is moved only by administrators, to a past day, with a reason, and audited', async () => {
    for (const who of [org.manager, org.operator, org.auditor, org.supplier])
      expect((await close('2026-09-30', 'not mine', who)).statusCode).toBe(403);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await close(tomorrow);
    expect(future.statusCode).toBe(400);
    expect(future.json().details.fields['body.through']).toMatch(/past day/);
    expect((await close('2026-09-30', '')).statusCode).toBe(400);
    expect((await close('0000-01-01')).statusCode).toBe(400);

    expect((await close('2026-10-30', 'October statements sent')).statusCode).toBe(200);
    const reopened = await close('2026-09-30', 'Correcting a September delivery');
    expect(reopened.statusCode).toBe(200);
    expect((await org.admin.get('/api/organization')).json().books_closed_through).toBe('2026-09-30');
    expect(await activity(org.admin, 'Correcting a September delivery')).toEqual([
      'Reopened the books: closed through 2026-09-30: Correcting a September delivery',
    ]);
    expect(await auditActions(ctx, org.organizationId)).toContain('organization.books_closed');
    expect((await close(null, 'Year-end review done')).json().books_closed_through).toBeNull();
  });
});
