import { NativeSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { type Party, usePartyLookup, usePartyOptions } from './api.ts';

interface PartySelectProps {
  kind: 'sales' | 'purchase';
  value: Party | null;
  onChange: (party: Party | null) => void;
  error?: ReactNode;
  disabled?: boolean;
}

const label = (p: Party) => `${p.name} (${p.code})`;

/** The order's party: a customer for a sales order, a supplier for a purchase order, searched on the server. */
export function PartySelect({ kind, value, onChange, error, disabled }: PartySelectProps) {
  const [search, setSearch] = useState(value ? label(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  const query = value && search === label(value) ? '' : debounced.trim();
  const lookup = usePartyLookup(kind, query);
  const found = lookup.data?.items ?? [];
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found;
  const noun = kind === 'sales' ? 'customer' : 'supplier';

  return (
    <Select
      label={kind === 'sales' ? 'Customer' : 'Supplier'}
      placeholder="Search by name or code"
      required
      searchable
      clearable
      disabled={disabled}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((p) => ({ value: p.id, label: label(p) }))}
      filter={({ options: all }) => all}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((p) => p.id === id) ?? null)}
      nothingFoundMessage={
        lookup.isFetching ? 'Searching…' : lookup.isError ? lookup.error.message : `No ${noun} matches`
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The list's filter by customer (sales orders) or supplier (purchase orders). */
export function PartyFilter({
  kind,
  value,
  onChange,
}: {
  kind: 'sales' | 'purchase';
  value: string;
  onChange: (id: string) => void;
}) {
  const parties = usePartyOptions(kind);
  return (
    <NativeSelect
      label={kind === 'sales' ? 'Customer' : 'Supplier'}
      value={value}
      data={[
        { value: '', label: kind === 'sales' ? 'All customers' : 'All suppliers' },
        ...(parties.data?.items ?? []).map((p) => ({ value: p.id, label: label(p) })),
      ]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
