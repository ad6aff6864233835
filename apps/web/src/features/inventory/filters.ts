import type { InventoryGroup, InventoryQuery } from './api.ts';

export interface InventoryFilters {
  group: InventoryGroup;
  facilityId: string;
  materialId: string;
  asOf: string;
  q: string;
}
const GROUPS: InventoryGroup[] = ['lot', 'material', 'facility'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readInventoryFilters(params: URLSearchParams): InventoryFilters {
  const group = params.get('group') ?? '';
  const asOf = params.get('as_of') ?? '';
  return {
    group: (GROUPS as string[]).includes(group) ? (group as InventoryGroup) : 'lot',
    facilityId: params.get('facility') ?? '',
    materialId: params.get('material') ?? '',
    asOf: DAY.test(asOf) ? asOf : '',
    q: params.get('q') ?? '',
  };
}

export function writeInventoryFilters(f: InventoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.group !== 'lot') params.set('group', f.group);
  if (f.facilityId) params.set('facility', f.facilityId);
  if (f.materialId) params.set('material', f.materialId);
  if (f.asOf) params.set('as_of', f.asOf);
  if (f.q) params.set('q', f.q);
  return params;
}

export const toInventoryQuery = (f: InventoryFilters): InventoryQuery => ({
  group: f.group,
  facilityId: f.facilityId || undefined,
  materialId: f.materialId || undefined,
  asOf: f.asOf || undefined,
  q: f.q.trim() || undefined,
});
