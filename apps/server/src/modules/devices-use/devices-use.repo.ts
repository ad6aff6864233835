import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { devices, productionLines } from '../../db/schema/index.ts';

type Handle = Db | Tx;

/** The organization's production line, or undefined (another organization's is not found). */
export async function lineOf(db: Handle, orgId: string, lineId: string) {
  const [row] = await db
    .select({ id: productionLines.id })
    .from(productionLines)
    .where(and(eq(productionLines.organizationId, orgId), eq(productionLines.id, lineId)));
  return row;
}

/** The line's energy meter (the first by code when it has several), not archived. */
export async function meterOfLine(db: Handle, orgId: string, lineId: string) {
  const [row] = await db
    .select({ id: devices.id, code: devices.code, name: devices.name })
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, orgId),
        eq(devices.productionLineId, lineId),
        eq(devices.kind, 'energy_meter'),
        isNull(devices.archivedAt),
      ),
    )
    .orderBy(asc(devices.code))
    .limit(1);
  return row;
}

export type MeterReading = { reading_id: number; value: string; recorded_at: string };

/**
 * The meter's cumulative reading at an instant (meter_reading_at, migration 0034: the latest the meter
 * sent at or before it, no older than 15 minutes; readings typed in by hand are skipped) — the same
 * function the run's check uses.
 */
export async function meterReadingAt(db: Handle, deviceId: string, at: string): Promise<MeterReading | null> {
  const { rows } = await db.execute<{ id: string | null; value: string | null; recorded_at: string | null }>(
    sql`SELECT id::text, value::text, pt_iso(recorded_at) AS recorded_at FROM meter_reading_at(${deviceId}::uuid, ${at}::timestamptz)`,
  );
  const r = rows[0];
  if (!r?.id || r.value === null || r.recorded_at === null) return null;
  return { reading_id: Number(r.id), value: r.value, recorded_at: r.recorded_at };
}
