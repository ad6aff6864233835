import type { franchiseePerformanceSchema, franchiseeSchema, supplierSchema } from '@plastrace/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Option } from '../catalog/formModel.ts';
import type { Page } from '../team/api.ts';

export type Franchisee = Wire<typeof franchiseeSchema>;
export type Performance = Wire<typeof franchiseePerformanceSchema>;
export type PerformanceItem = Performance['items'][number];
export type Figures = Performance['network']['total'];
type Supplier = Wire<typeof supplierSchema>;

/**
 * Each franchisee's volume, target, fee due and payouts for `months` months ending with `month`. Under
 * the records' key, so saving or archiving a franchisee refreshes the figures too; the figures of the
 * months shown stay while another choice loads.
 */
export function usePerformance(month: string, months: number) {
  return useQuery({
    queryKey: ['franchisees', 'performance', month, months],
    queryFn: ({ signal }) =>
      api.get<Performance>('/franchisees/performance', { signal, query: { month, months } }),
    placeholderData: keepPreviousData,
  });
}

/** Active suppliers, a franchisee's possible sellers: the server refuses one already franchised. */
export function useSupplierOptions(): Option[] {
  const query = useQuery({
    queryKey: ['suppliers', 'franchisee-options'],
    queryFn: ({ signal }) =>
      api.get<Page<Supplier>>('/suppliers', { signal, query: { limit: 200, sort: 'name' } }),
    staleTime: 60_000,
  });
  return (query.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
}
