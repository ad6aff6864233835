import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatKg, formatPhp, formatPhpPerKg } from '@plastrace/shared';
import { decimalInput as decimal, FormRow, RowSection } from '../../components/common/FormRows.tsx';
import type { MaterialOption } from '../receive-records/api.ts';
import { emptyLine, type OrderFormValues, orderFigures } from './formState.ts';

/** The order's lines: a material and grade, the kg and the agreed price, with each line's amount live. */
export function OrderLineRows({
  form,
  materials,
}: {
  form: UseFormReturnType<OrderFormValues>;
  materials: MaterialOption[];
}) {
  const values = form.getValues();
  const { amounts } = orderFigures(values.lines);
  return (
    <RowSection
      title="Lines"
      error={form.errors.lines}
      add="Add line"
      onAdd={() => form.insertListItem('lines', emptyLine())}
    >
      {values.lines.map((row, i) => {
        const material = materials.find((m) => m.id === row.material_id);
        const amount = amounts[i];
        return (
          <FormRow
            key={row.key}
            label={`Line ${i + 1}`}
            onRemove={values.lines.length > 1 ? () => form.removeListItem('lines', i) : undefined}
          >
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
              <NativeSelect
                label="Material"
                required
                style={{ gridColumn: 'span 2' }}
                data={[
                  { value: '', label: 'Choose…' },
                  ...materials.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
                ]}
                {...form.getInputProps(`lines.${i}.material_id`)}
              />
              <TextInput
                label="Grade"
                placeholder={material?.grade ?? 'A'}
                description={material ? 'Blank: the material’s grade' : undefined}
                {...form.getInputProps(`lines.${i}.grade`)}
              />
              <TextInput label="Kg" required {...decimal} {...form.getInputProps(`lines.${i}.kg`)} />
              <TextInput
                label="Price (PHP/kg)"
                required
                {...decimal}
                {...form.getInputProps(`lines.${i}.unit_price`)}
              />
            </SimpleGrid>
            <Text size="sm" mt="xs" aria-live="polite" data-testid={`line-${i + 1}-amount`}>
              {amount === null
                ? 'Enter the kg and the price to see the amount.'
                : `${formatKg(row.kg)} at ${formatPhpPerKg(row.unit_price)} = ${formatPhp(amount)}`}
            </Text>
          </FormRow>
        );
      })}
    </RowSection>
  );
}
