import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { dbNow } from '../clock.ts';

/** UUIDv7 generated in the app: time-ordered keys without needing PostgreSQL 18's uuidv7(). */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** Every stamped column defaults to the database's clock. */
export { dbNow };

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().default(dbNow),
  updatedAt: timestamp({ withTimezone: true }).notNull().default(dbNow),
};

/** Optimistic concurrency: updates carry the version they read; a stale one is a 409. */
export const version = () => integer().notNull().default(1);
