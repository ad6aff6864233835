import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { stockCountCreateSchema } from '@plastrace/shared';
import { useNavigate } from 'react-router';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { useOpenStockCount } from './stockCounts.api.ts';

/** The count route's body (stockCountCreateSchema); "All materials" is no material. */
const openCountFormSchema = stockCountCreateSchema.extend({
  material_id: leftOutWhenBlank(stockCountCreateSchema.shape.material_id),
});

/** Opens a count sheet of a facility (optionally one material) and goes to it. */
export function OpenCountForm() {
  const navigate = useNavigate();
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const open = useOpenStockCount();
  const form = useSchemaForm(openCountFormSchema, { facility_id: '', material_id: '', notes: '' });

  const submit = form.onSubmit((values) => {
    const body = openCountFormSchema.parse(values);
    open.mutate(
      { facilityId: body.facility_id, materialId: body.material_id ?? null, notes: body.notes ?? '' },
      {
        onSuccess: (count) => navigate(`/inventory/stock-counts/${count.id}`),
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });
  const fieldLevel = Object.keys(wireFieldErrorsOf(open.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label="Open a stock count">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          label="Facility"
          required
          {...form.getInputProps('facility_id')}
          data={[
            { value: '', label: 'Choose a facility' },
            ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
        />
        <NativeSelect
          label="Material"
          {...form.getInputProps('material_id')}
          data={[
            { value: '', label: 'All materials' },
            ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
        />
        <TextInput
          label="Notes"
          placeholder="e.g. Month-end count"
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <Button type="submit" mt={25} loading={open.isPending}>
          Open count
        </Button>
      </Group>
      {!fieldLevel && <ActionError error={open.error} onClose={open.reset} />}
    </form>
  );
}
