import { CREDIT_COUNTRY, CREDIT_PROGRAMME } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';

// The writes of EPR credits (the reads are holdings.repo.ts). Batches are append-only; where their
// serials are is `credit_blocks`, which only ever shrink or change holder (migration 0027's guard), and
// every change is a `credit_movements` row.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

// ---- issuance ----

/**
 * Issuances of one organization and vintage take turns on the batch counter's row, locked first and
 * held to commit: each then reads what the one before it claimed, so twenty at once issue what exists
 * and refuse the rest with the kilograms left, instead of all but one failing on the claims' trigger.
 */
export async function lockVintage(tx: Tx, orgId: string, vintage: number) {
  await tx.execute(
    sql`INSERT INTO counters (organization_id, name, value) VALUES (${orgId}::uuid, ${`credit-batch-${vintage}`}, 0)
        ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value`,
  );
}

/** Whether another organization's credit serials carry this organization code already. */
export async function serialCodeTakenByAnother(tx: Tx, orgId: string, code: string): Promise<boolean> {
  const [row] = await rows<{ taken: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM credit_batches WHERE organization_id <> ${orgId}::uuid
          AND serial_prefix LIKE ${`${CREDIT_COUNTRY}-${CREDIT_PROGRAMME}-${code}-%`}) AS taken`,
  );
  return row?.taken === true;
}

/** The next batch number of the vintage (gapless: a failed issuance gives its number back). */
export async function nextBatchNo(tx: Tx, orgId: string, vintage: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`SELECT pt_next(${orgId}::uuid, ${`credit-batch-${vintage}`})::int AS n`,
  );
  if (!row) throw new Error('pt_next returned nothing');
  return row.n;
}

export type FacilityRow = { id: string; code: string; name: string; region: string | null };

export async function facilityOf(h: Handle, orgId: string, id: string) {
  const [row] = await rows<FacilityRow>(
    h,
    sql`SELECT id, code, name, region FROM facilities WHERE organization_id = ${orgId}::uuid AND id = ${id}::uuid`,
  );
  return row;
}

export type OrganizationRow = { id: string; slug: string; name: string };

export async function organizationById(h: Handle, id: string) {
  const [row] = await rows<OrganizationRow>(
    h,
    sql`SELECT id, slug, name FROM organizations WHERE id = ${id}::uuid`,
  );
  return row;
}

export async function organizationBySlug(h: Handle, slug: string) {
  const [row] = await rows<OrganizationRow>(
    h,
    sql`SELECT id, slug, name FROM organizations WHERE lower(slug) = lower(${slug})`,
  );
  return row;
}

/** How many photos each delivery has: the evidence a weighed delivery was seen. */
export async function deliveryPhotos(h: Handle, orgId: string, receiveIds: string[]) {
  const found = await rows<{ record_id: string; n: number }>(
    h,
    sql`SELECT record_id, count(*)::int AS n FROM receive_photos
        WHERE organization_id = ${orgId}::uuid AND record_id = ANY(${sql.param(receiveIds)}::uuid[])
        GROUP BY record_id`,
  );
  return new Map(found.map((r) => [r.record_id, r.n]));
}

export type NewBatch = {
  id: string;
  orgId: string;
  batchNo: number;
  serialPrefix: string;
  country: string;
  programme: string;
  facilityId: string;
  vintage: number;
  fate: string;
  materialType: string;
  quantity: number;
  kg: string;
  cocModel: string;
  collectorPayPhp: string;
  collectorPayPerKg: string;
  evidence: unknown;
  userId: string;
};

export async function insertBatch(tx: Tx, b: NewBatch) {
  await tx.execute(
    sql`INSERT INTO credit_batches (id, organization_id, batch_no, serial_prefix, country, programme, facility_id,
          vintage, fate, material_type, quantity, kg, coc_model, collector_pay_php, collector_pay_per_kg,
          evidence, issued_by)
        VALUES (${b.id}::uuid, ${b.orgId}::uuid, ${b.batchNo}, ${b.serialPrefix}, ${b.country}, ${b.programme},
          ${b.facilityId}::uuid, ${b.vintage}, ${b.fate}, ${b.materialType}, ${b.quantity}, ${b.kg}::numeric,
          ${b.cocModel}, ${b.collectorPayPhp}::numeric, ${b.collectorPayPerKg}::numeric,
          ${JSON.stringify(b.evidence)}::jsonb, ${b.userId}::uuid)`,
  );
}

export type Retirement = { beneficiary: string; complianceYear: number; purpose: string; userId: string };

export async function insertBlock(
  tx: Tx,
  b: { id: string; orgId: string; batchId: string; firstNo: number; lastNo: number; retired?: Retirement },
) {
  const r = b.retired;
  await tx.execute(
    sql`INSERT INTO credit_blocks (id, organization_id, batch_id, first_no, last_no, status, beneficiary,
          compliance_year, purpose, retired_by, retired_at)
        VALUES (${b.id}::uuid, ${b.orgId}::uuid, ${b.batchId}::uuid, ${b.firstNo}, ${b.lastNo},
          ${r ? 'retired' : 'held'}, ${r?.beneficiary ?? null}, ${r?.complianceYear ?? null}, ${r?.purpose ?? null},
          ${r?.userId ?? null}::uuid, ${r ? dbNow : sql`NULL`})`,
  );
}

export type NewMovement = {
  id: string;
  batchId: string;
  firstNo: number;
  lastNo: number;
  kind: 'issued' | 'transferred' | 'retired';
  fromOrgId: string | null;
  toOrgId: string;
  retired?: Retirement;
  note?: string | null;
  userId: string;
};

export async function insertMovement(tx: Tx, m: NewMovement) {
  const r = m.retired;
  await tx.execute(
    sql`INSERT INTO credit_movements (id, batch_id, first_no, last_no, kind, from_organization_id,
          to_organization_id, beneficiary, compliance_year, purpose, note, by_user)
        VALUES (${m.id}::uuid, ${m.batchId}::uuid, ${m.firstNo}, ${m.lastNo}, ${m.kind}, ${m.fromOrgId}::uuid,
          ${m.toOrgId}::uuid, ${r?.beneficiary ?? null}, ${r?.complianceYear ?? null}, ${r?.purpose ?? null},
          ${m.note ?? null}, ${m.userId}::uuid)`,
  );
}

/** The batch's log version: one per movement (issued is 1). */
export async function movementCount(tx: Tx, batchId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM credit_movements WHERE batch_id = ${batchId}::uuid`,
  );
  return row?.n ?? 0;
}

