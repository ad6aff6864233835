import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { facilities, lotBalances, materials, organizations } from '../db/schema/index.ts';
import type { TestContext } from './app.ts';
import type { TestClient } from './http.ts';
import { seededOrganization } from './masterdata.ts';
import { recoveryFixture } from './recovery.ts';

/** The year of today in Manila (organizations' default zone): the vintage of what is recovered now. */
export const THIS_YEAR = Number(
  new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' }).slice(0, 4),
);

// Marketplace fixtures, shared by the listings, deals and enhanced-marketplace tests: a seeded organization
// with a distinct name and lots of PET flake to list, and EPR credits to sell. Each test file makes its own.

export type MarketOrg = Awaited<ReturnType<typeof marketOrganization>>;
export type MarketLot = { id: string; code: string; kg: string };

/**
 * A demo organization named `${name} Plastics Corp.` (slug `name`, which must be unique in the test file's
 * database) with one client per role, its facilities (MNL1 in Valenzuela 14.6833, 120.9833; CEB1 in
 * Mandaue 10.3348, 123.9324), its PET flake material, and helpers to receive lots and issue credits.
 */
export async function marketOrganization(ctx: TestContext, name: string) {
  const o = await seededOrganization(ctx, name);
  const db = ctx.database.db;
  const orgName = `${name.charAt(0).toUpperCase()}${name.slice(1)} Plastics Corp.`;
  await db.update(organizations).set({ name: orgName }).where(eq(organizations.id, o.organizationId));
  const facs = await db.select().from(facilities).where(eq(facilities.organizationId, o.organizationId));
  const mats = await db.select().from(materials).where(eq(materials.organizationId, o.organizationId));
  const facility = (code: string) => facs.find((f) => f.code === code)?.id ?? '';
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  const ids = {
    mnl1: facility('MNL1'),
    ceb1: facility('CEB1'),
    flake: material('PET_FLAKE'),
    bottles: material('PET_BOTTLES_CLEAR'),
    pellet: material('PET_PELLET'),
  };
  const recovery = await recoveryFixture(ctx, o);
  let supplierId: string | undefined;
  let n = 0;

  /**
   * Posted deliveries of PET flake (the material listings sell), one lot per entry of `kgs`, at MNL1 unless
   * `facilityId` says otherwise. The lots trace to a supplier, so they prove origin (quality level 2).
   */
  async function receiveFlake(kgs: string[], facilityId = ids.mnl1): Promise<MarketLot[]> {
    supplierId ??= await recovery.supplier(`MK-${name.toUpperCase().slice(0, 8)}`, 'aggregator');
    const res = await o.operator.post('/api/receive-records?post=true', {
      supplier_id: supplierId,
      facility_id: facilityId,
      received_at: '2026-11-20T08:00:00+08:00',
      weighbridge_ticket: `WB-MK-${name}-${n++}`,
      lines: kgs.map((kg) => ({ material_id: ids.flake, gross_kg: kg, tare_kg: '0', unit_price: '30.00' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lines.map((l: { lot: { id: string; code: string } }, i: number) => ({
      id: l.lot.id,
      code: l.lot.code,
      kg: Number(kgs[i]).toFixed(3),
    }));
  }

  /**
   * `credits` EPR credits (vintage THIS_YEAR, recycling) issued to this organization from bottles received and
   * washed at MNL1: the batch and the block holding them all.
   */
  async function issueCredits(credits: number): Promise<{ batchId: string; blockId: string }> {
    const sup = await recovery.supplier(`MK-CR-${name.toUpperCase().slice(0, 8)}-${n++}`, 'cooperative');
    const kg = String(credits * 1000);
    const lot = await recovery.receive(sup, kg);
    await recovery.wash([{ lot_id: lot.id, kg }], kg);
    const res = await o.manager.post('/api/credits/batches', {
      facility_id: ids.mnl1,
      vintage: THIS_YEAR,
      fate: 'recycling',
      quantity: credits,
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json();
    return { batchId: batch.id, blockId: batch.blocks[0].id };
  }

  return { ...o, name: orgName, ids, receiveFlake, issueCredits, recovery };
}

/** Each lot's kg on hand and kg reserved on the marketplace, read from its balance row. */
export async function lotsOf(ctx: TestContext, lotIds: string[]) {
  const rows = await Promise.all(
    lotIds.map(async (id) => {
      const [b] = await ctx.database.db
        .select({ qtyKg: lotBalances.qtyKg, reservedKg: lotBalances.reservedKg })
        .from(lotBalances)
        .where(eq(lotBalances.lotId, id));
      return { lot_id: id, qty_kg: b?.qtyKg ?? null, reserved_kg: b?.reservedKg ?? null };
    }),
  );
  return rows;
}

/** A sell listing of PET flake backed by `lots` (all their kg unless given), at MNL1. */
export async function listLots(
  who: TestClient,
  o: MarketOrg,
  lots: { id: string; kg: string }[],
  extra: Record<string, unknown> = {},
) {
  return who.post(
    '/api/market/listings',
    {
      side: 'sell',
      kind: 'material',
      title: 'Clear PET flakes, hot-washed',
      material_id: o.ids.flake,
      lots: lots.map((l) => ({ lot_id: l.id, kg: l.kg })),
      price: '42.00',
      facility_id: o.ids.mnl1,
      ...extra,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}
