import {
  type BomLineFacts,
  bomFigures,
  type ComplianceProfile,
  type ComplianceProfileInput,
  type ComplianceYear,
  type ComputedFootprint,
  ENTERPRISE_KIND_LABELS,
  type EnterpriseKind,
  type FootprintInput,
  type FootprintYear,
  formatCount,
  formatKg,
  formatUnits,
  PACKAGING_CATEGORIES,
  PACKAGING_CATEGORY_LABELS,
  sumDecimals,
  toUnits,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './compliance.repo.ts';
import * as ecarRepo from './ecar.repo.ts';
import { ecarSummary } from './ecar.service.ts';
import { OBLIGED_ASSETS_PHP, OBLIGED_SOURCE, obligedByAssets } from './statement.ts';
import { entryView, inForce, type YearFacts, yearFacts } from './year.ts';

// An obliged enterprise's RA 11898 standing, its plastic footprint per year and category (entered, or
// computed from the BOMs of what it made) and the year's statement with its evidence checklist.

type Handle = Db | Tx;

// ---- profile ----

function hintOf(obliged: boolean, byAssets: boolean | null): string {
  const threshold = `PHP ${formatCount(OBLIGED_ASSETS_PHP.split('.')[0])}`;
  const head =
    byAssets === null
      ? `Enter the total assets (land excluded): above ${threshold} an enterprise is obliged.`
      : byAssets
        ? obliged
          ? `Total assets above ${threshold}: obliged, as declared.`
          : `Total assets above ${threshold}: RA 11898 expects the organization to declare itself obliged.`
        : obliged
          ? `Total assets not above ${threshold}: obliged by its own declaration.`
          : `Total assets not above ${threshold}: not obliged; it may take part voluntarily.`;
  return `${head} The organization declares. Source: ${OBLIGED_SOURCE}`;
}

function profileView(row: repo.ProfileRow | undefined): ComplianceProfile {
  const obliged = row?.obliged ?? false;
  const assets = row?.total_assets_php ?? null;
  const byAssets = obligedByAssets(assets);
  return {
    configured: row !== undefined,
    obliged,
    enterprise_kind: (row?.enterprise_kind ?? 'voluntary') as EnterpriseKind,
    total_assets_php: assets,
    registration_no: row?.registration_no ?? null,
    recovery_cost_php_per_kg: row?.recovery_cost_php_per_kg ?? null,
    obliged_by_assets: byAssets,
    hint: hintOf(obliged, byAssets),
    version: row?.version ?? 0,
    updated_at: row?.updated_at ?? null,
  };
}

export async function getProfile(ctx: AppContext, caller: Caller) {
  return profileView(await repo.getProfile(ctx.db, caller.organizationId));
}

/** Saves the profile: version 0 creates it, any other must be the version read (else 409). */
export async function putProfile(ctx: AppContext, caller: Caller, body: ComplianceProfileInput) {
  const org = caller.organizationId;
  const values: repo.ProfileValues = {
    obliged: body.obliged,
    enterpriseKind: body.enterprise_kind,
    totalAssetsPhp: body.total_assets_php ?? null,
    registrationNo: body.registration_no,
    recoveryCostPhpPerKg: body.recovery_cost_php_per_kg ?? null,
  };
  await ctx.db.transaction(async (tx) => {
    const before = await repo.getProfile(tx, org, true);
    const saved =
      body.version === 0
        ? !before && (await repo.insertProfile(tx, org, values))
        : await repo.updateProfile(tx, org, body.version, values);
    if (!saved)
      throw new AppError('conflict', 'Someone else changed the compliance profile. Reload and try again.');
    await logChange(tx, caller, {
      type: before ? 'UPDATE_RECORD' : 'CREATE_RECORD',
      entityType: 'compliance_profile',
      entityId: org,
      description: `${before ? 'Updated' : 'Set up'} the RA 11898 compliance profile (${ENTERPRISE_KIND_LABELS[body.enterprise_kind]}, ${body.obliged ? 'obliged' : 'not obliged'})`,
      before: before && profileView(before),
      after: values,
    });
  });
  return getProfile(ctx, caller);
}

// ---- footprint ----

async function footprintOf(h: Handle, orgId: string, year: number): Promise<FootprintYear> {
  const history = (await repo.footprints(h, orgId, year)).map(entryView);
  const current = inForce(history);
  return {
    year,
    total_kg: sumDecimals(
      current.map((e) => e.kg),
      3,
    ),
    in_force: current,
    history,
  };
}

export const footprintYear = (ctx: AppContext, caller: Caller, year: number) =>
  footprintOf(ctx.db, caller.organizationId, year);

export function addFootprint(ctx: AppContext, caller: Caller, input: FootprintInput, key?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'compliance:footprint', key };
  return idempotent(ctx.db, scope, input, async (tx) => {
    await repo.insertFootprints(tx, org, input.year, caller.userId, [
      { id: uuidv7(), category: input.category, kg: input.kg, source: 'entered', note: input.note },
    ]);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'compliance_footprint',
      entityId: org,
      description: `Entered the ${input.year} plastic footprint of ${PACKAGING_CATEGORY_LABELS[input.category].toLowerCase()} packaging: ${formatKg(input.kg)}`,
      after: input,
    });
    return { status: 201, body: await footprintOf(tx, org, input.year) };
  });
}

