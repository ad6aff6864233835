import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type SupplierOption, useSupplierLookup } from './api.ts';

interface SupplierPickerProps {
  value: SupplierOption | null;
  onChange: (supplier: SupplierOption | null) => void;
  error?: string | undefined;
}

const label = (s: SupplierOption) => `${s.name} (${s.code})`;

/** Searches the organization's suppliers on the server as the user types (name or code). */
export function SupplierPicker({ value, onChange, error }: SupplierPickerProps) {
  const [search, setSearch] = useState(value ? label(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  // Once a supplier is chosen the box shows its label; searching for that label would find only it.
  const query = value && search === label(value) ? '' : debounced.trim();
  const lookup = useSupplierLookup(query, true);
  const found = lookup.data?.items ?? [];
  const options = value && !found.some((s) => s.id === value.id) ? [value, ...found] : found;

  return (
    <Select
      label="Supplier"
      description="The supplier this member works for; they will see only their own deliveries."
      placeholder="Search by name or code"
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((s) => ({ value: s.id, label: label(s) }))}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      value={value?.id ?? null}
      onChange={(id) => onChange(options.find((s) => s.id === id) ?? null)}
      nothingFoundMessage={
        lookup.isFetching ? 'Searching…' : lookup.isError ? lookup.error.message : 'No supplier matches'
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
