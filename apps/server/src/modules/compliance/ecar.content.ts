import { createHash } from 'node:crypto';
import {
  CREDIT_FATE_LABELS,
  creditEvidenceSchema,
  type EcarContent,
  type EcarEvidence,
  type EcarItem,
  type EnterpriseKind,
  FOOTPRINT_SOURCE_LABELS,
  formatKg,
  PACKAGING_CATEGORY_LABELS,
} from '@plastrace/shared';
import { canonicalize } from '@plastrace/verify';
import { z } from 'zod';
import type { YearFacts } from './year.ts';

// An ECAR's content, frozen when drafted: the year's statement and one evidence item per footprint
// category and per retirement. A retirement's evidence is its batch's, as the issuer recorded it when
// issuing (credit_batches.evidence: lots, deliveries, weighbridge tickets, recovery records, proofs).

/** SHA-256 (hex) of the RFC 8785 canonical JSON: the same digest whoever serializes the content. */
export const contentSha256 = (content: EcarContent) =>
  createHash('sha256').update(canonicalize(content)).digest('hex');

const batchEvidence = z.array(creditEvidenceSchema);

/** A batch's stored evidence as the ECAR shows it; none when it is not in the credits' format. */
function evidenceOf(stored: unknown): EcarEvidence[] {
  const parsed = batchEvidence.safeParse(stored);
  if (!parsed.success) return [];
  return parsed.data.map((e) => ({
    lot: e.lot,
    kg: e.kg,
    fate: e.fate,
    delivery: {
      id: e.delivery.id,
      number: e.delivery.number,
      received_at: e.delivery.received_at,
      weighbridge_ticket: e.delivery.weighbridge_ticket,
      proof_url: e.proofs.delivery,
    },
    recovery: {
      kind: e.recovery.kind,
      id: e.recovery.id,
      number: e.recovery.number,
      proof_url: e.proofs.recovery,
    },
  }));
}

export function ecarContent(f: YearFacts, version: number): EcarContent {
  const footprintItems: EcarItem[] = f.footprint.map((e) => ({
    key: `footprint:${e.category}`,
    kind: 'footprint',
    title: `Footprint: ${PACKAGING_CATEGORY_LABELS[e.category]}`,
    kg: e.kg,
    detail: `${FOOTPRINT_SOURCE_LABELS[e.source]} on ${e.created_at.slice(0, 10)} by ${e.entered_by.name}${e.note ? `: ${e.note}` : ''}`,
    footprint: {
      category: e.category,
      source: e.source,
      note: e.note,
      entry_id: e.id,
      entered_at: e.created_at,
    },
    retirement: null,
    evidence: [],
  }));
  const retirementItems: EcarItem[] = f.retirements.map((r, i) => {
    const evidence = evidenceOf(f.retirementRows[i]?.evidence);
    return {
      key: `retirement:${r.id}`,
      kind: 'retirement',
      title: `Retired credits ${r.first_serial} to ${r.last_serial}`,
      kg: r.kg,
      detail: `${r.credits} credit${r.credits === 1 ? '' : 's'} (${formatKg(r.kg)}) of batch ${r.serial_prefix}, vintage ${r.vintage}, ${CREDIT_FATE_LABELS[r.fate].toLowerCase()}, issued by ${r.issuer}; retired on ${r.retired_at.slice(0, 10)} for ${r.beneficiary}${r.purpose ? ` (${r.purpose})` : ''}. Evidence: the batch’s ${evidence.length} claimed lot${evidence.length === 1 ? '' : 's'}.`,
      footprint: null,
      retirement: r,
      evidence,
    };
  });
  const p = f.profile;
  return {
    organization: {
      id: f.organization.id,
      name: f.organization.name,
      registration_no: p?.registration_no ?? null,
      enterprise_kind: (p?.enterprise_kind ?? 'voluntary') as EnterpriseKind,
      obliged: p?.obliged ?? false,
    },
    year: f.year,
    version,
    statement: f.figures,
    items: [...footprintItems, ...retirementItems],
  };
}
