import { DEFAULT_TIME_ZONE, type PAYMENT_METHODS } from '@plastrace/shared';
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { invitations, memberships, organizations, suppliers } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';

export async function getOrganization(db: Db | Tx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** The zone every date of the organization is shown and counted in (its days, its years). */
export async function timeZoneOf(db: Db | Tx, id: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.timeZone || DEFAULT_TIME_ZONE;
}

export async function updateOrganization(
  tx: Tx,
  id: string,
  version: number,
  values: Pick<
    typeof organizations.$inferInsert,
    | 'name'
    | 'defaultCurrency'
    | 'timeZone'
    | 'eprLicense'
    | 'massBalanceTolerancePct'
    | 'electricityTariffPhp'
    | 'weighingTolerancePct'
    | 'gs1CompanyPrefix'
  >,
) {
  const [row] = await tx
    .update(organizations)
    .set({ ...values, updatedAt: dbNow, version: sql`${organizations.version} + 1` })
    .where(and(eq(organizations.id, id), eq(organizations.version, version)))
    .returning();
  return row;
}

export async function membersByRole(db: Db, orgId: string) {
  return db
    .select({ role: memberships.role, n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.status, 'active')))
    .groupBy(memberships.role);
}

export async function pendingInvitationCount(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, dbNow),
      ),
    );
  return row?.n ?? 0;
}

/** A short supplier list for pickers (the invitation form's supplier link). */
export function searchSuppliers(db: Db, orgId: string, q: string | undefined, limit: number) {
  const p = q ? containsPattern(q) : undefined;
  return db
    .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name, type: suppliers.type })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.organizationId, orgId),
        isNull(suppliers.archivedAt),
        p ? or(ilike(suppliers.name, p), ilike(suppliers.code, p)) : undefined,
      ),
    )
    .orderBy(asc(suppliers.name))
    .limit(limit);
}

/** A supplier member's own figures for the dashboard: this month in the organization's days. */
export async function supplierFigures(db: Db, orgId: string, supplierId: string, timeZone: string) {
  const { rows } = await db.execute<{
    deliveries: number;
    net_kg: string;
    amount: string;
    balance: string;
  }>(sql`
    WITH month AS (
      SELECT (date_trunc('month', pt_now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone}) AS start
    ), delivered AS (
      SELECT r.id, l.net_kg, l.amount FROM receive_records r
      JOIN receive_lines l ON l.record_id = r.id
      WHERE r.organization_id = ${orgId} AND r.supplier_id = ${supplierId} AND r.status = 'posted'
        AND r.received_at >= (SELECT start FROM month)
    )
    SELECT (SELECT count(DISTINCT id)::int FROM delivered) AS deliveries,
           (SELECT coalesce(sum(net_kg), 0)::text FROM delivered) AS net_kg,
           (SELECT coalesce(sum(amount), 0)::text FROM delivered) AS amount,
           (SELECT coalesce(sum(amount), 0)::text FROM supplier_ledger
             WHERE organization_id = ${orgId} AND supplier_id = ${supplierId}) AS balance`);
  return rows[0] ?? { deliveries: 0, net_kg: '0', amount: '0', balance: '0' };
}

export async function supplierRecentDeliveries(db: Db, orgId: string, supplierId: string, limit: number) {
  const { rows } = await db.execute<{
    id: string;
    number: string;
    status: 'draft' | 'posted' | 'voided';
    received_at: Date;
    net_kg: string;
    amount: string;
    avg_price_per_kg: string;
  }>(sql`
    SELECT r.id, r.number, r.status, r.received_at,
           sum(l.net_kg)::text AS net_kg, sum(l.amount)::text AS amount,
           CASE WHEN sum(l.payable_kg) > 0 THEN round(sum(l.amount) / sum(l.payable_kg), 2)::text ELSE '0.00' END
             AS avg_price_per_kg
    FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
    WHERE r.organization_id = ${orgId} AND r.supplier_id = ${supplierId} AND r.status <> 'draft'
    GROUP BY r.id ORDER BY r.received_at DESC, r.id DESC LIMIT ${limit}`);
  return rows;
}

export async function supplierRecentPayments(db: Db, orgId: string, supplierId: string, limit: number) {
  const { rows } = await db.execute<{
    id: string;
    kind: 'payment' | 'advance' | 'payment_reversal';
    amount: string;
    method: (typeof PAYMENT_METHODS)[number] | null;
    reference: string | null;
    posted_at: Date;
  }>(sql`
    SELECT id, kind, abs(amount)::text AS amount, method::text AS method, reference, posted_at
    FROM supplier_ledger
    WHERE organization_id = ${orgId} AND supplier_id = ${supplierId}
      AND kind IN ('payment', 'advance', 'payment_reversal')
    ORDER BY posted_at DESC, id DESC LIMIT ${limit}`);
  return rows;
}

/**
 * pt_assert_books_open: share-locks the organization's "books closed through" day and raises PT422 if
 * `at` falls on or before it; moving the date waits until the postings that checked it commit.
 */
export async function assertBooksOpen(tx: Tx, orgId: string, at: Date, what: string): Promise<void> {
  await tx.execute(sql`SELECT pt_assert_books_open(${orgId}, ${at.toISOString()}::timestamptz, ${what})`);
}

export async function setBooksClosedThrough(tx: Tx, orgId: string, day: string | null) {
  const [row] = await tx
    .update(organizations)
    .set({ booksClosedThrough: day, updatedAt: dbNow, version: sql`${organizations.version} + 1` })
    .where(eq(organizations.id, orgId))
    .returning();
  return row;
}
