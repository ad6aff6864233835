import { DEFAULT_TIME_ZONE } from '@plastrace/shared';
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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
  values: Pick<typeof organizations.$inferInsert, 'name' | 'defaultCurrency' | 'timeZone' | 'eprLicense'>,
) {
  const [row] = await tx
    .update(organizations)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${organizations.version} + 1` })
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
        gt(invitations.expiresAt, sql`now()`),
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
