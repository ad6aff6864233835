import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export type InventoryGroup = 'lot' | 'material' | 'facility';
interface Ref {
  id: string;
  code: string;
  name: string;
}
export interface InventoryRow {
  facility: Ref;
  material: Ref | null;
  lot: { id: string; code: string; status: string } | null;
  qtyKg: string;
  valuePhp: string;
  avgCostPerKg: string;
}
export interface InventoryReport {
  items: InventoryRow[];
  totals: { qtyKg: string; valuePhp: string };
  asOf: string | null;
  currency: 'PHP';
}
export interface InventoryQuery {
  group: InventoryGroup;
  facilityId?: string | undefined;
  materialId?: string | undefined;
  asOf?: string | undefined;
}

/** Stock from the ledger at weighted-average cost: GET /api/inventory. */
export function useInventory(query: InventoryQuery) {
  return useQuery({
    queryKey: ['inventory', query],
    queryFn: ({ signal }) => api.get<InventoryReport>('/inventory', { signal, query: { ...query } }),
  });
}
