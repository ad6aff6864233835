import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatKg, transportCo2eKg, tripCompleteSchema } from '@plastrace/shared';
import { useState } from 'react';
import { z } from 'zod';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import type { TripDetail } from './api.ts';

/** The server's refusal when neither a distance nor a GPS track gives one. */
const NO_DISTANCE = 'Enter the distance driven';

/** The dialog's form: the wire's distance, required when the trip has no GPS track to measure. */
const completeFormSchema = (trackKm: string | null) =>
  z
    .object({ distance_km: leftOutWhenBlank(tripCompleteSchema.shape.distance_km) })
    .refine((v) => v.distance_km !== undefined || trackKm !== null, {
      path: ['distance_km'],
      message: NO_DISTANCE,
    });

/**
 * Completes a trip in transit with the distance driven (the odometer's, else the GPS track's), showing
 * the transport emissions it will record: tonnes carried × km × the vehicle type's factor.
 */
export function CompleteDialog({
  trip,
  opened,
  loading,
  error,
  onClose,
  onConfirm,
}: {
  trip: TripDetail;
  opened: boolean;
  loading: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (distanceKm: string | undefined) => void;
}) {
  const [schema] = useState(() => completeFormSchema(trip.gpsDistanceKm));
  const form = useSchemaForm(schema, { distance_km: '' });
  const fieldLevel = 'distance_km' in useDialogFormErrors(form, opened, error);
  const typed = form.getValues().distance_km.trim();
  const km = typed || trip.gpsDistanceKm;
  const factor = trip.emissionFactor;
  const co2e = km && factor ? transportCo2eKg(trip.payloadKg, km, factor.kgCo2ePerTonneKm) : null;

  return (
    <Modal opened={opened} onClose={onClose} title={`Complete ${trip.number}`} centered>
      <form
        noValidate
        aria-label={`Complete ${trip.number}`}
        onSubmit={form.onSubmit((values) => onConfirm(schema.parse(values).distance_km))}
      >
        <Stack gap="md">
          {!fieldLevel && <ActionError error={error} />}
          <TextInput
            label="Distance driven (km)"
            description={
              trip.gpsDistanceKm
                ? `Leave empty to use the GPS track: ${trip.gpsDistanceKm} km`
                : 'From the odometer: the trip has no GPS track to measure'
            }
            data-autofocus
            {...decimalInput}
            {...form.getInputProps('distance_km')}
          />
          <Text size="sm" aria-live="polite">
            {formatKg(trip.payloadKg)} carried
            {factor === null
              ? ' · no emission factor for this vehicle type: its CO2e is not counted.'
              : co2e
                ? ` · about ${formatKg(co2e)} CO2e at ${factor.kgCo2ePerTonneKm} kg per tonne-km${factor.verified ? '' : ' (unverified factor)'}.`
                : '.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Complete trip
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
