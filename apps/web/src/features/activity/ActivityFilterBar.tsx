import { NativeSelect, TextInput } from '@mantine/core';
import { TRANSACTION_TYPES, type TransactionType } from '@plastrace/shared';
import { IconSearch } from '@tabler/icons-react';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { useMemberOptions } from './api.ts';
import { type ActivityFilters, dateRangeError } from './filters.ts';
import { transactionTypeLabel } from './format.ts';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...TRANSACTION_TYPES.map((t) => ({ value: t, label: transactionTypeLabel(t) })),
];

interface ActivityFilterBarProps {
  filters: ActivityFilters;
  /** The search box's text before it is debounced into filters.q. */
  search: string;
  onSearchChange: (text: string) => void;
  onChange: (filters: ActivityFilters) => void;
  /** Admins, managers and auditors read everyone's entries and can pick a member. */
  showMember: boolean;
}

export function ActivityFilterBar({
  filters,
  search,
  onSearchChange,
  onChange,
  showMember,
}: ActivityFilterBarProps) {
  const members = useMemberOptions(showMember);
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  const memberOptions = [
    { value: '', label: members.isError ? 'All members (list unavailable)' : 'All members' },
    ...(members.data?.items ?? []).map((m) => ({
      value: m.userId,
      label: `${m.firstName} ${m.lastName}`.trim() || m.email,
    })),
  ];
  const rangeError = dateRangeError(filters);

  return (
    <FilterBar label="Filter the activity log">
      <TextInput
        label="Search"
        placeholder="Description or reference"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearchChange(e.currentTarget.value)}
      />
      <NativeSelect
        label="Type"
        data={TYPE_OPTIONS}
        value={filters.type}
        onChange={(e) => set({ type: e.currentTarget.value as TransactionType | '' })}
      />
      {showMember && (
        <NativeSelect
          label="Member"
          data={memberOptions}
          value={filters.memberId}
          onChange={(e) => set({ memberId: e.currentTarget.value })}
        />
      )}
      <TextInput
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => set({ from: e.currentTarget.value })}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        error={rangeError}
        onChange={(e) => set({ to: e.currentTarget.value })}
      />
    </FilterBar>
  );
}
