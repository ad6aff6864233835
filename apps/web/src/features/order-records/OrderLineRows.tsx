import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatKg, formatPhp, formatPhpPerKg, type PriceKind } from '@plastrace/shared';
import { decimalInput as decimal, FormRow, RowSection } from '../../components/common/FormRows.tsx';
import type { ListPrice } from '../prices/api.ts';
import type { MaterialOption } from '../receive-records/api.ts';
import { emptyLine, type LineValues, type OrderFormValues, orderFigures } from './formState.ts';

/**
 * What the price field says of the price list: the row a blank price takes, that there is none, or
 * what the list needs to be asked (a facility with a region and the order date).
 */
export function listPriceHint(
  line: LineValues,
  kind: PriceKind,
  known: boolean,
  listPrice: ListPrice | null | undefined,
): string | undefined {
  const blank = !line.unit_price.trim();
  if (!line.material_id) return undefined;
  if (!known)
    return blank ? `Enter a price, or choose a facility with a region for the ${kind} price list` : undefined;
  if (listPrice)
    return `Price list: ${formatPhpPerKg(listPrice.pricePerKg)} from ${listPrice.effectiveFrom} (used when left blank)`;
  if (listPrice === null && blank) return `No ${kind} price in the price list for this region: enter one`;
  return undefined;
}

/**
 * The order's lines: a material and grade, the kg and the agreed price (blank: the price list's), with
 * each line's amount live.
 */
export function OrderLineRows({
  form,
  materials,
  priceKind,
  priceListKnown,
  listPriceOf,
}: {
  form: UseFormReturnType<OrderFormValues>;
  materials: MaterialOption[];
  /** The price list a blank price comes from: selling for a sales order, buying for a purchase order. */
  priceKind: PriceKind;
  /** Whether the price list can be asked: the facility has a region and the order has a date. */
  priceListKnown: boolean;
  /** The price list's row for a line: null when there is none, undefined while not known. */
  listPriceOf: (line: LineValues) => ListPrice | null | undefined;
}) {
  const values = form.getValues();
  const { amounts } = orderFigures(values.lines, (l) => listPriceOf(l)?.pricePerKg);
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
        const listPrice = listPriceOf(row);
        const fromList = !row.unit_price.trim() && !!listPrice;
        const price = fromList ? listPrice?.pricePerKg : row.unit_price;
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
                placeholder={listPrice ? listPrice.pricePerKg : undefined}
                description={listPriceHint(row, priceKind, priceListKnown, listPrice)}
                {...decimal}
                {...form.getInputProps(`lines.${i}.unit_price`)}
              />
            </SimpleGrid>
            <Text size="sm" mt="xs" aria-live="polite" data-testid={`line-${i + 1}-amount`}>
              {amount === null
                ? 'Enter the kg and the price to see the amount.'
                : `${formatKg(row.kg)} at ${formatPhpPerKg(price)}${fromList ? ' (price list)' : ''} = ${formatPhp(amount)}`}
            </Text>
          </FormRow>
        );
      })}
    </RowSection>
  );
}
