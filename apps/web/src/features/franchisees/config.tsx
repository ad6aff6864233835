import { FRANCHISE_FEE_KINDS, type FranchiseFeeKind, formatKg, formatPhp } from '@plastrace/shared';
import { defineEntity } from '../catalog/entity.ts';
import { optionsOf } from '../catalog/formModel.ts';
import { type Franchisee, useSupplierOptions } from './api.ts';
import { dayLabel } from './figures.ts';

const FEE_LABELS: Record<FranchiseFeeKind, string> = {
  royalty_pct: 'Royalty (% of purchases)',
  per_kg: 'Per kg delivered',
  fixed_monthly: 'Fixed monthly fee',
};
export const FEE_KIND_OPTIONS = optionsOf(FRANCHISE_FEE_KINDS, (v) => FEE_LABELS[v as FranchiseFeeKind]);

/** A fee as its kind reads: '3.50 % of purchases', '₱0.25 a kg', '₱2,500.00 a month'. */
export function feeText(kind: FranchiseFeeKind, value: string): string {
  if (kind === 'royalty_pct') return `${value} % of purchases`;
  return kind === 'per_kg' ? `${formatPhp(value)} a kg` : `${formatPhp(value)} a month`;
}

const DAY_HINT = 'YYYY-MM-DD';

export const franchiseesConfig = defineEntity<Franchisee>({
  resource: 'franchisees',
  noun: 'franchisee',
  plural: 'Franchisees',
  purpose:
    'The collection points that run under your brand: the supplier each sells to you as, its monthly target and the fee it owes.',
  searchPlaceholder: 'Code, name, owner, city or supplier',
  filters: [{ name: 'feeKind', label: 'Fee', options: FEE_KIND_OPTIONS }],
  columns: [
    { label: 'Supplier', render: (f) => `${f.supplier.name} (${f.supplier.code})` },
    { label: 'City', render: (f) => f.city ?? '—' },
    { label: 'Fee', render: (f) => feeText(f.feeKind, f.feeValue) },
    { label: 'Monthly target', render: (f) => formatKg(f.monthlyTargetKg) },
    {
      label: 'Agreement',
      render: (f) =>
        f.agreementEnd
          ? `${dayLabel(f.agreementStart)} – ${dayLabel(f.agreementEnd)}`
          : `From ${dayLabel(f.agreementStart)}`,
    },
  ],
  fields: [
    { name: 'code', label: 'Code', required: true, placeholder: 'FR-TONDO' },
    { name: 'name', label: 'Name', required: true },
    {
      name: 'supplierId',
      source: 'supplier.id',
      label: 'Supplier',
      required: true,
      options: useSupplierOptions,
      placeholder: 'Choose a supplier',
      description: 'The supplier it sells to you as: its deliveries and payouts are the franchise’s',
      span: 2,
    },
    { name: 'ownerName', label: 'Owner', required: true },
    { name: 'phone', label: 'Phone', placeholder: '0917 123 4567' },
    { name: 'addressLine', label: 'Address line', span: 2 },
    { name: 'city', label: 'City / municipality' },
    { name: 'province', label: 'Province' },
    {
      name: 'latitude',
      label: 'Latitude',
      kind: 'decimal',
      placeholder: '14.6199',
      description: 'Places it on the map',
    },
    { name: 'longitude', label: 'Longitude', kind: 'decimal', placeholder: '120.9682' },
    { name: 'agreementStart', label: 'Agreement from', required: true, placeholder: DAY_HINT },
    {
      name: 'agreementEnd',
      label: 'Agreement until',
      placeholder: DAY_HINT,
      description: 'Its last day; leave empty while open-ended',
    },
    {
      name: 'feeKind',
      label: 'Fee',
      required: true,
      options: FEE_KIND_OPTIONS,
      placeholder: 'Choose how the fee is charged',
    },
    {
      name: 'feeValue',
      label: 'Fee amount',
      kind: 'decimal',
      required: true,
      description: 'Royalty: % of purchases · per kg: PHP a kg · fixed: PHP a month',
    },
    { name: 'monthlyTargetKg', label: 'Monthly target (kg)', kind: 'decimal', required: true },
  ],
});
