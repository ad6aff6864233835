import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { marketSavedSearches as s } from '../../db/schema/market.ts';

// A member's saved searches: every query names the organization and the member, so another member's (or
// another organization's) search is not found.

type Handle = Db | Tx;
type Owner = { orgId: string; userId: string };

const owned = (o: Owner) => and(eq(s.organizationId, o.orgId), eq(s.userId, o.userId));

/** Oldest first; ids are UUIDv7, so the id alone orders by creation and is the page key. */
export function listSearches(h: Handle, o: Owner, f: { limit: number; after?: string }) {
  return h
    .select()
    .from(s)
    .where(and(owned(o), f.after ? gt(s.id, f.after) : undefined))
    .orderBy(asc(s.id))
    .limit(f.limit);
}

export async function getSearch(h: Handle, o: Owner, id: string) {
  const [row] = await h
    .select()
    .from(s)
    .where(and(owned(o), eq(s.id, id)));
  return row;
}

export async function insertSearch(
  tx: Tx,
  o: Owner,
  v: { id: string; name: string; filters: unknown; alert: boolean },
) {
  const [row] = await tx
    .insert(s)
    .values({
      id: v.id,
      organizationId: o.orgId,
      userId: o.userId,
      name: v.name,
      filters: v.filters,
      alert: v.alert,
    })
    .returning();
  if (!row) throw new Error('saved search insert returned nothing');
  return row;
}

/**
 * Changes a search. Turning the alert on (again), or changing the filters, starts from now: the listings
 * of the days it was off are not e-mailed as a backlog.
 */
export async function updateSearch(
  h: Handle,
  o: Owner,
  id: string,
  v: { name?: string; filters?: unknown; alert?: boolean; restart: boolean },
) {
  const [row] = await h
    .update(s)
    .set({
      ...(v.name !== undefined ? { name: v.name } : {}),
      ...(v.filters !== undefined ? { filters: v.filters } : {}),
      ...(v.alert !== undefined ? { alert: v.alert } : {}),
      ...(v.restart ? { alertedThrough: dbNow } : {}),
      updatedAt: dbNow,
    })
    .where(and(owned(o), eq(s.id, id)))
    .returning();
  return row;
}

export async function deleteSearch(h: Handle, o: Owner, id: string) {
  const rows = await h
    .delete(s)
    .where(and(owned(o), eq(s.id, id)))
    .returning({ id: s.id });
  return rows.length > 0;
}
