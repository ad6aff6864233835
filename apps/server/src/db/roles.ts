import type pg from 'pg';

/**
 * The role the app's queries run as. Migrations run as the owner of the tables; the app only reads
 * and writes rows: it cannot alter or drop tables, disable their triggers, truncate anything, or
 * update or delete rows of the append-only tables (those guarded by reject_log_mutation).
 */
export const APP_ROLE = 'plastrace_app';

// Parallel migrations of several databases on one server (tests, instances) race to create the
// role and its membership; losing that race is fine.
const CREATE_ROLE = `
DO $$
BEGIN
  CREATE ROLE ${APP_ROLE} NOLOGIN;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN NULL;
END $$`;

const GRANT_MEMBERSHIP = `
DO $$
BEGIN
  GRANT ${APP_ROLE} TO CURRENT_USER;
EXCEPTION
  WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
END $$`;

/** Rows only: no TRUNCATE, no DDL; the append-only tables lose UPDATE and DELETE. */
const GRANTS = `
DO $$
DECLARE t regclass;
BEGIN
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE};
  FOR t IN SELECT DISTINCT tgrelid::regclass FROM pg_trigger
           WHERE tgfoid = 'reject_log_mutation'::regproc LOOP
    EXECUTE format('REVOKE UPDATE, DELETE ON %s FROM ${APP_ROLE}', t);
  END LOOP;
  GRANT USAGE ON SCHEMA drizzle TO ${APP_ROLE};
  GRANT SELECT ON drizzle.__drizzle_migrations TO ${APP_ROLE};
END $$`;

/**
 * Creates the app role if the migrating user may (a superuser, or CREATEROLE), and gives it what the
 * app needs on every table the migrations made. Run after each migration run, so tables added later
 * are covered too. Returns the role to run as, or undefined when this server does not allow one.
 */
export async function ensureAppRole(client: pg.Client): Promise<string | undefined> {
  await client.query(CREATE_ROLE);
  const { rows } = await client.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS ok`,
    [APP_ROLE],
  );
  if (!rows[0]?.ok) return undefined;
  await client.query(GRANT_MEMBERSHIP);
  const member = await client.query<{ ok: boolean }>(`SELECT pg_has_role(current_user, $1, 'MEMBER') AS ok`, [
    APP_ROLE,
  ]);
  if (!member.rows[0]?.ok) return undefined;
  await client.query(GRANTS);
  return APP_ROLE;
}
