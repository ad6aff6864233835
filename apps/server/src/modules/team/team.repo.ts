import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { invitations, memberships, organizations, suppliers, users } from '../../db/schema/index.ts';
import { containsPattern, olderThan } from '../../lib/sql.ts';
import { forgetSessions } from '../../plugins/session-cache.ts';

type Handle = Db | Tx;
type Cursor = [string, string];

// ---- invitations ----

const invitationColumns = {
  invitation: invitations,
  supplierName: suppliers.name,
  invitedByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

const statusCondition: Record<InvitationStatus, () => SQL | undefined> = {
  accepted: () => isNotNull(invitations.acceptedAt),
  revoked: () => and(isNull(invitations.acceptedAt), isNotNull(invitations.revokedAt)),
  expired: () =>
    and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), lte(invitations.expiresAt, dbNow)),
  pending: () =>
    and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, dbNow)),
};

export function listInvitations(
  db: Handle,
  orgId: string,
  f: { limit: number; after?: Cursor; status?: InvitationStatus; q?: string },
) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .leftJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .where(
      and(
        eq(invitations.organizationId, orgId),
        f.status ? statusCondition[f.status]() : undefined,
        f.q ? ilike(invitations.email, containsPattern(f.q)) : undefined,
        f.after ? olderThan(invitations.createdAt, invitations.id, f.after) : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(f.limit);
}

export async function getInvitation(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .leftJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)));
  return row;
}

export async function findInvitationByToken(db: Handle, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      supplierName: suppliers.name,
      organizationName: organizations.name,
      // The invited email has an account already: the invitee joins by signing in instead.
      existingAccount: sql<boolean>`exists (select 1 from ${users} where ${users.email} = ${invitations.email})`,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

export async function pendingInvitationFor(db: Handle, orgId: string, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.organizationId, orgId), eq(invitations.email, email), statusCondition.pending()),
    );
  return row;
}

export async function insertInvitation(tx: Handle, values: typeof invitations.$inferInsert) {
  const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

/** Claims a usable invitation in one statement: of concurrent acceptances exactly one gets the row. */
export async function claimInvitation(tx: Handle, tokenHash: string) {
  const [row] = await tx
    .update(invitations)
    .set({ acceptedAt: dbNow, updatedAt: dbNow })
    .where(and(eq(invitations.tokenHash, tokenHash), statusCondition.pending()))
    .returning();
  return row;
}

export async function updateInvitation(
  tx: Handle,
  orgId: string,
  id: string,
  values: PgUpdateSetSource<typeof invitations>,
) {
  await tx
    .update(invitations)
    .set({ ...values, updatedAt: dbNow })
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)));
}

export async function supplierInOrg(db: Handle, orgId: string, supplierId: string) {
  const [row] = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      and(eq(suppliers.organizationId, orgId), eq(suppliers.id, supplierId), isNull(suppliers.archivedAt)),
    );
  return row;
}

// ---- members ----

const memberColumns = { membership: memberships, user: users, supplierName: suppliers.name };

export function listMembers(
  db: Handle,
  orgId: string,
  f: { limit: number; after?: Cursor; role?: string; status?: string; q?: string },
) {
  const p = f.q ? containsPattern(f.q) : undefined;
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(suppliers, eq(suppliers.id, memberships.supplierId))
    .where(
      and(
        eq(memberships.organizationId, orgId),
        f.role ? eq(memberships.role, f.role as 'admin') : undefined,
        f.status ? eq(memberships.status, f.status as 'active') : undefined,
        p
          ? or(ilike(users.email, p), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p))
          : undefined,
        f.after ? olderThan(memberships.createdAt, memberships.id, f.after) : undefined,
      ),
    )
    .orderBy(desc(memberships.createdAt), desc(memberships.id))
    .limit(f.limit);
}

export async function getMember(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(suppliers, eq(suppliers.id, memberships.supplierId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.id, id)));
  return row;
}

export async function memberByEmail(db: Handle, orgId: string, email: string) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(users.email, email)));
  return row;
}

/** Locks the organization's active admins, so two concurrent demotions cannot remove the last one. */
export async function lockActiveAdmins(tx: Tx, orgId: string) {
  return tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, orgId),
        eq(memberships.role, 'admin'),
        eq(memberships.status, 'active'),
      ),
    )
    .for('update');
}

/** Applies a change if the version still matches; undefined means someone changed it first. */
export async function updateMember(
  tx: Handle,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<typeof memberships.$inferInsert>,
) {
  forgetSessions(); // a new role or status applies to the member's next request
  const [row] = await tx
    .update(memberships)
    .set({ ...values, updatedAt: dbNow, version: sql`${memberships.version} + 1` })
    .where(
      and(
        eq(memberships.organizationId, orgId),
        eq(memberships.id, id),
        version === undefined ? undefined : eq(memberships.version, version),
      ),
    )
    .returning({ id: memberships.id });
  return row;
}
