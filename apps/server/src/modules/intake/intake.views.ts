import type { CsvColumn } from '../../lib/listing.ts';
import type { PhotoRow } from '../photos/photos.repo.ts';
import type { exportLines, linesOfPage, listRecords } from './intake.repo.ts';

// What the view reads: a whole row of getRecord or linesOf, or a list page's decoded one.
type RecordRow = Awaited<ReturnType<typeof listRecords>>[number];
type LineRow = Awaited<ReturnType<typeof linesOfPage>>[number];

const sum = (values: string[], scale: number) => {
  const total = values.reduce((acc, v) => acc + BigInt(v.replace('.', '')), 0n);
  const s = total.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

export function toPhoto(recordId: string, { position, file: f }: PhotoRow) {
  const url = `/api/receive-records/${recordId}/photos/${f.id}`;
  return {
    id: f.id,
    mime: f.mime,
    size: f.size,
    original_name: f.originalName,
    captured_at: f.capturedAt?.toISOString() ?? null,
    latitude: f.latitude,
    longitude: f.longitude,
    position,
    created_at: f.createdAt.toISOString(),
    url,
    thumbnail_url: `${url}/thumbnail`,
  };
}

export function toRecord(
  { record: r, supplier, facility, order }: RecordRow,
  lines: LineRow[],
  photos: PhotoRow[],
) {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    supplier,
    facility,
    order: order ?? null,
    received_at: r.receivedAt.toISOString(),
    weighbridge_ticket: r.weighbridgeTicket,
    scale_device_id: r.scaleDeviceId,
    vehicle_plate: r.vehiclePlate,
    notes: r.notes,
    lines: lines.map(({ line: l, material, lot, scale }) => ({
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
      device: scale?.device ?? null,
      reading: scale?.reading ?? null,
      scale_calibration_overdue: scale?.scale_calibration_overdue ?? false,
    })),
    photos: photos.map((p) => toPhoto(r.id, p)),
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

type ExportRow = Awaited<ReturnType<typeof exportLines>>[number];

/** The receive-records CSV: one row per line, the record's header repeated on each. */
export const RECEIVE_LINES_CSV: CsvColumn<ExportRow>[] = [
  ['Record', (x) => x.record.number],
  ['Status', (x) => x.record.status],
  ['Received at', (x) => x.record.receivedAt.toISOString()],
  ['Posted at', (x) => x.record.postedAt?.toISOString()],
  ['Voided at', (x) => x.record.voidedAt?.toISOString()],
  ['Weighbridge ticket', (x) => x.record.weighbridgeTicket],
  ['Vehicle plate', (x) => x.record.vehiclePlate],
  ['Supplier code', (x) => x.supplier.code],
  ['Supplier', (x) => x.supplier.name],
  ['Facility code', (x) => x.facility.code],
  ['Facility', (x) => x.facility.name],
  ['Purchase order', (x) => x.order?.number],
  ['Line', (x) => x.line.lineNo],
  ['Material code', (x) => x.material.code],
  ['Material', (x) => x.material.name],
  ['Gross kg', (x) => x.line.grossKg],
  ['Tare kg', (x) => x.line.tareKg],
  ['Net kg', (x) => x.line.netKg],
  ['Deduction %', (x) => x.line.deductionPct],
  ['Payable kg', (x) => x.line.payableKg],
  ['Unit price PHP/kg', (x) => x.line.unitPrice],
  ['Amount PHP', (x) => x.line.amount],
  ['Lot', (x) => x.lot?.code],
];
