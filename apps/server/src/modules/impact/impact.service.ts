import {
  FIRST_DAY,
  type Impact,
  type ImpactPage,
  type ImpactPageInput,
  type ImpactQuery,
  impactRangeProblem,
  type PublicImpact,
} from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { insertEntry } from '../activity/activity.repo.ts';
import { consume, type Limit } from '../security/rate-limit.ts';
import { audit } from '../security/security.repo.ts';
import { figuresOnly, impactOf } from './impact.figures.ts';
import * as repo from './impact.repo.ts';

// The organization's environmental impact (issue 15): what it collected and where it went, the CO2e its
// recycling avoided, the energy its runs used; and the public page it may choose to publish. Figures are
// read in one read-only snapshot, so the fates, the months and the CO2e agree.

/** Visitors of public impact pages from one address; someone reading a few pages never comes near it. */
export const IMPACT_VIEWS_PER_IP: Limit = { name: 'impact-ip', limit: 300, windowMs: 5 * 60_000 };

const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

async function figures(h: Db | Tx, org: repo.OrgRow, from: string, to: string, months = true) {
  const rows = await repo.facts(h, { orgId: org.id, from, to, country: org.country });
  const codes = [...new Set(rows.map((r) => r.type_code).filter((c): c is string => c !== null))];
  const types = new Map((await repo.materialTypes(h, codes)).map((t) => [t.code, t]));
  return impactOf({ from, to, country: org.country, rows, types, months });
}

const yearStart = (today: string) => `${today.slice(0, 4)}-01-01`;

/** GET /api/impact: the range asked, by default this year up to the organization's today. */
export async function impact(ctx: AppContext, caller: Caller, q: ImpactQuery): Promise<Impact> {
  return ctx.db.transaction(async (tx) => {
    const org = await repo.organization(tx, caller.organizationId);
    if (!org) throw notFound('Organization');
    const to = q.to ?? org.today;
    const from = q.from ?? `${to.slice(0, 4)}-01-01`;
    const problem = impactRangeProblem(from, to);
    if (problem) throw new AppError('validation_failed', problem, { fields: { 'querystring.to': problem } });
    return figures(tx, org, from, to);
  }, readOnly);
}

const publicUrlOf = (ctx: AppContext, slug: string) => `${ctx.publicUrl}/impact/public/${slug}`;

function toPage(ctx: AppContext, r: repo.PageRow): ImpactPage {
  return {
    published: r.published_at !== null,
    published_at: r.published_at,
    published_by:
      r.published_by && r.published_by_name ? { id: r.published_by, name: r.published_by_name } : null,
    headline: r.headline,
    version: Number(r.version),
    slug: r.slug,
    public_url: publicUrlOf(ctx, r.slug),
  };
}

export async function getPage(ctx: AppContext, caller: Caller): Promise<ImpactPage> {
  const row = await repo.page(ctx.db, caller.organizationId);
  if (!row) throw notFound('Organization');
  return toPage(ctx, row);
}

/** What a change to the page did, in the activity log's words. */
function describe(before: ImpactPage, after: ImpactPage): { action: string; text: string } {
  if (after.published && !before.published) return { action: 'published', text: 'Published the impact page' };
  if (!after.published && before.published)
    return { action: 'unpublished', text: 'Unpublished the impact page' };
  return { action: 'updated', text: 'Changed the impact page’s headline' };
}

/** PUT /api/impact/page: publish or unpublish, with a headline; a stale version is 409. */
export async function savePage(ctx: AppContext, caller: Caller, input: ImpactPageInput): Promise<ImpactPage> {
  return ctx.db.transaction(async (tx) => {
    const beforeRow = await repo.page(tx, caller.organizationId);
    if (!beforeRow) throw notFound('Organization');
    const headline = input.headline === undefined ? undefined : input.headline || null;
    const saved = await repo.savePage(tx, {
      orgId: caller.organizationId,
      version: input.version,
      published: input.published,
      headline,
      userId: caller.userId,
    });
    if (!saved) throw new AppError('conflict', 'Someone else changed the impact page. Reload and try again.');
    const afterRow = await repo.page(tx, caller.organizationId);
    if (!afterRow) throw notFound('Organization');
    const before = toPage(ctx, beforeRow);
    const after = toPage(ctx, afterRow);
    const { action, text } = describe(before, after);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: `impact_page.${action}`,
      entityType: 'impact_page',
      entityId: caller.organizationId,
      before,
      after,
    });
    await insertEntry(tx, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      transactionType: 'UPDATE_SETTINGS',
      description: text,
      metadata: { settingType: 'impact_page', published: after.published },
    });
    return after;
  });
}

/**
 * GET /api/public/impact/:slug: this year's and all time's figures of an organization that published its
 * page. An unpublished page and an unknown slug are the same 404, so the public cannot tell them apart.
 */
export async function publicView(ctx: AppContext, slug: string, ip: string): Promise<PublicImpact> {
  await consume(ctx.db, IMPACT_VIEWS_PER_IP, ip);
  return ctx.db.transaction(async (tx) => {
    const org = await repo.published(tx, slug);
    if (!org) throw notFound('Impact page');
    const [thisYear, allTime] = [
      await figures(tx, org, yearStart(org.today), org.today),
      await figures(tx, org, FIRST_DAY, org.today, false),
    ];
    return {
      organization: { name: org.name, time_zone: org.time_zone },
      headline: org.headline,
      published_at: org.published_at,
      this_year: thisYear,
      all_time: figuresOnly(allTime),
    };
  }, readOnly);
}
