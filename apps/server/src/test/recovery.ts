import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { facilities, materials } from '../db/schema/index.ts';
import type { TestContext } from './app.ts';
import type { TestClient } from './http.ts';

// Verified recovery for the EPR tests: deliveries received at MNL1 and processed by posted runs, in a
// seeded organization (test/masterdata.ts seededOrganization). Each test file makes its own.

export type Recovery = Awaited<ReturnType<typeof recoveryFixture>>;
type Lot = { id: string; code: string };

export async function recoveryFixture(
  ctx: TestContext,
  o: { organizationId: string; admin: TestClient; operator: TestClient },
) {
  const db = ctx.database.db;
  const [facility] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, o.organizationId), eq(facilities.code, 'MNL1')));
  const mats = await db.select().from(materials).where(eq(materials.organizationId, o.organizationId));
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  const ids = {
    facility: facility?.id ?? '',
    bottles: material('PET_BOTTLES_CLEAR'),
    flake: material('PET_FLAKE'),
    pellet: material('PET_PELLET'),
  };

  async function supplier(code: string, type = 'waste_picker'): Promise<string> {
    const res = await o.admin.post('/api/suppliers', {
      code,
      name: `Collector ${code}`,
      type,
      province: 'Bulacan',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** A posted delivery of PET bottles at MNL1: its one lot. */
  async function receive(supplierId: string, kg: string, at = '2026-11-20T08:00:00+08:00'): Promise<Lot> {
    const res = await o.operator.post('/api/receive-records?post=true', {
      supplier_id: supplierId,
      facility_id: ids.facility,
      received_at: at,
      weighbridge_ticket: `WB-${kg}-${Math.random().toString(36).slice(2, 8)}`,
      lines: [{ material_id: ids.bottles, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lines[0].lot;
  }

  /** A posted washing run at MNL1: the inputs into `outKg` of flake, the rest lost as `losses` say. */
  async function wash(
    inputs: { lot_id: string; kg: string }[],
    outKg: string,
    losses: { kg: string; fate: 'landfill' | 'co_processing' }[] = [],
    day = '2026-11-21',
  ): Promise<{ id: string; lot: Lot }> {
    const res = await o.operator.post('/api/production-records?post=true', {
      facility_id: ids.facility,
      process_code: 'washing',
      started_at: `${day}T06:00:00+08:00`,
      ended_at: `${day}T14:00:00+08:00`,
      energy_kwh: '50',
      inputs,
      outputs: [{ material_id: ids.flake, kg: outKg }],
      losses: losses.map((l) => ({ kind: 'contamination', fate: l.fate, kg: l.kg })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id, lot: res.json().outputs[0].lot };
  }

  return { ids, supplier, receive, wash };
}
