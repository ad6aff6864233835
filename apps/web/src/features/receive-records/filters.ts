import type { ReceiveQuery, RecordStatus } from './api.ts';

/** The list's filters as kept in the URL; dates are calendar days (the API takes days too). */
export interface ReceiveFilters {
  status: RecordStatus | '';
  supplierId: string;
  facilityId: string;
  from: string;
  to: string;
  q: string;
}

export const emptyReceiveFilters: ReceiveFilters = {
  status: '',
  supplierId: '',
  facilityId: '',
  from: '',
  to: '',
  q: '',
};
const STATUSES: RecordStatus[] = ['draft', 'posted', 'voided'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readReceiveFilters(params: URLSearchParams): ReceiveFilters {
  const status = params.get('status') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: (STATUSES as string[]).includes(status) ? (status as RecordStatus) : '',
    supplierId: params.get('supplier') ?? '',
    facilityId: params.get('facility') ?? '',
    from: day('from'),
    to: day('to'),
    q: params.get('q') ?? '',
  };
}

export function writeReceiveFilters(f: ReceiveFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.supplierId) params.set('supplier', f.supplierId);
  if (f.facilityId) params.set('facility', f.facilityId);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.q.trim()) params.set('q', f.q.trim());
  return params;
}

export const toReceiveQuery = (f: ReceiveFilters): ReceiveQuery => ({
  status: f.status || undefined,
  supplierId: f.supplierId || undefined,
  facilityId: f.facilityId || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  q: f.q.trim() || undefined,
});
