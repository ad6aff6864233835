import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The claims ledger's queries (docs/architecture.md "EPR"). Verified recovery is the database's
// `epr_recovery` (migration 0027); what is left of it for a claim type is recovery less `claim_totals`.
// Claims are only inserted: the claims trigger refuses kilograms already claimed, whatever races.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export const CLAIM_TYPES = [
  'epr_credit',
  'plastic_credit',
  'recycled_content',
  'waste_diversion',
  'co2e',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export type RecoveryFate = 'recycling' | 'co_processing';
export type CocModel =
  | 'identity_preserved'
  | 'segregated'
  | 'controlled_blending'
  | 'mass_balance'
  | 'book_and_claim';

/** One lot's kilograms recovered by one record to one fate, with what is still unclaimed for a type. */
export type RecoveryRow = {
  lot_id: string;
  lot_code: string;
  recovery_record_id: string;
  recovery_kind: 'production_record' | 'dispatch_record';
  recovery_number: string;
  fate: RecoveryFate;
  recovered_on: string;
  kg: string;
  claimed_kg: string;
  available_kg: string;
  material_id: string;
  material_name: string;
  material_type: string | null;
  facility_id: string;
  facility_code: string;
  facility_name: string;
  receive_record_id: string;
  receive_number: string;
  received_at: string;
  weighbridge_ticket: string | null;
  supplier_id: string;
  supplier_type: string;
  /** The delivery line's net kg and amount owed to the supplier: what the collector was paid per kg. */
  line_net_kg: string;
  line_amount: string;
};

export type RecoveryFilter = {
  claimType: ClaimType;
  from?: string;
  to?: string;
  fate?: RecoveryFate;
  facilityId?: string;
  materialType?: string;
  lotIds?: string[];
  /** Only rows with kilograms left to claim. */
  availableOnly?: boolean;
};

/**
 * Verified recovery of the organization with what each row has left for the claim type: oldest
 * recovery first (the order claims take it in), then lot and record, so allocation is deterministic.
 */
export async function recovery(h: Handle, orgId: string, f: RecoveryFilter): Promise<RecoveryRow[]> {
  const where: SQL[] = [sql`true`];
  if (f.from) where.push(sql`r.recovered_on >= ${f.from}::date`);
  if (f.to) where.push(sql`r.recovered_on <= ${f.to}::date`);
  if (f.fate) where.push(sql`r.fate = ${f.fate}`);
  if (f.facilityId) where.push(sql`lo.facility_id = ${f.facilityId}::uuid`);
  if (f.materialType) where.push(sql`m.type_code = ${f.materialType}`);
  if (f.lotIds) where.push(sql`r.lot_id = ANY(${sql.param(f.lotIds)}::uuid[])`);
  if (f.availableOnly) where.push(sql`r.kg > coalesce(t.claimed_kg, 0)`);
  return rows<RecoveryRow>(
    h,
    sql`SELECT r.lot_id, lo.code AS lot_code, r.recovery_record_id, r.recovery_kind,
          coalesce(pr.number, dr.number) AS recovery_number, r.fate, r.recovered_on::text,
          r.kg::text, coalesce(t.claimed_kg, 0)::text AS claimed_kg,
          (r.kg - coalesce(t.claimed_kg, 0))::text AS available_kg,
          m.id AS material_id, m.name AS material_name, m.type_code AS material_type,
          f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
          rr.id AS receive_record_id, rr.number AS receive_number, pt_iso(rr.received_at) AS received_at,
          rr.weighbridge_ticket, s.id AS supplier_id, s.type::text AS supplier_type,
          rl.net_kg::text AS line_net_kg, rl.amount::text AS line_amount
        FROM epr_recovery(${orgId}::uuid) r
        JOIN lots lo ON lo.id = r.lot_id
        JOIN materials m ON m.id = lo.material_id
        JOIN facilities f ON f.id = lo.facility_id
        JOIN receive_lines rl ON rl.id = lo.origin_id
        JOIN receive_records rr ON rr.id = rl.record_id
        JOIN suppliers s ON s.id = rr.supplier_id
        LEFT JOIN production_records pr ON pr.id = r.recovery_record_id
        LEFT JOIN dispatch_records dr ON dr.id = r.recovery_record_id
        LEFT JOIN claim_totals t ON t.claim_type = ${f.claimType} AND t.lot_id = r.lot_id
          AND t.recovery_record_id = r.recovery_record_id AND t.fate = r.fate
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY r.recovered_on, lo.code, r.recovery_record_id, r.fate`,
  );
}

