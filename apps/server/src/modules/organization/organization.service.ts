import { type Currency, can, type MemberRole } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as activity from '../activity/activity.repo.ts';
import { list as listActivity } from '../activity/activity.service.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { me } from '../auth/auth.service.ts';
import { operations } from '../dashboard/dashboard.service.ts';
import { materialsOutsidePrefix } from '../materials/materials.repo.ts';
import { audit } from '../security/security.repo.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';
import { getSupplier } from '../suppliers/suppliers.repo.ts';
import * as notes from './notifications.repo.ts';
import * as repo from './organization.repo.ts';

type OrgRow = NonNullable<Awaited<ReturnType<typeof repo.getOrganization>>>;

export const toOrganization = (o: OrgRow) => ({
  id: o.id,
  name: o.name,
  country: o.country,
  default_currency: o.defaultCurrency as Currency,
  time_zone: o.timeZone,
  business_role: o.businessRole,
  epr_license: o.eprLicense,
  is_demo: o.isDemo,
  books_closed_through: o.booksClosedThrough,
  mass_balance_tolerance_pct: o.massBalanceTolerancePct,
  electricity_tariff_php: o.electricityTariffPhp,
  weighing_tolerance_pct: o.weighingTolerancePct,
  gs1_company_prefix: o.gs1CompanyPrefix,
  version: o.version,
});

export async function organization(ctx: AppContext, caller: Caller) {
  const o = await repo.getOrganization(ctx.db, caller.organizationId);
  if (!o) throw notFound('Organization');
  return toOrganization(o);
}

type OrgChange = {
  name: string;
  default_currency: Currency;
  time_zone: string;
  epr_license: string | null;
  /** Left out: unchanged. */
  mass_balance_tolerance_pct?: string | undefined;
  electricity_tariff_php?: string | null | undefined;
  weighing_tolerance_pct?: string | undefined;
  /** Left out: unchanged; null: cleared. */
  gs1_company_prefix?: string | null | undefined;
  version: number;
};

export async function updateOrganization(ctx: AppContext, caller: Caller, change: OrgChange) {
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await repo.getOrganization(tx, caller.organizationId);
    if (!before) throw notFound('Organization');
    const prefix = change.gs1_company_prefix;
    if (prefix && prefix !== before.gs1CompanyPrefix)
      await assertGtinsCarry(tx, caller.organizationId, prefix);
    const row = await repo.updateOrganization(tx, caller.organizationId, change.version, {
      name: change.name,
      defaultCurrency: change.default_currency,
      timeZone: change.time_zone,
      eprLicense: change.epr_license || null,
      massBalanceTolerancePct: change.mass_balance_tolerance_pct,
      electricityTariffPhp: change.electricity_tariff_php,
      weighingTolerancePct: change.weighing_tolerance_pct,
      gs1CompanyPrefix: change.gs1_company_prefix,
    });
    if (!row) throw new AppError('conflict', 'Someone else changed these settings. Reload and try again.');
    const changes = Object.fromEntries(
      Object.entries({
        name: [before.name, row.name],
        default_currency: [before.defaultCurrency, row.defaultCurrency],
        time_zone: [before.timeZone, row.timeZone],
        epr_license: [before.eprLicense, row.eprLicense],
        mass_balance_tolerance_pct: [before.massBalanceTolerancePct, row.massBalanceTolerancePct],
        electricity_tariff_php: [before.electricityTariffPhp, row.electricityTariffPhp],
        weighing_tolerance_pct: [before.weighingTolerancePct, row.weighingTolerancePct],
        gs1_company_prefix: [before.gs1CompanyPrefix, row.gs1CompanyPrefix],
      }).filter(([, [a, b]]) => a !== b),
    );
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'organization.updated',
      entityType: 'organization',
      entityId: row.id,
      before: toOrganization(before),
      after: toOrganization(row),
    });
    await activity.insertEntry(tx, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      transactionType: 'UPDATE_SETTINGS',
      description: 'Updated the organization settings',
      metadata: { settingType: 'organization', changes },
    });
    return row;
  });
  return toOrganization(updated);
}

/**
 * A prefix the materials' GTINs were not allocated under would leave their lots' Digital Links pointing
 * at another company's numbers: refused, naming the materials to change first.
 */
