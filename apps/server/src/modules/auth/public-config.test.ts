import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { isLoopbackHost } from '../../config.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../seed/data.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import * as repo from './auth.repo.ts';

// The demo password opens an admin account, so it is served only to a server that listens on loopback.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // The smallest demo organization demoHint recognises: its admin in an organization marked as demo.
  await database.db.transaction(async (tx) => {
    const org = await repo.insertOrganization(tx, { name: 'Demo', slug: 'demo', isDemo: true });
    const user = await repo.insertUser(tx, {
      email: DEMO_MEMBERS[0]?.user.email ?? '',
      passwordHash: 'x',
      firstName: 'Demo',
      lastName: 'Admin',
    });
    if (!user) throw new Error('demo admin not inserted');
    await repo.insertMembership(tx, { organizationId: org.id, userId: user.id, role: 'admin' });
  });
});
afterAll(() => database?.drop());

async function demoServedOn(host: string | undefined) {
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', ...(host ? { host } : {}) },
    db: database.db,
  });
  try {
    return (await app.inject('/api/public/config')).json().demo;
  } finally {
    await app.close();
  }
}

describe('demo hint on /api/public/config', () => {
  it('is served while the server listens on loopback, or in-process without a host', async () => {
    const hint = { email: 'admin@demo.plastrace.ph', password: DEMO_PASSWORD };
    for (const host of ['127.0.0.1', '::1', 'localhost', undefined])
      expect(await demoServedOn(host)).toEqual(hint);
  });

  it('is not served when the server is reachable from the network', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) expect(await demoServedOn(host)).toBeNull();
  });

  it('tells loopback hosts apart', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', 'plastrace.example.ph', '127.0.0.1.example.ph'])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});
