import type { Price } from '@plastrace/shared';
import { formatPhpPerKg } from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';
import type { PriceRow } from './prices.repo.ts';

export const toPrice = (p: PriceRow): Price => ({
  id: p.id,
  kind: p.kind,
  material: { id: p.materialId, code: p.materialCode, name: p.materialName },
  grade: p.grade,
  region: p.region,
  price_per_kg: p.pricePerKg,
  currency: 'PHP',
  effective_from: p.effectiveFrom,
  created_at: p.createdAt.toISOString(),
});

/** "buying price ₱16.50/kg for PET_BOTTLES_CLEAR grade A in NCR from 2026-01-05", as the activity log reads. */
export const describePrice = (p: Price) =>
  `${p.kind} price ${formatPhpPerKg(p.price_per_kg)} for ${p.material.code} grade ${p.grade} in ${p.region} from ${p.effective_from}`;

export const PRICE_CSV: CsvColumn<Price>[] = [
  ['effective_from', (p) => p.effective_from],
  ['kind', (p) => p.kind],
  ['material_code', (p) => p.material.code],
  ['material_name', (p) => p.material.name],
  ['grade', (p) => p.grade],
  ['region', (p) => p.region],
  ['price_per_kg', (p) => p.price_per_kg],
  ['currency', (p) => p.currency],
  ['created_at', (p) => p.created_at],
];