const COMPUTED_RULE =
  'Posted manufacturing runs that ended in the year and name a product, the BOM version they followed and the units made: units × the BOM version’s grams per RA 11898 category (packages/shared bomFigures), to the gram per BOM version and category.';

async function computedFootprint(h: Handle, orgId: string, year: number): Promise<ComputedFootprint> {
  const made = await repo.manufacturing(h, orgId, year);
  const lines = await repo.bomLines(
    h,
    orgId,
    made.map((m) => m.bom_version_id),
  );
  // The polymer and category columns are the database's enums of the same names as BomLineFacts'.
  const linesOf = (versionId: string) =>
    lines.filter((l) => l.bom_version_id === versionId) as unknown as BomLineFacts[];
  const grams = new Map<string, bigint>();
  const products = made.map((m) => {
    const bom = linesOf(m.bom_version_id);
    for (const category of new Set(bom.map((l) => l.packaging_category))) {
      const kg = bomFigures(
        bom.filter((l) => l.packaging_category === category),
        m.units,
      ).footprint_kg;
      grams.set(category, (grams.get(category) ?? 0n) + toUnits(kg, 3));
    }
    return {
      product: { id: m.product_id, code: m.product_code, name: m.product_name },
      bom_version: { id: m.bom_version_id, version_no: m.bom_version_no },
      runs: m.runs,
      units: m.units,
      kg: bomFigures(bom, m.units).footprint_kg,
    };
  });
  const byCategory = PACKAGING_CATEGORIES.flatMap((category) => {
    const g = grams.get(category);
    return g === undefined ? [] : [{ category, kg: formatUnits(g, 3) }];
  });
  return {
    year,
    runs: made.reduce((s, m) => s + m.runs, 0),
    total_kg: sumDecimals(
      byCategory.map((c) => c.kg),
      3,
    ),
    by_category: byCategory,
    products,
    rule: COMPUTED_RULE,
  };
}

export const computed = (ctx: AppContext, caller: Caller, year: number) =>
  computedFootprint(ctx.db, caller.organizationId, year);

/**
 * Stores the computed figures as the year's footprint (source boms): a row per computed category, and a
 * zero for any category in force that the runs do not have, so the footprint in force is the computed one.
 */
