import { ActionIcon, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatKg, formatPhp, formatPhpPerKg } from '@plastrace/shared';
import { IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { type Device, ScaleWeight } from '../../components/ScaleWeight.tsx';
import type { MaterialOption } from './api.ts';
import { lineFigures, type ReceiveForm } from './formState.ts';
import type { LineOrder } from './receiveOrder.ts';

interface LineFieldsProps {
  form: ReceiveForm;
  index: number;
  materials: MaterialOption[];
  /** The price list's PHP/kg for this line's material; null: none; undefined: not known yet. */
  listPrice?: string | null;
  /** The purchase order the delivery is received against, and its line's price for this material. */
  order?: LineOrder | undefined;
  canRemove: boolean;
  onRemove: () => void;
  /** Enter in the line's last field: the form adds a line after the last one. */
  onEnterInLastField: () => void;
  /** The facility's scales: with any, the line can take its gross weight from one. */
  scales?: Device[];
  timeZone?: string;
}

/** One delivery line: material, weights, deduction, optional price and the live figures. */
export function LineFields({
  form,
  index,
  materials,
  listPrice,
  order,
  canRemove,
  onRemove,
  onEnterInLastField,
  scales = [],
  timeZone = 'UTC',
}: LineFieldsProps) {
  const n = index + 1;
  const line = form.getValues().lines[index];
  const field = (name: 'material_id' | 'gross_kg' | 'tare_kg' | 'deduction_pct' | 'unit_price') =>
    form.getInputProps(`lines.${index}.${name}`);
  if (!line) return null;
  // A blank price is the order line's, else the price list's: as posting prices it.
  const orderPrice = order?.unitPrice ?? null;
  const figures = lineFigures(line, orderPrice ?? listPrice);
  const blank = !line.unit_price.trim();
  const fromOrder = blank && orderPrice !== null;
  const fromList = blank && !fromOrder;
  const priceHint =
    fromList && line.material_id && listPrice === null
      ? 'No price list row for this material here on that day: enter the price'
      : undefined;
  const notOnOrder =
    order && line.material_id && order.unitPrice === null
      ? `Not on ${order.number}: receive it without the order, or choose a material it orders`
      : undefined;
  const source = fromOrder
    ? ` at ${order?.number}'s ${formatPhpPerKg(orderPrice)}`
    : fromList
      ? ` at the price list's ${formatPhpPerKg(listPrice)}`
      : '';
  // Enter inside a line never submits the form by accident (a phone's 'Go' key).
  const noSubmit = (e: KeyboardEvent) => {
    if (e.key === 'Enter') e.preventDefault();
  };
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off', onKeyDown: noSubmit };
  const gross = field('gross_kg');
  // A weight typed over the scale's is typed by hand: the line no longer names the scale.
  const typeGross = (e: unknown) => {
    gross.onChange(e);
    if (line.device_id || line.reading_id) {
      form.setFieldValue(`lines.${index}.device_id`, null);
      form.setFieldValue(`lines.${index}.reading_id`, null);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" aria-label={`Line ${n}`} m={0}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm" component="legend" p={0}>
          Line {n}
        </Text>
        {canRemove && (
          <ActionIcon variant="subtle" color="red" aria-label={`Remove line ${n}`} onClick={onRemove}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <NativeSelect
          label="Material"
          required
          data-line-first={index}
          style={{ gridColumn: 'span 2' }}
          description={notOnOrder}
          {...field('material_id')}
          data={[
            { value: '', label: 'Choose…' },
            ...materials.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
          ]}
        />
        <TextInput label="Gross kg" required {...decimal} {...gross} onChange={typeGross} />
        <TextInput label="Tare kg" placeholder="0" {...decimal} {...field('tare_kg')} />
        <TextInput label="Deduction %" placeholder="0" {...decimal} {...field('deduction_pct')} />
        <TextInput
          label="Unit price (PHP/kg)"
          placeholder={
            orderPrice !== null
              ? `${order?.number}: ${orderPrice}`
              : listPrice
                ? `Price list: ${listPrice}`
                : 'Price list'
          }
          {...decimal}
          {...field('unit_price')}
          description={priceHint}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnterInLastField();
          }}
        />
      </SimpleGrid>
      {scales.length > 0 && (
        <Stack mt="xs" gap={4}>
          <ScaleWeight
            scales={scales}
            deviceId={line.device_id ?? null}
            readingId={line.reading_id ?? null}
            timeZone={timeZone}
            label={`Line ${n}`}
            onUse={({ deviceId, readingId, kg }) => {
              form.setFieldValue(`lines.${index}.gross_kg`, kg);
              form.setFieldValue(`lines.${index}.device_id`, deviceId);
              form.setFieldValue(`lines.${index}.reading_id`, readingId);
            }}
          />
          {form.errors[`lines.${index}.device_id`] || form.errors[`lines.${index}.reading_id`] ? (
            <Text size="sm" c="red" role="alert">
              {form.errors[`lines.${index}.device_id`] ?? form.errors[`lines.${index}.reading_id`]}
            </Text>
          ) : null}
        </Stack>
      )}
      <Text size="sm" mt="xs" aria-live="polite" data-testid={`line-${n}-figures`}>
        {figures
          ? `Net ${formatKg(figures.netKg)} · Payable ${formatKg(figures.payableKg)} · ${
              figures.amount === null ? 'Amount from the price list' : `${formatPhp(figures.amount)}${source}`
            }`
          : 'Enter the weights to see net, payable and amount.'}
      </Text>
    </Paper>
  );
}
