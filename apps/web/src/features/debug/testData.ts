import { debugSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

/** GET /api/debug as the server sends it: a healthy installation, changed per test with `extra`. */
export function debugAnswer(extra: Record<string, unknown> = {}) {
  const base = {
    generated_at: '2026-11-26T02:00:00.000Z',
    version: '0.1.0',
    build: {
      node_version: 'v22.11.0',
      environment: 'production',
      commit: '3f9c2ab',
      started_at: '2026-11-25T22:00:00.000Z',
      uptime_s: 14_400,
    },
    operator: true,
    configuration: [
      { name: 'PORT', value: '3000', secret: false, description: 'Port the server listens on' },
      {
        name: 'DATABASE_URL',
        value: 'postgres://plastrace@db.internal:5432/plastrace',
        secret: false,
        description: 'External PostgreSQL, shown without its password',
      },
      {
        name: 'DATABASE_URL password',
        value: 'set',
        secret: true,
        description: 'The database password in DATABASE_URL',
      },
      { name: 'SMTP_URL', value: null, secret: false, description: 'Not set: mail is printed to the log' },
    ],
    database: {
      mode: 'external',
      server_version: '16.4',
      name: 'plastrace',
      size_bytes: 52_428_800,
      pool: { max: 10, open: 4, idle: 3, waiting: 0 },
    },
    migrations: {
      status: 'ready',
      applied: 2,
      expected: 2,
      items: [
        { name: '0000_foundation', created_at: '2026-11-20T00:00:00.000Z', applied: true },
        { name: '0001_reference_data', created_at: '2026-11-21T00:00:00.000Z', applied: true },
      ],
      pending: [],
    },
    mail: {
      transport: 'log',
      unsent: 0,
      failing: 0,
      sent_last_day: 12,
      oldest_unsent_at: null,
      oldest_unsent_age_s: null,
    },
    record_log: { pending: 0, organization_pending: 0, oldest_pending_at: null, oldest_pending_age_s: null },
  };
  return wire(debugSchema, { ...base, ...extra });
}
