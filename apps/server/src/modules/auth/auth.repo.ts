import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { memberships, oneTimeTokens, organizations, sessions, users } from '../../db/schema/index.ts';
import { forgetSessions } from '../../plugins/session-cache.ts';

type Handle = Db | Tx;
const live = () =>
  and(isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, dbNow), gt(sessions.absoluteExpiresAt, dbNow));

export async function findActiveSession(db: Handle, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      organizationId: sessions.organizationId,
      membershipId: sessions.membershipId,
      lastSeenAt: sessions.lastSeenAt,
      role: memberships.role,
      supplierId: memberships.supplierId,
    })
    .from(sessions)
    .innerJoin(memberships, eq(memberships.id, sessions.membershipId))
    .where(and(eq(sessions.tokenHash, tokenHash), live(), eq(memberships.status, 'active')));
  return row;
}

/**
 * Use of a session slides its idle expiry (capped by the absolute one): the web's 12-hourly refresh
 * alone would end the session of someone who works by day and comes back the next morning.
 */
export async function touchSession(db: Handle, id: string, idleMs: number) {
  await db
    .update(sessions)
    .set({
      lastSeenAt: dbNow,
      idleExpiresAt: sql`least(pt_now() + make_interval(secs => ${idleMs / 1000}), ${sessions.absoluteExpiresAt})`,
    })
    .where(and(eq(sessions.id, id), live()));
}

export async function findUserByEmail(db: Handle, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/**
 * The organization a sign-in lands in: of the active memberships the one signed in to most recently, else
 * the oldest. A deactivated one only when every membership is (so the sign-in can say so).
 */
export async function primaryMembership(db: Handle, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(
      sql`${memberships.status} = 'active' DESC`,
      sql`${memberships.lastSignInAt} DESC NULLS LAST`,
      asc(memberships.createdAt),
      asc(memberships.id),
    )
    .limit(1);
  return row;
}

/** The user's active memberships with their organizations, by organization name. */
export function activeMemberships(db: Handle, userId: string) {
  return db
    .select({
      membershipId: memberships.id,
      organizationId: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function countActiveMemberships(db: Handle, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return row?.n ?? 0;
}

/** The user's active membership of one organization: what a switch may move the session to. */
export async function activeMembershipIn(db: Handle, userId: string, organizationId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
      ),
    );
  return row;
}

/** Any membership (active or not) of the user in one organization. */
export async function membershipIn(db: Handle, userId: string, organizationId: string) {
  const [row] = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  return row;
}

export async function findSession(db: Handle, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export async function insertSession(tx: Handle, values: typeof sessions.$inferInsert) {
  const [row] = await tx.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

export async function extendSession(tx: Handle, id: string, idleExpiresAt: Date) {
  const [row] = await tx
    .update(sessions)
    .set({ idleExpiresAt, refreshedAt: dbNow, lastSeenAt: dbNow })
    .where(and(eq(sessions.id, id), live()))
    .returning({ idleExpiresAt: sessions.idleExpiresAt, absoluteExpiresAt: sessions.absoluteExpiresAt });
  return row;
}

export async function revokeSession(tx: Handle, userId: string, id: string) {
  forgetSessions();
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: dbNow })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user, except one when given (the one changing the password). */
export async function revokeUserSessions(tx: Handle, userId: string, except?: string) {
  forgetSessions();
  await tx
    .update(sessions)
    .set({ revokedAt: dbNow })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.id, except) : undefined,
      ),
    );
}

export async function revokeMembershipSessions(tx: Handle, membershipId: string) {
  forgetSessions();
  await tx
    .update(sessions)
    .set({ revokedAt: dbNow })
    .where(and(eq(sessions.membershipId, membershipId), isNull(sessions.revokedAt)));
}

export function listUserSessions(db: Handle, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live()))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function insertOneTimeToken(tx: Handle, values: typeof oneTimeTokens.$inferInsert) {
  await tx.insert(oneTimeTokens).values(values);
}

/** Marks the token used and returns its user; one statement, so of N concurrent redemptions exactly one wins. */
export async function redeemOneTimeToken(
  tx: Handle,
  tokenHash: string,
  kind: typeof oneTimeTokens.$inferSelect.kind,
) {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: dbNow })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, dbNow),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

export async function updateUser(tx: Handle, id: string, values: PgUpdateSetSource<typeof users>) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: dbNow, version: sql`${users.version} + 1` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertUser(tx: Handle, values: PgInsertValue<typeof users>) {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertOrganization(tx: Handle, values: typeof organizations.$inferInsert) {
  const [row] = await tx.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization insert returned nothing');
  return row;
}

export async function insertMembership(tx: Handle, values: typeof memberships.$inferInsert) {
  const [row] = await tx.insert(memberships).values(values).returning();
  if (!row) throw new Error('membership insert returned nothing');
  return row;
}

export async function markSignedIn(tx: Handle, membershipId: string) {
  await tx.update(memberships).set({ lastSignInAt: dbNow }).where(eq(memberships.id, membershipId));
}

/** The signed-in member as the API shows them: user, membership and organization. */
export async function memberView(db: Handle, membershipId: string) {
  const [row] = await db
    .select({ user: users, membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.id, membershipId));
  return row;
}

export async function findUserById(db: Handle, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Whether the member ever signed in from this address (revoked and expired sessions count too). host()
 * compares as text, so an address PostgreSQL cannot parse is simply unknown rather than an error.
 */
export async function hasSignedInFrom(db: Handle, userId: string, ip: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`host(${sessions.ip}) = ${ip}`))
    .limit(1);
  return rows.length > 0;
}