// ---- moving a block ----

export type HeldBlock = {
  id: string;
  batch_id: string;
  first_no: number;
  last_no: number;
  status: 'held' | 'retired';
  serial_prefix: string;
  issuer_id: string;
};

/** The caller's block, locked: moves of one block take turns, and a block moved away is not found. */
export async function lockHeldBlock(tx: Tx, orgId: string, id: string) {
  const [row] = await rows<HeldBlock>(
    tx,
    sql`SELECT k.id, k.batch_id, k.first_no, k.last_no, k.status, b.serial_prefix, b.organization_id AS issuer_id
        FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        WHERE k.id = ${id}::uuid AND k.organization_id = ${orgId}::uuid
        FOR UPDATE OF k`,
  );
  return row;
}

/** Gives up the block's first serials (they became another block). */
export async function shrinkBlock(tx: Tx, id: string, firstNo: number) {
  await tx.execute(
    sql`UPDATE credit_blocks SET first_no = ${firstNo}, version = version + 1, updated_at = pt_now()
        WHERE id = ${id}::uuid`,
  );
}

export async function setHolder(tx: Tx, id: string, orgId: string) {
  await tx.execute(
    sql`UPDATE credit_blocks SET organization_id = ${orgId}::uuid, version = version + 1, updated_at = pt_now()
        WHERE id = ${id}::uuid`,
  );
}

export async function retireWhole(tx: Tx, id: string, r: Retirement) {
  await tx.execute(
    sql`UPDATE credit_blocks SET status = 'retired', beneficiary = ${r.beneficiary},
          compliance_year = ${r.complianceYear}, purpose = ${r.purpose}, retired_by = ${r.userId}::uuid,
          retired_at = pt_now(), version = version + 1, updated_at = pt_now()
        WHERE id = ${id}::uuid`,
  );
}

/** Credits of the block that marketplace listings hold (the sum of its reservations). */
export async function reservedOnBlock(tx: Tx, blockId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`SELECT coalesce(sum(qty), 0)::int AS n FROM market_reservations WHERE credit_block_id = ${blockId}::uuid`,
  );
  return row?.n ?? 0;
}
