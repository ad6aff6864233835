import type { getRecord, linesOf } from './intake.repo.ts';

type RecordRow = NonNullable<Awaited<ReturnType<typeof getRecord>>>;
type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

const sum = (values: string[], scale: number) => {
  const total = values.reduce((acc, v) => acc + BigInt(v.replace('.', '')), 0n);
  const s = total.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

export function toRecord({ record: r, supplier, facility }: RecordRow, lines: LineRow[]) {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    supplier,
    facility,
    received_at: r.receivedAt.toISOString(),
    weighbridge_ticket: r.weighbridgeTicket,
    scale_device_id: r.scaleDeviceId,
    vehicle_plate: r.vehiclePlate,
    notes: r.notes,
    lines: lines.map(({ line: l, material, lot }) => ({
      id: l.id,
      line_no: l.lineNo,
      material,
      gross_kg: l.grossKg,
      tare_kg: l.tareKg,
      net_kg: l.netKg,
      deduction_pct: l.deductionPct,
      payable_kg: l.payableKg,
      unit_price: l.unitPrice,
      amount: l.amount,
      lot: lot?.id ? { id: lot.id, code: lot.code } : null,
    })),
    // numeric(14,3) and (14,2) strings always carry their scale, so digits add up exactly.
    total_net_kg: sum(
      lines.map((l) => l.line.netKg),
      3,
    ),
    total_amount: sum(
      lines.map((l) => l.line.amount),
      2,
    ),
    currency: 'PHP' as const,
    posted_at: r.postedAt?.toISOString() ?? null,
    voided_at: r.voidedAt?.toISOString() ?? null,
    void_reason: r.voidReason,
    created_at: r.createdAt.toISOString(),
    version: r.version,
  };
}
export type ReceiveRecordView = ReturnType<typeof toRecord>;
