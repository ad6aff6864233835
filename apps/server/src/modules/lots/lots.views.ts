import type { CsvColumn } from '../../lib/listing.ts';
import type * as repo from './lots.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.getLot>>>;

export const toLot = (r: Row) => ({
  id: r.lot.id,
  code: r.lot.code,
  status: r.lot.status,
  material: { id: r.material.id, code: r.material.code, name: r.material.name },
  facility: r.facility,
  qty_kg: r.qtyKg,
  reserved_kg: r.reservedKg,
  value_php: r.valuePhp,
  origin_type: r.lot.originType,
  recycled_content_pct: r.recycledContentPct,
  quarantine_reason: r.lot.quarantineReason,
  created_at: r.lot.createdAt.toISOString(),
  version: r.lot.version,
});

type Lot = ReturnType<typeof toLot>;

export const LOT_CSV: CsvColumn<Lot>[] = [
  ['code', (l) => l.code],
  ['status', (l) => l.status],
  ['material_code', (l) => l.material.code],
  ['material', (l) => l.material.name],
  ['facility_code', (l) => l.facility.code],
  ['facility', (l) => l.facility.name],
  ['qty_kg', (l) => l.qty_kg],
  ['reserved_kg', (l) => l.reserved_kg],
  ['value_php', (l) => l.value_php],
  ['origin', (l) => l.origin_type],
  ['quarantine_reason', (l) => l.quarantine_reason],
  ['created_at', (l) => l.created_at],
  ['id', (l) => l.id],
];
