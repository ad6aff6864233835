import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationKind = 'invitation_accepted' | 'security' | 'market';

export async function notify(
  tx: Tx | Db,
  organizationId: string,
  userId: string,
  kind: NotificationKind,
  title: string,
  body: string,
) {
  await tx.insert(notifications).values({ organizationId, userId, kind, title, body });
}

export function listNotifications(
  db: Db,
  userId: string,
  f: { limit: number; after?: [string, string]; unread?: boolean },
) {
  const n = notifications;
  return db
    .select()
    .from(n)
    .where(
      and(
        eq(n.userId, userId),
        f.unread ? isNull(n.readAt) : undefined,
        f.after
          ? or(
              lt(n.createdAt, new Date(f.after[0])),
              and(eq(n.createdAt, new Date(f.after[0])), lt(n.id, f.after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(f.limit);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one (or, without an id, every) unread notification of the user as read. */
export async function markRead(db: Db, userId: string, id?: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: dbNow })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        id ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
