import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { formatKg, parseUnits, sumDecimals } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Driver, driverLabel, useFleetOptions, type Vehicle } from '../dispatchers/api.ts';
import { useCreateTrip } from './api.ts';
import type { PickedRecord } from './RecordPicker.tsx';
import { StopRows } from './StopRows.tsx';
import { newValues, recordField, toInput, tripFormSchema } from './tripForm.ts';

const choose = (pending: boolean) => ({ value: '', label: pending ? 'Loading…' : 'Choose…' });
// A lapsed licence is shown, not hidden, so the planner sees why a driver is refused.
/** Plans a trip: the truck, its driver and day, and the stops in the order they are visited. */
export function TripForm() {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const form = useSchemaForm(tripFormSchema, newValues(timeZone));
  const values = form.getValues();
  const vehicles = useFleetOptions<Vehicle>('/vehicles');
  const drivers = useFleetOptions<Driver>('/drivers');
  const create = useCreateTrip();
  const key = useRef(newIdempotencyKey());
  // The records picked so far (number, party, kg), by id.
  const [picked, setPicked] = useState(() => new Map<string, PickedRecord>());
  const vehicle = vehicles.data?.items.find((v) => v.id === values.vehicle_id);
  const loadKg = sumDecimals(
    values.stops.map((s) => picked.get(s[recordField(s.kind)])?.kg ?? '0'),
    3,
  );
  const over = vehicle && (parseUnits(loadKg, 3) ?? 0n) > (parseUnits(vehicle.capacityKg, 3) ?? 0n);

  const submit = form.onSubmit(() => {
    create.reset();
    create.mutate(
      { input: toInput(tripFormSchema.parse(form.getValues())), idempotencyKey: key.current },
      {
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
        onSuccess: (trip) => {
          key.current = newIdempotencyKey();
          showToast({ message: `Trip ${trip.number} planned.` });
          navigate(`/logistics/trips/${trip.id}`);
        },
      },
    );
  });
  const fieldLevel = Object.keys(wireFieldErrorsOf(create.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label="Plan a trip">
      <Stack gap="md">
        {create.error && !fieldLevel && <ActionError error={create.error} onClose={() => create.reset()} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelect
            label="Vehicle"
            required
            description={vehicle ? `Carries up to ${formatKg(vehicle.capacityKg)}` : undefined}
            data={[
              choose(vehicles.isPending),
              ...(vehicles.data?.items ?? []).map((v) => ({ value: v.id, label: `${v.code} · ${v.name}` })),
            ]}
            {...form.getInputProps('vehicle_id')}
          />
          <NativeSelect
            label="Driver"
            required
            data={[
              choose(drivers.isPending),
              ...(drivers.data?.items ?? []).map((d) => ({ value: d.id, label: driverLabel(d) })),
            ]}
            {...form.getInputProps('driver_id')}
          />
          <TextInput label="Planned day" type="date" required {...form.getInputProps('planned_on')} />
        </SimpleGrid>
        <StopRows form={form} picked={picked} onPick={(r) => setPicked((m) => new Map(m).set(r.id, r))} />
        <Alert color={over ? 'yellow' : 'green'} variant="light" title="Load" aria-label="Load">
          {formatKg(loadKg)} on {values.stops.length} stop{values.stops.length === 1 ? '' : 's'}
          {vehicle &&
            (over
              ? ` — more than the ${formatKg(vehicle.capacityKg)} ${vehicle.code} carries: the plan will be refused.`
              : ` of the ${formatKg(vehicle.capacityKg)} ${vehicle.code} carries.`)}
        </Alert>
        <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Plan trip
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