export function adoptComputed(ctx: AppContext, caller: Caller, year: number, key?: string) {
  const org = caller.organizationId;
  const scope = { organizationId: org, route: 'compliance:footprint-adopt', key };
  return idempotent(ctx.db, scope, { year }, async (tx) => {
    const computed = await computedFootprint(tx, org, year);
    if (computed.runs === 0)
      throw unprocessable(
        `No posted manufacturing run of ${year} names a product, its BOM version and the units made: there is nothing to adopt`,
      );
    const note = `Computed from ${computed.runs} manufacturing run${computed.runs === 1 ? '' : 's'} of ${year}`;
    const now = inForce(await repo.footprints(tx, org, year));
    const computedCategories = new Set(computed.by_category.map((c) => c.category as string));
    const rows: repo.NewFootprint[] = [
      ...computed.by_category.map((c) => ({ category: c.category, kg: c.kg })),
      ...now
        .filter((e) => !computedCategories.has(e.category))
        .map((e) => ({ category: e.category, kg: '0' })),
    ].map((r) => ({ ...r, id: uuidv7(), source: 'boms' as const, note }));
    await repo.insertFootprints(tx, org, year, caller.userId, rows);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'compliance_footprint',
      entityId: org,
      description: `Adopted the ${year} plastic footprint computed from production: ${formatKg(computed.total_kg)}`,
      after: { year, by_category: computed.by_category, runs: computed.runs },
    });
    return { status: 201, body: await footprintOf(tx, org, year) };
  });
}

// ---- the year ----

function checklistOf(f: YearFacts, latest: ComplianceYear['ecar']['latest']): ComplianceYear['checklist'] {
  const p = f.profile;
  const credits = f.figures.retired_credits;
  const total = f.figures.footprint.total_kg;
  return [
    {
      key: 'profile',
      label: 'Compliance profile',
      done: p !== undefined,
      detail: p
        ? `${ENTERPRISE_KIND_LABELS[p.enterprise_kind as EnterpriseKind]}, ${p.obliged ? 'obliged' : 'not obliged'}, ${p.registration_no ? `NSWMC registration ${p.registration_no}` : 'no NSWMC registration number entered'}`
        : 'Declare whether the organization is obliged, and its recovery cost per kg',
    },
    {
      key: 'footprint',
      label: `Plastic footprint ${f.year}`,
      done: total !== null,
      detail:
        total !== null
          ? `${formatKg(total)} in ${f.figures.footprint.by_category.length} categor${f.figures.footprint.by_category.length === 1 ? 'y' : 'ies'}`
          : 'Enter the footprint per category, or compute it from production',
    },
    {
      key: 'retirements',
      label: `Credits retired for ${f.year}`,
      done: credits > 0,
      detail:
        credits > 0
          ? `${credits} credit${credits === 1 ? '' : 's'} in ${f.retirements.length} retirement${f.retirements.length === 1 ? '' : 's'}`
          : `No credits retired for ${f.year} yet`,
    },
    {
      key: 'ecar_drafted',
      label: 'ECAR drafted',
      done: latest !== null,
      detail: latest
        ? `Version ${latest.version}, drafted ${latest.created_at.slice(0, 10)}`
        : `Draft the report: due ${f.figures.ecar_due_on}`,
    },
    {
      key: 'ecar_signed',
      label: 'ECAR signed off by the auditor',
      done: latest?.status === 'signed_off',
      detail:
        latest?.status === 'signed_off'
          ? `Signed off by ${latest.signed_by?.name} on ${latest.signed_at?.slice(0, 10)}`
          : `An auditor reviews each item (${latest ? `${latest.accepted_count} of ${latest.item_count} accepted` : 'no report yet'}) and signs off`,
    },
  ];
}

export async function year(ctx: AppContext, caller: Caller, y: number): Promise<ComplianceYear> {
  return ctx.db.transaction(
    async (tx) => {
      const facts = await yearFacts(tx, caller.organizationId, y);
      const [last] = await ecarRepo.listReports(tx, caller.organizationId, { limit: 1, year: y });
      const latest = last ? ecarSummary(last) : null;
      return {
        ...facts.figures,
        profile_configured: facts.profile !== undefined,
        retirements: facts.retirements,
        ecar: { due_on: facts.figures.ecar_due_on, latest },
        checklist: checklistOf(facts, latest),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
