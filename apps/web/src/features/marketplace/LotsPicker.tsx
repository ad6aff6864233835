import { Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatKg, toUnits } from '@plastrace/shared';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { availableKg } from '../../components/lots/LotPicker.tsx';
import { useLots } from '../lots/api.ts';
import type { ListingFormValues } from './listingForm.ts';

/**
 * The available lots of the chosen material, each ticked to back the listing with the kg it offers
 * (all that is free of it at first). The server still refuses kg another listing took meanwhile.
 */
export function LotsPicker({
  form,
  materialId,
}: {
  form: UseFormReturnType<ListingFormValues>;
  materialId: string;
}) {
  const lots = useLots({ status: 'available', materialId });
  const items = lots.data?.pages.flatMap((p) => p.items) ?? [];
  const chosen = form.values.lots;
  const indexOf = (lotId: string) => chosen.findIndex((l) => l.lot_id === lotId);
  const toggle = (lotId: string, qtyKg: string) => {
    const i = indexOf(lotId);
    if (i >= 0) form.removeListItem('lots', i);
    else form.insertListItem('lots', { lot_id: lotId, kg: qtyKg });
  };
  const lotsError = form.errors.lots;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Lots backing the listing
      </Text>
      <Text size="xs" c="dimmed">
        The kg you list are reserved: they cannot be dispatched or used elsewhere until the listing closes or
        a buyer’s order takes them. Without lots, give the quantity (quality level 1).
      </Text>
      <QueryStatus query={lots} what="The lots" loading="Loading the material’s lots…" />
      {lots.isSuccess && items.length === 0 && (
        <Text size="sm">No available lots of this material: give the quantity instead.</Text>
      )}
      {items.length > 0 && (
        <Table aria-label="Lots of the material">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>List</Table.Th>
              <Table.Th>Lot</Table.Th>
              <Table.Th ta="right">In the lot</Table.Th>
              <Table.Th ta="right">Free to list</Table.Th>
              <Table.Th>kg to list</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((lot) => {
              const i = indexOf(lot.id);
              const free = availableKg(lot);
              const none = toUnits(free, 3) <= 0n;
              return (
                <Table.Tr key={lot.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`List lot ${lot.code}`}
                      checked={i >= 0}
                      disabled={none && i < 0}
                      onChange={() => toggle(lot.id, free)}
                    />
                  </Table.Td>
                  <Table.Td>{lot.code}</Table.Td>
                  <Table.Td ta="right">{formatKg(lot.qtyKg)}</Table.Td>
                  <Table.Td ta="right">{none ? 'All reserved' : formatKg(free)}</Table.Td>
                  <Table.Td>
                    {i >= 0 && (
                      <TextInput
                        aria-label={`kg of lot ${lot.code}`}
                        inputMode="decimal"
                        size="xs"
                        {...form.getInputProps(`lots.${i}.kg`)}
                        error={form.errors[`lots.${i}.kg`] ?? form.errors[`lots.${i}.lot_id`]}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {typeof lotsError === 'string' && (
        <Text c="red.8" size="sm" role="alert">
          {lotsError}
        </Text>
      )}
      {chosen.length > 0 && (
        <Group gap="xs">
          <Text size="sm">
            {chosen.length} {chosen.length === 1 ? 'lot' : 'lots'} chosen; the listing’s quantity is their
            sum.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
