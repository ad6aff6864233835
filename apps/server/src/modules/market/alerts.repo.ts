import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Saved-search alerts: which searches are due (their organization's 08:00 has passed since they were last
// sent), and moving a search's watermark once its mail is written.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export const ALERT_HOUR = 8;
/**
 * A pass covers listings created up to this long before its 08:00, never later ones. created_at is the
 * start of the listing's transaction, which commits well within seconds; a listing created just before a
 * pass but committed after it would otherwise land behind the watermark and never be sent.
 */
export const ALERT_LAG = '15 minutes';

export type DueSearch = {
  id: string;
  organization_id: string;
  user_id: string;
  name: string;
  filters: unknown;
  alerted_through: string;
  /**
   * `ALERT_LAG` before the last 08:00 in the organization's time zone at the pass's instant: the pass covers
   * listings created up to it and moves the watermark there.
   */
  through: string;
  email: string;
  first_name: string;
  time_zone: string;
};

/**
 * Alerting searches whose last 08:00 (local to their organization, at `now`) less `ALERT_LAG` came after
 * their watermark, of members who are still active and may read the marketplace.
 */
function due(now: Date, roles: readonly string[], where: SQL, lock: boolean) {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone)`;
  const lastAlertAt = sql`((date_trunc('day', ${local}) + ${`${ALERT_HOUR} hours`}::interval
      - CASE WHEN ${local}::time >= ${`${ALERT_HOUR}:00`}::time THEN interval '0' ELSE interval '1 day' END)
    AT TIME ZONE o.time_zone)`;
  const through = sql`(${lastAlertAt} - ${ALERT_LAG}::interval)`;
  return sql`
    SELECT s.id, s.organization_id, s.user_id, s.name, s.filters,
      to_char(s.alerted_through AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS alerted_through,
      to_char(${through} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS through,
      u.email, u.first_name, o.time_zone
    FROM market_saved_searches s
    JOIN organizations o ON o.id = s.organization_id
    JOIN memberships m ON m.organization_id = s.organization_id AND m.user_id = s.user_id
    JOIN users u ON u.id = s.user_id
    WHERE s.alert AND ${through} > s.alerted_through AND m.status = 'active'
      AND m.role::text = ANY (${sql.param([...roles])}::text[]) AND ${where}
    ORDER BY s.id
    ${lock ? sql`FOR UPDATE OF s SKIP LOCKED` : sql``}`;
}

export function dueSearches(h: Handle, now: Date, roles: readonly string[]) {
  return rows<DueSearch>(h, due(now, roles, sql`true`, false));
}

/** The search locked, if it is still due; another pass holding it makes this one skip it. */
export async function lockDue(tx: Tx, id: string, now: Date, roles: readonly string[]) {
  const [row] = await rows<DueSearch>(tx, due(now, roles, sql`s.id = ${id}`, true));
  return row;
}

/** Moves the watermark: listings created up to `through` were handled. */
export async function markAlerted(tx: Tx, id: string, through: string) {
  await tx.execute(
    sql`UPDATE market_saved_searches SET alerted_through = ${through}::timestamptz WHERE id = ${id}`,
  );
}
