import type { Franchisee, franchiseeCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { FranchiseeRow, FranchiseeValues } from './franchisees.repo.ts';

type Input = Partial<z.output<typeof franchiseeCreateSchema>>;

export const toFranchisee = (f: FranchiseeRow): Franchisee => ({
  id: f.id,
  code: f.code,
  name: f.name,
  supplier: { id: f.supplierId, code: f.supplierCode, name: f.supplierName },
  owner_name: f.ownerName,
  phone: f.phone,
  address_line: f.addressLine,
  city: f.city,
  province: f.province,
  latitude: f.latitude,
  longitude: f.longitude,
  agreement_start: f.agreementStart,
  agreement_end: f.agreementEnd,
  fee_kind: f.feeKind,
  fee_value: f.feeValue,
  monthly_target_kg: f.monthlyTargetKg,
  archived_at: f.archivedAt?.toISOString() ?? null,
  version: f.version,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

/** Wire fields to columns; a field left out stays undefined, which inserts the default or leaves it unchanged. */
export const franchiseeValues = (b: Input): Partial<FranchiseeValues> => ({
  code: b.code,
  name: b.name,
  supplierId: b.supplier_id,
  ownerName: b.owner_name,
  phone: b.phone,
  addressLine: b.address_line,
  city: b.city,
  province: b.province,
  latitude: b.latitude,
  longitude: b.longitude,
  agreementStart: b.agreement_start,
  agreementEnd: b.agreement_end,
  feeKind: b.fee_kind,
  feeValue: b.fee_value,
  monthlyTargetKg: b.monthly_target_kg,
});

export const FRANCHISEE_CSV: CsvColumn<Franchisee>[] = [
  ['code', (f) => f.code],
  ['name', (f) => f.name],
  ['supplier_code', (f) => f.supplier.code],
  ['supplier_name', (f) => f.supplier.name],
  ['owner_name', (f) => f.owner_name],
  ['phone', (f) => f.phone],
  ['address_line', (f) => f.address_line],
  ['city', (f) => f.city],
  ['province', (f) => f.province],
  ['latitude', (f) => f.latitude],
  ['longitude', (f) => f.longitude],
  ['agreement_start', (f) => f.agreement_start],
  ['agreement_end', (f) => f.agreement_end],
  ['fee_kind', (f) => f.fee_kind],
  ['fee_value', (f) => f.fee_value],
  ['monthly_target_kg', (f) => f.monthly_target_kg],
  ['archived_at', (f) => f.archived_at],
  ['created_at', (f) => f.created_at],
];
