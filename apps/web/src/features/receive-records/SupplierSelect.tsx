import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { type SupplierOption, useSupplierLookup } from '../team/api.ts';

type Supplier = Pick<SupplierOption, 'id' | 'code' | 'name'>;

interface SupplierSelectProps {
  value: Supplier | null;
  onChange: (supplier: Supplier | null) => void;
  label?: string;
  error?: ReactNode;
  required?: boolean;
  placeholder?: string;
}

const label = (s: Supplier) => `${s.name} (${s.code})`;

/** Searches the organization's suppliers on the server as the user types (name or code). */
export function SupplierSelect({
  value,
  onChange,
  label: fieldLabel = 'Supplier',
  error,
  required,
  placeholder = 'Search by name or code',
}: SupplierSelectProps) {
  const [search, setSearch] = useState(value ? label(value) : '');
  const [debounced] = useDebouncedValue(search, 250);
  const query = value && search === label(value) ? '' : debounced.trim();
  const lookup = useSupplierLookup(query, true);
  const found: Supplier[] = lookup.data?.items ?? [];
  const options = value && !found.some((s) => s.id === value.id) ? [value, ...found] : found;

  return (
    <Select
      label={fieldLabel}
      placeholder={placeholder}
      required={required}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((s) => ({ value: s.id, label: label(s) }))}
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
