import { createHmac, randomBytes } from 'node:crypto';
import type { ContactTopic } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { consume, LIMITS } from '../security/rate-limit.ts';
import { audit, secret } from '../security/security.repo.ts';
import * as mails from './contact.mails.ts';
import * as repo from './contact.repo.ts';

export type ContactInput = {
  name: string;
  email: string;
  organization?: string | null;
  topic: ContactTopic;
  message: string;
};

export const CONTACT_RECEIVED =
  'Thank you! Your message has been sent. We have emailed you a receipt and will reply to that address.';

/** A short handle for people: the random tail of the UUIDv7 (its head is only the time). */
export const referenceOf = (id: string) => `PT-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;

/**
 * The sender's address is kept only as an HMAC with a server secret: it links messages from one source
 * when the form is abused, but cannot be reversed. A plain SHA-256 would not do: every IPv4 address
 * can be hashed in minutes.
 */
async function hashAddress(ctx: AppContext, ip: string): Promise<string> {
  const key = await secret(ctx.db, 'contact-ip', () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', key).update(ip).digest('base64url');
}

/** Stores a contact-form message and queues it to support, with a receipt to the sender, in one transaction. */
export async function submit(
  ctx: AppContext,
  supportEmail: string,
  input: ContactInput,
  client: { ip: string },
): Promise<{ reference: string; message: string }> {
  await consume(ctx.db, LIMITS.contactPerIp, client.ip);
  await consume(ctx.db, LIMITS.contactPerEmail, input.email);
  const ipHash = await hashAddress(ctx, client.ip);
  const reference = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertMessage(tx, {
      name: input.name,
      email: input.email,
      organization: input.organization || null,
      topic: input.topic,
      message: input.message,
      ipHash,
    });
    const ref = referenceOf(row.id);
    await enqueue(tx, mails.toSupport(supportEmail, row, ref));
    await enqueue(tx, mails.acknowledgement(row, ref));
    // The audit trail is append-only, so it gets no personal data: the message row can still be erased.
    await audit(tx, {
      organizationId: null,
      actorUserId: null,
      action: 'contact.message',
      entityType: 'contact_message',
      entityId: row.id,
    });
    return ref;
  });
  void ctx.mailer.kick();
  return { reference, message: CONTACT_RECEIVED };
}
