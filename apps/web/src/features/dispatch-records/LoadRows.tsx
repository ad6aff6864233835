import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatPhp } from '@plastrace/shared';
import { decimalInput, FormRow, RowSection } from '../../components/common/FormRows.tsx';
import { availableKg, availableText, LotPicker, type PickedLot } from '../../components/lots/LotPicker.tsx';
import { type Device, ScaleWeight } from '../../components/ScaleWeight.tsx';
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
  scales = [],
  timeZone = 'UTC',
}: {
  form: UseFormReturnType<DispatchFormValues>;
  picked: Map<string, PickedLot>;
  onPick: (lot: PickedLot) => void;
  /** The order line's price for a lot's material, '' without an order or a matching line. */
  orderPrice: (lotId: string) => string;
  /** The facility's scales: with any, each lot's kg can come from one. */
  scales?: Device[];
  timeZone?: string;
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
        const kg = form.getInputProps(`lines.${i}.kg`);
        const scaleError = form.errors[`lines.${i}.device_id`] ?? form.errors[`lines.${i}.reading_id`];
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
                {...kg}
                onChange={(e) => {
                  kg.onChange(e);
                  // Typed over the scale's weight: typed by hand, the line no longer names the scale.
                  if (row.device_id || row.reading_id) {
                    form.setFieldValue(`lines.${i}.device_id`, null);
                    form.setFieldValue(`lines.${i}.reading_id`, null);
                  }
                }}
              />
              <TextInput
                label="Price per kg (PHP)"
                placeholder={fromOrder || undefined}
                description={fromOrder ? `Order price ${formatPhp(fromOrder)}` : undefined}
                {...decimalInput}
                {...form.getInputProps(`lines.${i}.unit_price`)}
              />
            </SimpleGrid>
            {scales.length > 0 && (
              <Stack mt="xs" gap={4}>
                <ScaleWeight
                  scales={scales}
                  deviceId={row.device_id ?? null}
                  readingId={row.reading_id ?? null}
                  timeZone={timeZone}
                  label={`Lot ${i + 1}`}
                  onUse={({ deviceId, readingId, kg: weighed }) => {
                    form.setFieldValue(`lines.${i}.kg`, weighed);
                    form.setFieldValue(`lines.${i}.device_id`, deviceId);
                    form.setFieldValue(`lines.${i}.reading_id`, readingId);
                  }}
                />
                {scaleError ? (
                  <Text size="sm" c="red" role="alert">
                    {scaleError}
                  </Text>
                ) : null}
              </Stack>
            )}
          </FormRow>
        );
      })}
    </RowSection>
  );
}
