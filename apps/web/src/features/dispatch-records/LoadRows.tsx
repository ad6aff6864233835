import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatPhp } from '@plastrace/shared';
import { decimalInput, FormRow, RowSection } from '../../components/common/FormRows.tsx';
import { availableKg, availableText, LotPicker, type PickedLot } from '../../components/lots/LotPicker.tsx';
import { type DispatchFormValues, emptyLine } from './formState.ts';

/**
 * The lots loaded on the truck: each found by its code or by scanning its label, the kg that leave
 * (all that the marketplace does not hold by default; a lot may leave in part), and the price per kg — the sales order's when
 * left empty.
 */
export function LoadRows({
  form,
  picked,
  onPick,
  orderPrice,
}: {
  form: UseFormReturnType<DispatchFormValues>;
  picked: Map<string, PickedLot>;
  onPick: (lot: PickedLot) => void;
  /** The order line's price for a lot's material, '' without an order or a matching line. */
  orderPrice: (lotId: string) => string;
}) {
  const values = form.getValues();
  return (
    <RowSection
      title="Lots loaded"
      error={form.errors.lines}
      add="Add a lot"
      onAdd={() => form.insertListItem('lines', emptyLine())}
    >
      {values.lines.map((row, i) => {
        const lot = picked.get(row.lot_id) ?? null;
        const fromOrder = orderPrice(row.lot_id);
        return (
          <FormRow
            key={row.key}
            label={`Lot ${i + 1}`}
            onRemove={values.lines.length > 1 ? () => form.removeListItem('lines', i) : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
              <div style={{ gridColumn: 'span 2' }}>
                <LotPicker
                  label="Lot"
                  facilityId={values.facility_id}
                  value={lot}
                  error={form.errors[`lines.${i}.lot_id`]}
                  onChange={(l) => {
                    if (l) onPick(l);
                    form.setFieldValue(`lines.${i}.lot_id`, l?.id ?? '');
                    // The whole lot is the usual load: offer what the marketplace does not hold of it.
                    if (l && !row.kg.trim()) form.setFieldValue(`lines.${i}.kg`, availableKg(l));
                  }}
                />
              </div>
              <TextInput
                label="Kg loaded"
                description={lot ? availableText(lot) : undefined}
                {...decimalInput}
                {...form.getInputProps(`lines.${i}.kg`)}
              />
              <TextInput
                label="Price per kg (PHP)"
                placeholder={fromOrder || undefined}
                description={fromOrder ? `Order price ${formatPhp(fromOrder)}` : undefined}
                {...decimalInput}
                {...form.getInputProps(`lines.${i}.unit_price`)}
              />
            </SimpleGrid>
          </FormRow>
        );
      })}
    </RowSection>
  );
}
