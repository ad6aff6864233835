import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

type Key = { organizationId: string; route: string; key: string };

/** Claims the key; a concurrent claim of the same key waits here until the first transaction ends. */
export async function claim(tx: Tx, k: Key, requestHash: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...k, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

const where = (k: Key) =>
  and(
    eq(idempotencyKeys.organizationId, k.organizationId),
    eq(idempotencyKeys.route, k.route),
    eq(idempotencyKeys.key, k.key),
  );

export async function find(tx: Tx, k: Key) {
  const [row] = await tx.select().from(idempotencyKeys).where(where(k));
  return row;
}

export async function store(tx: Tx, k: Key, statusCode: number, response: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ statusCode, response }).where(where(k));
}
