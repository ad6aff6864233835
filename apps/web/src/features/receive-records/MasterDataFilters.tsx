import { NativeSelect } from '@mantine/core';
import { useCan } from '../../components/common/useMe.ts';
import { useFacilityOptions, useMaterialOptions } from './api.ts';

type FilterProps = { value: string; onChange: (id: string) => void };

// The facility and material filters of the lists. Their choices are master data, which supplier
// members may not read: for them the filters are not shown and nothing is fetched.

export function FacilityFilter({ value, onChange }: FilterProps) {
  const mayPick = useCan('masterdata.read');
  const facilities = useFacilityOptions(mayPick);
  if (!mayPick) return null;
  return (
    <NativeSelect
      label="Facility"
      value={value}
      data={[
        { value: '', label: 'All facilities' },
        ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
      ]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export function MaterialFilter({ value, onChange }: FilterProps) {
  const mayPick = useCan('masterdata.read');
  const materials = useMaterialOptions(mayPick);
  if (!mayPick) return null;
  return (
    <NativeSelect
      label="Material"
      value={value}
      data={[
        { value: '', label: 'All materials' },
        ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
      ]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
