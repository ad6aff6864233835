import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatKg, type StopKind } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

/** A record a stop carries, as the form shows it. */
export interface PickedRecord {
  id: string;
  number: string;
  party: string;
  kg: string;
}

type Dispatch = { id: string; number: string; customer: { name: string }; totalKg: string };
type Receive = { id: string; number: string; supplier: { name: string }; totalNetKg: string };

/**
 * The posted records a stop can carry, found by number (or party): a delivery's dispatches still on
 * their way to the customer, a pick-up's posted deliveries.
 */
function usePostedRecords(kind: StopKind, q: string) {
  return useQuery({
    queryKey: ['trips', 'records', kind, q],
    queryFn: async ({ signal }): Promise<PickedRecord[]> => {
      const query = { status: 'posted', q: q || undefined, limit: 20 };
      if (kind === 'delivery') {
        const page = await api.get<Page<Dispatch>>('/dispatch-records', {
          signal,
          query: { ...query, delivery: 'awaiting' },
        });
        return page.items.map((d) => ({ id: d.id, number: d.number, party: d.customer.name, kg: d.totalKg }));
      }
      const page = await api.get<Page<Receive>>('/receive-records', { signal, query });
      return page.items.map((r) => ({
        id: r.id,
        number: r.number,
        party: r.supplier.name,
        kg: r.totalNetKg,
      }));
    },
    staleTime: 10_000,
  });
}

const text = (r: PickedRecord) => `${r.number} · ${r.party} · ${formatKg(r.kg)}`;

export function RecordPicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: StopKind;
  value: PickedRecord | null;
  onChange: (record: PickedRecord | null) => void;
  error?: ReactNode;
}) {
  const [search, setSearch] = useState(value ? text(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  // The picked record's own text searches nothing: the list shows the latest ones around it.
  const q = value && search === text(value) ? '' : debounced.trim();
  const found = usePostedRecords(kind, q);
  const records = found.data ?? [];
  const options = value && !records.some((r) => r.id === value.id) ? [value, ...records] : records;
  return (
    <Select
      label={kind === 'delivery' ? 'Dispatch delivered' : 'Delivery picked up'}
      placeholder={kind === 'delivery' ? 'Dispatch number or customer' : 'Receive record number or supplier'}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((r) => ({ value: r.id, label: text(r) }))}
      filter={({ options: all }) => all}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((r) => r.id === id) ?? null)}
      nothingFoundMessage={
        found.isFetching ? 'Searching…' : found.isError ? found.error.message : 'No posted record matches'
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
