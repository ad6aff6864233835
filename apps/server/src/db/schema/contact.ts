import { CONTACT_TOPIC_VALUES } from '@plastrace/shared';
import { index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { dbNow, id } from './common.ts';

export const contactTopic = pgEnum('contact_topic', CONTACT_TOPIC_VALUES);

/**
 * Messages from the public contact form. Not keyed by organization: the sender may have no account,
 * and the message belongs to PlasTrace's support, not to any tenant.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text().notNull(),
    /** Stored lower-cased and trimmed, so a data-subject request finds every message of an address. */
    email: text().notNull(),
    organization: text(),
    topic: contactTopic().notNull(),
    message: text().notNull(),
    /** HMAC of the sender's address with a server secret: links abuse from one source, reveals no address. */
    ipHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(dbNow),
  },
  (t) => [index().on(t.email)],
);
