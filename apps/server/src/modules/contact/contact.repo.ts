import type { Tx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type ContactMessage = typeof contactMessages.$inferSelect;

export async function insertMessage(tx: Tx, values: NewContactMessage): Promise<ContactMessage> {
  const [row] = await tx.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message not stored');
  return row;
}
