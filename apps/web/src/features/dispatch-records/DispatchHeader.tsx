import { NativeSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatKg } from '@plastrace/shared';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { useMe } from '../../components/common/useMe.ts';
import {
  type Driver,
  driverLabel,
  type Hauler,
  haulerLabel,
  useFleetOptions,
  type Vehicle,
} from '../dispatchers/api.ts';
import { type FacilityOption, type MasterOption, useFacilityOptions } from '../receive-records/api.ts';
import { useOpenOrders, useOptions } from './api-options.ts';
import type { DispatchFormValues } from './formState.ts';

type Form = UseFormReturnType<DispatchFormValues>;

const choose = (pending: boolean, none = 'Choose…') => ({ value: '', label: pending ? 'Loading…' : none });

/** Who it goes to, against which order, from where, when, on what truck and with whom. */
export function DispatchParties({ form, onFacility }: { form: Form; onFacility: () => void }) {
  const { timeZone } = useMe();
  const values = form.getValues();
  const customers = useOptions<MasterOption>('/customers');
  const facilities = useFacilityOptions();
  const orders = useOpenOrders(values.customer_id);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      <Select
        label="Customer"
        required
        searchable
        placeholder={customers.isPending ? 'Loading…' : 'Name or code'}
        nothingFoundMessage="No customer matches"
        data={(customers.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
        {...form.getInputProps('customer_id')}
        value={values.customer_id || null}
        onChange={(id) => {
          form.setFieldValue('customer_id', id ?? '');
          form.setFieldValue('order_id', '');
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <NativeSelect
        label="Sales order"
        disabled={!values.customer_id}
        description={
          values.customer_id && orders.data?.length === 0 ? 'No open order for this customer' : undefined
        }
        data={[
          { value: '', label: 'No order' },
          ...(orders.data ?? []).map((o) => ({
            value: o.id,
            label: `${o.number} · ${formatKg(o.totalKg)}${o.fulfilledPct ? ` · ${o.fulfilledPct} % shipped` : ''}`,
          })),
        ]}
        {...form.getInputProps('order_id')}
      />
      <NativeSelect
        label="Leaves from"
        required
        {...form.getInputProps('facility_id')}
        onChange={(e) => {
          form.setFieldValue('facility_id', e.currentTarget.value);
          onFacility();
        }}
        data={[
          choose(facilities.isPending),
          ...(facilities.data?.items ?? []).map((f: FacilityOption) => ({
            value: f.id,
            label: `${f.name} (${f.code})`,
          })),
        ]}
      />
      <TextInput
        label="Dispatched at"
        type="datetime-local"
        required
        description={`Time in ${timeZone}`}
        {...form.getInputProps('dispatched_at')}
      />
      <TextInput label="Destination" placeholder="Delivery address" {...form.getInputProps('destination')} />
    </SimpleGrid>
  );
}

export function DispatchTransport({ form }: { form: Form }) {
  const vehicles = useFleetOptions<Vehicle>('/vehicles');
  const drivers = useFleetOptions<Driver>('/drivers');
  const haulers = useFleetOptions<Hauler>('/haulers');
  const values = form.getValues();
  const vehicle = vehicles.data?.items.find((v) => v.id === values.vehicle_id);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      <NativeSelect
        label="Vehicle"
        description={vehicle ? `Carries up to ${formatKg(vehicle.capacityKg)}` : undefined}
        data={[
          choose(vehicles.isPending, 'No vehicle'),
          ...(vehicles.data?.items ?? []).map((v) => ({ value: v.id, label: `${v.code} · ${v.name}` })),
        ]}
        {...form.getInputProps('vehicle_id')}
        onChange={(e) => {
          const id = e.currentTarget.value;
          form.setFieldValue('vehicle_id', id);
          const hauler = vehicles.data?.items.find((v) => v.id === id)?.hauler?.id;
          if (hauler && !values.hauler_id) form.setFieldValue('hauler_id', hauler);
        }}
      />
      <NativeSelect
        label="Driver"
        data={[
          choose(drivers.isPending, 'No driver'),
          ...(drivers.data?.items ?? []).map((d) => ({ value: d.id, label: driverLabel(d) })),
        ]}
        {...form.getInputProps('driver_id')}
      />
      <NativeSelect
        label="Hauler"
        data={[
          choose(haulers.isPending, 'Own truck'),
          ...(haulers.data?.items ?? []).map((h) => ({ value: h.id, label: haulerLabel(h) })),
        ]}
        {...form.getInputProps('hauler_id')}
      />
    </SimpleGrid>
  );
}

export function DispatchWeighbridge({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      <TextInput
        label="Gross (kg)"
        description="The loaded truck"
        {...decimalInput}
        {...form.getInputProps('gross_kg')}
      />
      <TextInput
        label="Tare (kg)"
        description="The empty truck"
        {...decimalInput}
        {...form.getInputProps('tare_kg')}
      />
      <TextInput label="Weighbridge ticket" {...form.getInputProps('weighbridge_ticket')} />
      <TagsInput
        label="Seal numbers"
        description="Press Enter after each"
        clearable
        {...form.getInputProps('seal_numbers')}
      />
    </SimpleGrid>
  );
}
