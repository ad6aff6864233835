import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { useOpenStockCount } from './stockCounts.api.ts';

/** Opens a count sheet of a facility (optionally one material) and goes to it. */
export function OpenCountForm() {
  const navigate = useNavigate();
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const open = useOpenStockCount();
  const [facilityId, setFacilityId] = useState('');
  const [materialId, setMaterialId] = useState('');
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!facilityId) {
      setMissing(true);
      return;
    }
    open.mutate(
      { facilityId, materialId: materialId || null, notes: notes.trim() },
      { onSuccess: (count) => navigate(`/inventory/stock-counts/${count.id}`) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Open a stock count">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          label="Facility"
          required
          value={facilityId}
          error={missing && !facilityId ? 'Choose the facility to count' : undefined}
          data={[
            { value: '', label: 'Choose a facility' },
            ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
          onChange={(e) => setFacilityId(e.currentTarget.value)}
        />
        <NativeSelect
          label="Material"
          value={materialId}
          data={[
            { value: '', label: 'All materials' },
            ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
          onChange={(e) => setMaterialId(e.currentTarget.value)}
        />
        <TextInput
          label="Notes"
          placeholder="e.g. Month-end count"
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Button type="submit" mt={25} loading={open.isPending}>
          Open count
        </Button>
      </Group>
      <ActionError error={open.error} onClose={open.reset} />
    </form>
  );
}
