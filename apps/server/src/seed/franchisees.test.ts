import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { memberships } from '../db/schema/index.ts';
import { createLogger } from '../lib/logger.ts';
import { Mailer } from '../modules/mail/mail.service.ts';
import { useTestApp } from '../test/app.ts';
import { activity, seededOrganization } from '../test/masterdata.ts';
import { seedFranchisees } from './franchisees.ts';

const ctx = useTestApp();

it('makes three of the demo’s Metro Manila suppliers franchisees, through the service', async () => {
  const org = await seededOrganization(ctx, 'frnseed');
  const db = ctx.database.db;
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, org.organizationId), eq(memberships.role, 'manager')));
  if (!m) throw new Error('the demo has no manager');
  const manager = { ...m, sessionId: '', membershipId: m.id, supplierId: null };
  const app = { db, mailer: new Mailer(db, createLogger('silent'), undefined), publicUrl: '' };

  expect(await seedFranchisees(app, manager, new Date('2026-11-01T00:00:00Z'))).toEqual({ franchisees: 3 });
  const items = (await org.admin.get('/api/franchisees?sort=code')).json().items;
  expect(
    items.map(
      (f: { code: string; supplier: { code: string }; agreement_start: string; fee_kind: string }) => [
        f.code,
        f.supplier.code,
        f.agreement_start,
        f.fee_kind,
      ],
    ),
  ).toEqual([
    ['FR-CALOOCAN', 'SUP-0004', '2026-03-01', 'per_kg'],
    ['FR-MALABON', 'SUP-0005', '2026-08-01', 'fixed_monthly'],
    ['FR-TONDO', 'SUP-0003', '2025-05-01', 'royalty_pct'],
  ]);
  for (const f of items) {
    expect(Number(f.latitude)).toBeGreaterThan(14.4);
    expect(Number(f.latitude)).toBeLessThan(14.8);
    expect(Number(f.longitude)).toBeGreaterThan(120.9);
    expect(Number(f.longitude)).toBeLessThan(121.1);
  }
  expect(await activity(org.admin, 'Created franchisee')).toHaveLength(3);
});
