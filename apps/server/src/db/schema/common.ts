import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/** UUIDv7 generated in the app: time-ordered keys without needing PostgreSQL 18's uuidv7(). */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Optimistic concurrency: updates carry the version they read; a stale one is a 409. */
export const version = () => integer().notNull().default(1);
