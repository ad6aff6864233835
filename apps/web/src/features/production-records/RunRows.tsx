import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LOSS_FATE_LABELS, LOSS_FATES, LOSS_KIND_LABELS, LOSS_KINDS } from '@plastrace/shared';
import {
  decimalInput as decimal,
  FormRow as Row,
  RowSection as Section,
} from '../../components/common/FormRows.tsx';
import { availableKg, availableText, LotPicker, type PickedLot } from '../../components/lots/LotPicker.tsx';
import type { MaterialOption } from '../receive-records/api.ts';
import { emptyInput, emptyLoss, emptyOutput, type ProductionFormValues } from './formState.ts';

export type RunForm = UseFormReturnType<ProductionFormValues>;

const materialChoices = (materials: MaterialOption[]) => [
  { value: '', label: 'Choose…' },
  ...materials.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
];

/** Input lots: a lot of the facility found by code or QR scan, and the kg the run takes from it. */
export function InputRows({
  form,
  picked,
  onPick,
}: {
  form: RunForm;
  picked: Map<string, PickedLot>;
  onPick: (lot: PickedLot | null, rowKey: string) => void;
}) {
  const values = form.getValues();
  return (
    <Section
      title="Inputs"
      error={form.errors.inputs}
      add="Add input lot"
      onAdd={() => form.insertListItem('inputs', emptyInput())}
    >
      {values.inputs.map((row, i) => {
        const lot = picked.get(row.lot_id) ?? null;
        return (
          <Row
            key={row.key}
            label={`Input ${i + 1}`}
            onRemove={values.inputs.length > 1 ? () => form.removeListItem('inputs', i) : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <div style={{ gridColumn: 'span 2' }}>
                <LotPicker
                  label="Lot"
                  facilityId={values.facility_id}
                  value={lot}
                  error={form.errors[`inputs.${i}.lot_id`]}
                  onChange={(l) => {
                    onPick(l, row.key);
                    form.setFieldValue(`inputs.${i}.lot_id`, l?.id ?? '');
                    // Taking the whole lot is the usual case: offer what the marketplace does not hold of it.
                    if (l && !row.kg.trim()) form.setFieldValue(`inputs.${i}.kg`, availableKg(l));
                  }}
                />
              </div>
              <TextInput
                label="Kg taken"
                description={lot ? availableText(lot) : undefined}
                {...decimal}
                {...form.getInputProps(`inputs.${i}.kg`)}
              />
            </SimpleGrid>
          </Row>
        );
      })}
    </Section>
  );
}

/** Outputs: each becomes a lot of its material at posting. */
export function OutputRows({ form, materials }: { form: RunForm; materials: MaterialOption[] }) {
  const values = form.getValues();
  return (
    <Section
      title="Outputs"
      error={form.errors.outputs}
      add="Add output"
      onAdd={() => form.insertListItem('outputs', emptyOutput())}
    >
      {values.outputs.map((row, i) => (
        <Row
          key={row.key}
          label={`Output ${i + 1}`}
          onRemove={values.outputs.length > 1 ? () => form.removeListItem('outputs', i) : undefined}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <NativeSelect
              label="Material"
              style={{ gridColumn: 'span 2' }}
              data={materialChoices(materials)}
              {...form.getInputProps(`outputs.${i}.material_id`)}
            />
            <TextInput label="Kg" {...decimal} {...form.getInputProps(`outputs.${i}.kg`)} />
          </SimpleGrid>
        </Row>
      ))}
    </Section>
  );
}

/** Losses by kind and fate; one kept as a reject lot names its material. */
export function LossRows({ form, materials }: { form: RunForm; materials: MaterialOption[] }) {
  const values = form.getValues();
  return (
    <Section
      title="Losses"
      error={form.errors.losses}
      add="Add loss"
      onAdd={() => form.insertListItem('losses', emptyLoss())}
    >
      {values.losses.length === 0 && (
        <Text size="sm" c="dimmed">
          Moisture, contamination, fines, labels and caps: what went in and did not come out.
        </Text>
      )}
      {values.losses.map((row, i) => (
        <Row key={row.key} label={`Loss ${i + 1}`} onRemove={() => form.removeListItem('losses', i)}>
          <SimpleGrid cols={{ base: 1, sm: row.fate === 'reject_lot' ? 4 : 3 }} spacing="xs">
            <NativeSelect
              label="Kind"
              data={LOSS_KINDS.map((k) => ({ value: k, label: LOSS_KIND_LABELS[k] }))}
              {...form.getInputProps(`losses.${i}.kind`)}
            />
            <NativeSelect
              label="Where it went"
              data={LOSS_FATES.map((f) => ({ value: f, label: LOSS_FATE_LABELS[f] }))}
              {...form.getInputProps(`losses.${i}.fate`)}
            />
            {row.fate === 'reject_lot' && (
              <NativeSelect
                label="Reject lot material"
                data={materialChoices(materials)}
                {...form.getInputProps(`losses.${i}.material_id`)}
              />
            )}
            <TextInput label="Kg" {...decimal} {...form.getInputProps(`losses.${i}.kg`)} />
          </SimpleGrid>
        </Row>
      ))}
    </Section>
  );
}
