import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { files, outbox } from '../../db/schema/index.ts';

/** `attachmentFileId`: a document in files sent with it (a scheduled report). */
export type Mail = { to: string; subject: string; text: string; html?: string; attachmentFileId?: string };

export async function enqueue(tx: Tx, mail: Mail): Promise<void> {
  await tx.insert(outbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachmentFileId: mail.attachmentFileId,
  });
}

/** A mail's attachment: the file's name, type and bytes. */
export async function attachmentOf(tx: Tx, fileId: string) {
  const [file] = await tx
    .select({ name: files.originalName, mime: files.mime, bytes: files.bytes })
    .from(files)
    .where(eq(files.id, fileId));
  return file;
}

/** Claims unsent mail; SKIP LOCKED lets several instances drain the outbox without sending twice. */
export function claimUnsent(tx: Tx, maxAttempts: number, limit: number) {
  return tx
    .select()
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lt(outbox.attempts, maxAttempts),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, dbNow)),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(tx: Tx, id: string, transport: string): Promise<void> {
  await tx
    .update(outbox)
    .set({ sentAt: dbNow, transport, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, id));
}

/** Counts the failure and holds the mail back for `firstDelayMs` doubled per earlier attempt. */
export async function markFailed(tx: Tx, id: string, error: string, firstDelayMs: number): Promise<void> {
  await tx
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`pt_now() + make_interval(secs => ${firstDelayMs / 1000} * power(2, ${outbox.attempts}))`,
    })
    .where(eq(outbox.id, id));
}

export function latestTo(db: Db, to: string) {
  return db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(asc(outbox.createdAt));
}
