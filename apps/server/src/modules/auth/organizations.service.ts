import type { OrganizationMembership } from '@plastrace/shared';
import type { AppContext, Caller } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { audit } from '../security/security.repo.ts';
import * as repo from './auth.repo.ts';
import { type Client, type SessionOut, startSession } from './auth.service.ts';

// One account may belong to several organizations, each membership with its own role. A session carries
// exactly one membership (docs/architecture.md: Sessions and requests); switching rotates the session
// rather than re-pointing it, so a token seen in one organization never opens another.

export async function organizations(ctx: AppContext, caller: Caller): Promise<OrganizationMembership[]> {
  const rows = await repo.activeMemberships(ctx.db, caller.userId);
  return rows.map((r) => ({
    organization_id: r.organizationId,
    name: r.name,
    slug: r.slug,
    role: r.role,
    current: r.organizationId === caller.organizationId,
  }));
}

export async function switchOrganization(
  ctx: AppContext,
  caller: Caller,
  organizationId: string,
  client: Client,
): Promise<SessionOut> {
  return ctx.db.transaction(async (tx) => {
    // No active membership there reads as "no such organization": the answer tells nothing about it.
    const target = await repo.activeMembershipIn(tx, caller.userId, organizationId);
    if (!target) throw notFound('Organization');
    return moveSession(tx, caller, target, client);
  });
}

/**
 * Moves the caller's session to another of their memberships (a switch, or joining an organization while
 * signed in): a new token bound to it, the old session revoked, audited in both organizations.
 */
export async function moveSession(
  tx: Tx,
  caller: Caller,
  target: { id: string; organizationId: string },
  client: Client,
): Promise<SessionOut> {
  const organizationId = target.organizationId;
  const from = await repo.memberView(tx, caller.membershipId);
  const old = await repo.findSession(tx, caller.sessionId);
  await repo.revokeSession(tx, caller.userId, caller.sessionId);
  const out = await startSession(tx, target.id, client, old?.remember ?? false);
  const fromName = from?.organization.name ?? 'another organization';
  await audit(tx, {
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    action: 'auth.organization_switched_away',
    entityType: 'session',
    entityId: caller.sessionId,
    after: { organization_id: organizationId },
    ip: client.ip,
  });
  await audit(tx, {
    organizationId,
    actorUserId: caller.userId,
    action: 'auth.organization_switched',
    entityType: 'session',
    before: { organization_id: caller.organizationId },
    ip: client.ip,
  });
  await insertEntry(tx, {
    organizationId,
    userId: caller.userId,
    transactionType: 'LOGIN',
    description: `Switched to ${out.user.organization.name} from ${fromName}`,
    metadata: { method: 'organization_switch', fromOrganizationId: caller.organizationId },
  });
  return out;
}
