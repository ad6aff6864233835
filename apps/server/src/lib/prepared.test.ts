import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { listRecords } from '../modules/intake/intake.repo.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';

// One connection, so what it has prepared can be read back from pg_prepared_statements.
let database: TestDatabase;
let one: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  one = connect(database.url, { max: 1, role: database.role });
});
afterAll(async () => {
  await one?.close();
  await database?.drop();
});

const prepared = async () =>
  (
    await one.pool.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE name LIKE 'receive_records_list_%' ORDER BY name`,
    )
  ).rows.map((r) => r.name);

describe('queries prepared per shape', () => {
  it('prepares a list once per combination of filters and reuses it for other values', async () => {
    const org = randomUUID();
    await listRecords(one.db, org, { limit: 21, timeZone: 'UTC' });
    await listRecords(one.db, randomUUID(), { limit: 5, timeZone: 'Asia/Manila' });
    expect(await prepared()).toHaveLength(1);
    await listRecords(one.db, org, { limit: 21, timeZone: 'UTC', status: 'posted', q: '50%' });
    await listRecords(one.db, org, { limit: 21, timeZone: 'UTC', status: 'draft', q: 'x' });
    await listRecords(one.db, org, {
      limit: 21,
      timeZone: 'Asia/Manila',
      from: '2026-01-01',
      after: [new Date().toISOString(), randomUUID()],
    });
    expect(await prepared()).toHaveLength(3);
  });
});
