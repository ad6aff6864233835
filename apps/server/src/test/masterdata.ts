import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../seed/data.ts';
import { seedDemo } from '../seed/demo.ts';
import type { TestContext } from './app.ts';
import { client, type TestClient } from './http.ts';

const ROLES = ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const;

/**
 * A demo organization (5 facilities, 13 suppliers, 11 materials, 6 months of prices) with one signed-in
 * client per role; the supplier member belongs to the first supplier (SUP-0001). One per test file.
 */
export async function seededOrganization(ctx: TestContext, slug: string) {
  const seeded = await seedDemo(ctx.database.db, { seed: 7, slug, asOf: new Date('2026-11-01T00:00:00Z') });
  const members = await Promise.all(
    ROLES.map(async (role) =>
      (await client(ctx.app)).login(`${role}.${slug}@demo.plastrace.ph`, DEMO_PASSWORD),
    ),
  );
  const [admin, manager, operator, auditor, supplier] = members as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  return { organizationId: seeded.organizationId, admin, manager, operator, auditor, supplier };
}

/** Activity-log descriptions matching `q`, newest first. */
export async function activity(c: TestClient, q: string): Promise<string[]> {
  const res = await c.get(`/api/dashboard/user-transactions?limit=200&q=${encodeURIComponent(q)}`);
  return res.json().items.map((i: { description: string }) => i.description);
}

/** The audit actions written for one record, oldest first. */
export async function auditActions(ctx: TestContext, entityId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((r) => r.action);
}

/** Follows next_cursor to the end and returns every item, failing on a repeated id. */
export async function allPages<T extends { id: string }>(c: TestClient, url: string): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await c.get(cursor ? `${url}${sep}cursor=${cursor}` : url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { items: T[]; next_cursor: string | null };
    pages.push(body.items);
    cursor = body.next_cursor;
  } while (cursor && pages.length < 100);
  const ids = pages.flat().map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${url}: a row appeared on two pages`);
  return pages;
}
