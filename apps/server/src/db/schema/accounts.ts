import { ACTIVITY_SOURCES, MEMBER_ROLES } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dbNow, id, timestamps, version } from './common.ts';
import { suppliers } from './masterdata.ts';
import { organizations } from './organizations.ts';

export const memberRole = pgEnum('member_role', MEMBER_ROLES);
export const memberStatus = pgEnum('member_status', ['active', 'deactivated']);
export const activitySource = pgEnum('activity_source', ACTIVITY_SOURCES);
export const oneTimeTokenKind = pgEnum('one_time_token_kind', [
  'magic_link',
  'email_verification',
  'password_reset',
]);

const tstz = () => timestamp({ withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased and trimmed; unique across the platform. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    /** Recycler, Collector, … as chosen at sign-up (kept on the organization too). */
    businessRole: text(),
    emailVerifiedAt: tstz(),
    passwordChangedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    role: memberRole().notNull(),
    /** A supplier member sees only this supplier's deliveries, lots and ledger. */
    supplierId: uuid().references(() => suppliers.id),
    status: memberStatus().notNull().default('active'),
    lastSignInAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.userId), index().on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    membershipId: uuid()
      .notNull()
      .references(() => memberships.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().notNull(),
    remember: boolean().notNull().default(false),
    userAgent: text(),
    ip: inet(),
    createdAt: tstz().notNull().default(dbNow),
    lastSeenAt: tstz().notNull().default(dbNow),
    refreshedAt: tstz().notNull().default(dbNow),
    idleExpiresAt: tstz().notNull(),
    absoluteExpiresAt: tstz().notNull(),
    revokedAt: tstz(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index().on(t.userId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    kind: oneTimeTokenKind().notNull(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash), index().on(t.userId, t.kind)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    email: text().notNull(),
    role: memberRole().notNull(),
    supplierId: uuid().references(() => suppliers.id),
    invitedBy: uuid()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    acceptedAt: tstz(),
    acceptedUserId: uuid().references(() => users.id),
    revokedAt: tstz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    index().on(t.organizationId, t.createdAt),
  ],
);

/** The spec's "user transactions": the activity log. Append-only (a trigger rejects UPDATE/DELETE). */
export const userTransactions = pgTable(
  'user_transactions',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    transactionType: text().notNull(),
    /** server: written as part of the change it describes; client: an event a client reported. */
    source: activitySource().notNull().default('server'),
    description: text().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    currency: char({ length: 3 }).notNull().default('PHP'),
    status: text().notNull().default('Completed'),
    referenceId: text(),
    paymentMethod: text().notNull().default('System'),
    metadata: jsonb().notNull().default({}),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [index().on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Who did what, when, with before/after. Append-only like the activity log. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organizationId: uuid().references(() => organizations.id),
    actorUserId: uuid().references(() => users.id),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: inet(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [index().on(t.organizationId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    readAt: tstz(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** Outgoing mail: written in the same transaction as what caused it, then sent (or only logged). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attempts: integer().notNull().default(0),
    /** How it left: `smtp`, or `log` when no SMTP_URL is set (its links were printed to the server log). */
    transport: text(),
    lastError: text(),
    /** After a failure, not before this: retries back off instead of using up the attempts at once. */
    nextAttemptAt: tstz(),
    /** A document sent with it (a scheduled report), kept in files; its foreign key is in migration 0030. */
    attachmentFileId: uuid(),
    sentAt: tstz(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [index('outbox_unsent').on(t.createdAt).where(sql`${t.sentAt} IS NULL`)],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: tstz().notNull(),
  count: integer().notNull(),
});

/** Server-side keys (the CSRF HMAC key), generated once and shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: tstz().notNull().default(dbNow),
});
