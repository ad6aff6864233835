import type { LotSort, LotStatus } from './api.ts';

export const LOT_STATUS_OPTIONS: { value: LotStatus; label: string; color: string }[] = [
  { value: 'available', label: 'Available', color: 'green' },
  { value: 'in_process', label: 'In process', color: 'blue' },
  { value: 'quarantined', label: 'Quarantined', color: 'orange' },
  { value: 'consumed', label: 'Consumed', color: 'gray' },
  { value: 'dispatched', label: 'Dispatched', color: 'violet' },
  { value: 'voided', label: 'Voided', color: 'red' },
];

export const lotStatusOf = (status: string) =>
  LOT_STATUS_OPTIONS.find((s) => s.value === status) ?? { value: status, label: status, color: 'gray' };

export const LOT_SORT_OPTIONS: { value: LotSort; label: string }[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'code', label: 'Code A–Z' },
  { value: '-code', label: 'Code Z–A' },
];
