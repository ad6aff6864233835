import {
  type ComplianceFigures,
  type ComplianceRetirement,
  CREDIT_KG,
  creditSerial,
  ENTERPRISE_KIND_LABELS,
  type EnterpriseKind,
  type FootprintEntry,
  formatKg,
  formatUnits,
  PACKAGING_CATEGORIES,
  sumDecimals,
  toUnits,
} from '@plastrace/shared';
import type { Tx } from '../../db/client.ts';
import * as calculations from '../calculations/calculations.repo.ts';
import { targetOf } from '../calculations/epr-credits.ts';
import * as repo from './compliance.repo.ts';
import { figuresOf, OBLIGED_SOURCE } from './statement.ts';

// What a year's statement and an ECAR draft read, in one transaction: the profile, the footprint in
// force, the target (the EPR calculator's reading of epr_targets), the credits retired for the year.

export const entryView = (r: repo.FootprintRow): FootprintEntry => ({
  id: r.id,
  year: r.year,
  category: r.category as FootprintEntry['category'],
  kg: r.kg,
  source: r.source,
  note: r.note,
  entered_by: { id: r.entered_by, name: r.entered_by_name },
  created_at: r.created_at,
});

/** The entry in force per category: the newest (rows come newest first), in the categories' order. */
export function inForce<T extends { category: string }>(newestFirst: T[]): T[] {
  const latest = new Map<string, T>();
  for (const r of newestFirst) if (!latest.has(r.category)) latest.set(r.category, r);
  return PACKAGING_CATEGORIES.flatMap((c) => latest.get(c) ?? []);
}

export const retirementView = (r: repo.RetirementRow): ComplianceRetirement => {
  const credits = r.last_no - r.first_no + 1;
  return {
    id: r.id,
    batch_id: r.batch_id,
    serial_prefix: r.serial_prefix,
    first_serial: creditSerial(r.serial_prefix, r.first_no),
    last_serial: creditSerial(r.serial_prefix, r.last_no),
    credits,
    kg: formatUnits(BigInt(credits) * toUnits(CREDIT_KG, 3), 3),
    beneficiary: r.beneficiary,
    purpose: r.purpose,
    compliance_year: r.compliance_year,
    retired_at: r.retired_at,
    issuer: r.issuer,
    vintage: r.vintage,
    fate: r.fate,
    log_url: `/verify/${r.batch_id}`,
  };
};

export type YearFacts = {
  year: number;
  organization: { id: string; name: string };
  profile: repo.ProfileRow | undefined;
  footprint: FootprintEntry[];
  retirementRows: repo.RetirementRow[];
  retirements: ComplianceRetirement[];
  figures: ComplianceFigures;
};

export async function yearFacts(tx: Tx, orgId: string, year: number): Promise<YearFacts> {
  const org = await repo.organizationOf(tx, orgId);
  const profile = await repo.getProfile(tx, orgId);
  const footprint = inForce((await repo.footprints(tx, orgId, year)).map(entryView));
  const retirementRows = await repo.retirements(tx, orgId, year);
  const regime = await calculations.eprCountry(tx, org.country);
  const target = targetOf({ regime, country: org.country, year });
  const retirements = retirementRows.map(retirementView);
  const credits = retirements.reduce((s, r) => s + r.credits, 0);
  const total = footprint.length
    ? sumDecimals(
        footprint.map((e) => e.kg),
        3,
      )
    : null;
  const obliged = profile?.obliged ?? false;
  const recoveryCost = profile?.recovery_cost_php_per_kg ?? null;
  const f = figuresOf({
    year,
    obliged,
    footprintKg: total,
    targetPct: target.answer.recovery_target_pct,
    targetSource: target.basis.source,
    retiredCredits: credits,
    recoveryCostPhpPerKg: recoveryCost,
  });
  const kind = (profile?.enterprise_kind ?? 'voluntary') as EnterpriseKind;
  return {
    year,
    organization: { id: org.id, name: org.name },
    profile,
    footprint,
    retirementRows,
    retirements,
    figures: {
      year,
      obliged,
      footprint: {
        total_kg: total,
        by_category: footprint.map((e) => ({ category: e.category, kg: e.kg, source: e.source })),
      },
      target: target.answer,
      required_kg: f.required_kg,
      recovered_kg: f.recovered_kg,
      retired_credits: credits,
      surplus_kg: f.surplus_kg,
      shortfall_kg: f.shortfall_kg,
      recovery_cost_php_per_kg: recoveryCost,
      fine: f.fine,
      ecar_due_on: f.ecar_due_on,
      basis: [
        {
          figure: 'Obliged',
          value: obliged ? 'yes' : 'no',
          rule: profile
            ? `Declared by the organization (${ENTERPRISE_KIND_LABELS[kind]})`
            : 'No compliance profile yet: counted as not obliged',
          source: OBLIGED_SOURCE,
        },
        {
          figure: 'Plastic footprint',
          value: total === null ? 'none' : formatKg(total),
          rule: `The latest entry of each RA 11898 packaging category for ${year}, entered or computed from BOMs × units made`,
          source: 'The organization’s footprint entries',
        },
        target.basis,
        ...f.basis,
      ],
    },
  };
}
