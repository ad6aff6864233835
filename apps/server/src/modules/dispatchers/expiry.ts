import { EXPIRY_WARNING_DAYS } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations } from '../../db/schema/index.ts';

// A driver's licence and a hauler's accreditation end on a day. Whether they still hold is decided on
// the organization's today, in its time zone (docs/architecture.md "Domain model"), by the database
// for the answer and for the list's filter alike, so a status filter returns what the rows say.

/** Uncorrelated, so PostgreSQL computes it once per query whatever the number of rows. */
const today = (orgId: string) =>
  sql`(SELECT (pt_now() AT TIME ZONE ${organizations.timeZone})::date FROM ${organizations} WHERE ${organizations.id} = ${orgId})`;

/**
 * 'expired' when the last valid day is before today, 'expiring' when it is within EXPIRY_WARNING_DAYS
 * (today included), 'valid' after that, and 'none' without a day. The day of a dispatch is checked the
 * same way by dispatch_write (migration 0017).
 */
export const expiryStatus = <S extends string>(until: AnyPgColumn, orgId: string): SQL<S> =>
  sql<S>`CASE WHEN ${until} IS NULL THEN 'none'
    WHEN ${until} < ${today(orgId)} THEN 'expired'
    WHEN ${until} <= ${today(orgId)} + ${EXPIRY_WARNING_DAYS}::int THEN 'expiring'
    ELSE 'valid' END`;

/** The list filter on a status: the same expression as the answer's. */
export const expiryIs = (until: AnyPgColumn, orgId: string, status: string | undefined) =>
  status ? sql`${expiryStatus(until, orgId)} = ${status}` : undefined;
