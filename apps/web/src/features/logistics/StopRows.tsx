import { ActionIcon, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { STOP_KIND_LABELS, STOP_KINDS, type StopKind } from '@plastrace/shared';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { decimalInput, FormRow, RowSection } from '../../components/common/FormRows.tsx';
import { type PickedRecord, RecordPicker } from './RecordPicker.tsx';
import { emptyStop, recordField, type TripFormValues } from './tripForm.ts';

/**
 * The stops in the order the truck visits them: each a pick-up of a posted delivery or a delivery of a
 * posted dispatch, with where it is (the record's party's address when left empty) and, for the map,
 * its position.
 */
export function StopRows({
  form,
  picked,
  onPick,
}: {
  form: UseFormReturnType<TripFormValues>;
  picked: Map<string, PickedRecord>;
  onPick: (record: PickedRecord) => void;
}) {
  const stops = form.getValues().stops;
  const move = (from: number, to: number) => form.reorderListItem('stops', { from, to });
  return (
    <RowSection
      title="Stops"
      error={form.errors.stops}
      add="Add a stop"
      onAdd={() => form.insertListItem('stops', emptyStop(stops.at(-1)?.kind))}
    >
      {stops.map((s, i) => {
        const field = recordField(s.kind);
        const id = s[field];
        return (
          <FormRow
            key={s.key}
            label={`Stop ${i + 1}`}
            onRemove={stops.length > 1 ? () => form.removeListItem('stops', i) : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <NativeSelect
                label="Kind"
                data={STOP_KINDS.map((k) => ({ value: k, label: STOP_KIND_LABELS[k] }))}
                {...form.getInputProps(`stops.${i}.kind`)}
                onChange={(e) => {
                  form.setFieldValue(`stops.${i}.kind`, e.currentTarget.value as StopKind);
                  form.setFieldValue(`stops.${i}.dispatch_record_id`, '');
                  form.setFieldValue(`stops.${i}.receive_record_id`, '');
                }}
              />
              <div style={{ gridColumn: 'span 2' }}>
                <RecordPicker
                  // A new picker for another kind: its search starts afresh.
                  key={s.kind}
                  kind={s.kind}
                  value={(id && picked.get(id)) || null}
                  error={form.errors[`stops.${i}.${field}`]}
                  onChange={(r) => {
                    if (r) onPick(r);
                    form.setFieldValue(`stops.${i}.${field}`, r?.id ?? '');
                  }}
                />
              </div>
              <TextInput
                label="Address"
                placeholder={s.kind === 'delivery' ? 'The dispatch’s destination' : 'The supplier’s address'}
                {...form.getInputProps(`stops.${i}.address`)}
              />
              <TextInput
                label="Latitude"
                placeholder="14.6760"
                {...decimalInput}
                {...form.getInputProps(`stops.${i}.latitude`)}
              />
              <TextInput
                label="Longitude"
                placeholder="121.0437"
                {...decimalInput}
                {...form.getInputProps(`stops.${i}.longitude`)}
              />
            </SimpleGrid>
            {stops.length > 1 && (
              <Group gap={4} mt="xs" justify="flex-end">
                <ActionIcon
                  variant="default"
                  disabled={i === 0}
                  aria-label={`Move stop ${i + 1} earlier`}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  disabled={i === stops.length - 1}
                  aria-label={`Move stop ${i + 1} later`}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </FormRow>
        );
      })}
    </RowSection>
  );
}