/**
 * Makes the organization's claims of one type take turns until commit: each then allocates from what the
 * previous one left, instead of racing for the same oldest kilograms and losing to the claims trigger.
 */
export async function takeClaimsTurn(tx: Tx, orgId: string, claimType: ClaimType): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`plastrace:claims:${orgId}:${claimType}`}, 0))`,
  );
}

export type NewClaim = {
  lotId: string;
  recoveryRecordId: string;
  fate: RecoveryFate;
  /** Kilograms, a decimal string with at most 3 decimals; negative for a release. */
  kg: string;
};

/**
 * Inserts the claims of one source (a credit batch, a certificate) in one statement, in a fixed order
 * (lot, record, fate) so two issuances over the same lots take the totals' row locks alike and queue
 * rather than deadlock. Refused whole (409) when any row would claim kilograms already claimed.
 */
export async function insertClaims(
  tx: Tx,
  orgId: string,
  claimType: ClaimType,
  cocModel: CocModel,
  source: { kind: 'credit_batch' | 'certificate'; id: string },
  userId: string,
  claims: NewClaim[],
): Promise<void> {
  if (claims.length === 0) return;
  const sorted = [...claims].sort(
    (a, b) =>
      a.lotId.localeCompare(b.lotId) ||
      a.recoveryRecordId.localeCompare(b.recoveryRecordId) ||
      a.fate.localeCompare(b.fate),
  );
  await tx.execute(
    sql`INSERT INTO claims (id, organization_id, claim_type, lot_id, recovery_record_id, fate, kg, coc_model,
          source_kind, source_id, created_by)
        SELECT pt_uuid7(), ${orgId}::uuid, ${claimType}, x.lot_id, x.record_id, x.fate, x.kg, ${cocModel},
          ${source.kind}, ${source.id}::uuid, ${userId}::uuid
        FROM unnest(${sql.param(sorted.map((c) => c.lotId))}::uuid[],
                    ${sql.param(sorted.map((c) => c.recoveryRecordId))}::uuid[],
                    ${sql.param(sorted.map((c) => c.fate))}::text[],
                    ${sql.param(sorted.map((c) => c.kg))}::numeric[])
          WITH ORDINALITY AS x(lot_id, record_id, fate, kg, n)
        ORDER BY x.n`,
  );
}

/** What a source claimed, summed per (lot, record, fate): its evidence, and what a release gives back. */
export async function claimsOf(
  h: Handle,
  orgId: string,
  source: { kind: 'credit_batch' | 'certificate'; id: string },
): Promise<(NewClaim & { claimType: ClaimType })[]> {
  const found = await rows<{
    lot_id: string;
    recovery_record_id: string;
    fate: RecoveryFate;
    kg: string;
    claim_type: ClaimType;
  }>(
    h,
    sql`SELECT lot_id, recovery_record_id, fate, claim_type, sum(kg)::text AS kg FROM claims
        WHERE organization_id = ${orgId}::uuid AND source_kind = ${source.kind} AND source_id = ${source.id}::uuid
        GROUP BY lot_id, recovery_record_id, fate, claim_type HAVING sum(kg) <> 0
        ORDER BY lot_id, recovery_record_id, fate`,
  );
  return found.map((r) => ({
    lotId: r.lot_id,
    recoveryRecordId: r.recovery_record_id,
    fate: r.fate,
    kg: r.kg,
    claimType: r.claim_type,
  }));
}

/** Gives a source's kilograms back (a revoked certificate): negative rows equal to what it holds. */
export async function releaseClaims(
  tx: Tx,
  orgId: string,
  cocModel: CocModel,
  source: { kind: 'credit_batch' | 'certificate'; id: string },
  userId: string,
): Promise<void> {
  const held = await claimsOf(tx, orgId, source);
  const byType = new Map<ClaimType, NewClaim[]>();
  for (const c of held)
    byType.set(c.claimType, [...(byType.get(c.claimType) ?? []), { ...c, kg: `-${c.kg}` }]);
  for (const [type, list] of byType) await insertClaims(tx, orgId, type, cocModel, source, userId, list);
}