async function assertGtinsCarry(tx: Tx, orgId: string, prefix: string) {
  const outside = await materialsOutsidePrefix(tx, orgId, prefix, 4);
  if (outside.length === 0) return;
  const named = outside.slice(0, 3).map((m) => `${m.code} (${m.gtin})`);
  const more = outside.length > 3 ? ' and others' : '';
  const message = `These materials' GTINs do not carry the GS1 company prefix ${prefix}: ${named.join(', ')}${more}. Change or clear their GTINs first.`;
  throw unprocessable(message, { fields: { 'body.gs1_company_prefix': message } });
}

export async function updateProfile(
  ctx: AppContext,
  caller: Caller,
  change: { first_name: string; last_name: string; phone: string | null },
) {
  await ctx.db.transaction(async (tx) => {
    await authRepo.updateUser(tx, caller.userId, {
      firstName: change.first_name,
      lastName: change.last_name,
      phone: change.phone || null,
    });
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'profile.updated',
      entityType: 'user',
      entityId: caller.userId,
      after: change,
    });
  });
  return me(ctx, caller.membershipId);
}

export async function notifications(
  ctx: AppContext,
  caller: Caller,
  q: { limit: number; cursor?: string; unread?: boolean },
) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await notes.listNotifications(ctx.db, caller.userId, {
    limit: q.limit + 1,
    after,
    unread: q.unread,
  });
  const page = toPage(rows, q.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return {
    items: page.items.map((n) => ({
      id: n.id,
      kind: n.kind as 'security' | 'invitation_accepted',
      title: n.title,
      body: n.body,
      read_at: n.readAt?.toISOString() ?? null,
      created_at: n.createdAt.toISOString(),
    })),
    next_cursor: page.next_cursor,
    unread_count: await notes.unreadCount(ctx.db, caller.userId),
  };
}

export async function markRead(ctx: AppContext, caller: Caller, id?: string) {
  const n = await notes.markRead(ctx.db, caller.userId, id);
  if (id && n === 0) throw notFound('Notification');
  return { unread_count: await notes.unreadCount(ctx.db, caller.userId) };
}

/** The dashboard, as this member's role may see it (permissions.ts): a supplier sees only their own. */
export async function summary(ctx: AppContext, caller: Caller) {
  const org = can(caller.role, 'organization.read') ? await organization(ctx, caller) : null;
  const recent = await listActivity(ctx, caller, { limit: 5 });
  return {
    organization: org,
    team: can(caller.role, 'members.read') ? await teamFigures(ctx, caller) : null,
    supplier: caller.role === 'supplier' ? await supplierDashboard(ctx, caller) : null,
    operations: caller.role === 'supplier' ? null : await operations(ctx, caller),
    recent_activity: recent.items,
  };
}

async function teamFigures(ctx: AppContext, caller: Caller) {
  const roles = await repo.membersByRole(ctx.db, caller.organizationId);
  const byRole = { admin: 0, manager: 0, operator: 0, auditor: 0, supplier: 0 } satisfies Record<
    MemberRole,
    number
  >;
  for (const r of roles) byRole[r.role] = r.n;
  return {
    active_members: roles.reduce((s, r) => s + r.n, 0),
    by_role: byRole,
    pending_invitations: await repo.pendingInvitationCount(ctx.db, caller.organizationId),
  };
}

async function supplierDashboard(ctx: AppContext, caller: Caller) {
  const supplierId = ownSupplierOf(caller);
  const supplier = supplierId ? await getSupplier(ctx.db, caller.organizationId, supplierId) : undefined;
  if (!supplierId || !supplier) return null;
  const timeZone = await repo.timeZoneOf(ctx.db, caller.organizationId);
  const figures = await repo.supplierFigures(ctx.db, caller.organizationId, supplierId, timeZone);
  const deliveries = await repo.supplierRecentDeliveries(ctx.db, caller.organizationId, supplierId, 5);
  const payments = await repo.supplierRecentPayments(ctx.db, caller.organizationId, supplierId, 5);
  return {
    supplier: { id: supplier.id, code: supplier.code, name: supplier.name },
    balance: figures.balance,
    this_month: { deliveries: figures.deliveries, net_kg: figures.net_kg, amount: figures.amount },
    recent_deliveries: deliveries.map((d) => ({ ...d, received_at: new Date(d.received_at).toISOString() })),
    recent_payments: payments.map((p) => ({ ...p, posted_at: new Date(p.posted_at).toISOString() })),
    currency: 'PHP' as const,
  };
}

export async function suppliersLookup(ctx: AppContext, caller: Caller, q: string | undefined, limit: number) {
  return { items: await repo.searchSuppliers(ctx.db, caller.organizationId, q, limit) };
}
