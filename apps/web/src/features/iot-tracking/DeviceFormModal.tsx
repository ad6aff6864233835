import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  DEVICE_KIND_LABELS,
  DEVICE_KINDS,
  type DeviceKind,
  deviceCreateSchema,
  isScaleKind,
} from '@plastrace/shared';
import { z } from 'zod';
import { ActionError } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useFacilityOptionList } from '../catalog/referenceApi.ts';
import { type Device, type Option, useLinePickerOptions, useSaveDevice, useVehicleOptions } from './api.ts';

const s = deviceCreateSchema.shape;
const formSchema = z.object({
  kind: s.kind,
  code: s.code,
  name: s.name,
  facility_id: nullWhenBlank(s.facility_id),
  production_line_id: nullWhenBlank(s.production_line_id),
  vehicle_id: nullWhenBlank(s.vehicle_id),
  capacity_kg: nullWhenBlank(s.capacity_kg),
  offline_after_minutes: z
    .string()
    .transform((v) => (v.trim() ? Number(v) : undefined))
    .pipe(s.offline_after_minutes),
  manufacturer: nullWhenBlank(s.manufacturer),
  model: nullWhenBlank(s.model),
  serial_no: nullWhenBlank(s.serial_no),
  notes: nullWhenBlank(s.notes),
});

/** Which place fields a kind uses (the server's rules; the others are sent empty). */
const USES = (kind: DeviceKind) => ({
  facility: isScaleKind(kind) || kind === 'environment_sensor',
  line: kind === 'energy_meter',
  vehicle: kind === 'gps_tracker',
  capacity: isScaleKind(kind),
});

const initial = (d: Device | null) => ({
  kind: (d?.kind ?? 'weighbridge') as DeviceKind,
  code: d?.code ?? '',
  name: d?.name ?? '',
  facility_id: d?.kind === 'energy_meter' ? '' : (d?.facility?.id ?? ''),
  production_line_id: d?.productionLine?.id ?? '',
  vehicle_id: d?.vehicle?.id ?? '',
  capacity_kg: d?.capacityKg ?? '',
  offline_after_minutes: String(d?.offlineAfterMinutes ?? 15),
  manufacturer: d?.manufacturer ?? '',
  model: d?.model ?? '',
  serial_no: d?.serialNo ?? '',
  notes: d?.notes ?? '',
});

const picker = (options: Option[], placeholder: string) => [{ value: '', label: placeholder }, ...options];

/** Register a device, or change one (its kind stays): the fields follow the kind. */
export function DeviceFormModal({
  device,
  opened,
  onClose,
  onSaved,
}: {
  device: Device | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (d: Device) => void;
}) {
  const save = useSaveDevice();
  const form = useSchemaForm(formSchema, initial(device));
  const errors = useDialogFormErrors(form, opened, save.error);
  const facilities = useFacilityOptionList();
  const lines = useLinePickerOptions();
  const vehicles = useVehicleOptions();
  const { showToast } = useToast();
  const uses = USES(form.values.kind as DeviceKind);

  const submit = form.onSubmit((values) => {
    const { kind, ...v } = formSchema.parse(values);
    const body = {
      ...v,
      facility_id: uses.facility ? v.facility_id : null,
      production_line_id: uses.line ? v.production_line_id : null,
      vehicle_id: uses.vehicle ? v.vehicle_id : null,
      capacity_kg: uses.capacity ? v.capacity_kg : null,
    };
    save.mutate(
      device ? { id: device.id, body: { ...body, version: device.version } } : { body: { ...body, kind } },
      {
        onSuccess: (saved) => {
          showToast({ message: `${saved.code} ${device ? 'has been saved' : 'is registered'}.` });
          onSaved?.(saved);
          onClose();
        },
      },
    );
  });

  const title = device ? `Edit ${device.code}` : 'Register a device';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <NativeSelect
            label="Kind"
            required
            disabled={!!device}
            description={device ? 'The kind cannot change: register another device instead.' : undefined}
            data={DEVICE_KINDS.map((k) => ({ value: k, label: DEVICE_KIND_LABELS[k] }))}
            {...form.getInputProps('kind')}
          />
          <Group grow align="flex-start">
            <TextInput label="Code" required placeholder="WB-01" {...form.getInputProps('code')} />
            <TextInput label="Name" required {...form.getInputProps('name')} />
          </Group>
          {uses.facility && (
            <NativeSelect
              label="Facility"
              required
              data={picker(facilities, 'Choose a facility')}
              {...form.getInputProps('facility_id')}
            />
          )}
          {uses.line && (
            <NativeSelect
              label="Production line"
              required
              description="The meter’s facility is the line’s."
              data={picker(lines, 'Choose a production line')}
              {...form.getInputProps('production_line_id')}
            />
          )}
          {uses.vehicle && (
            <NativeSelect
              label="Vehicle"
              required
              data={picker(vehicles, 'Choose a vehicle')}
              {...form.getInputProps('vehicle_id')}
            />
          )}
          <Group grow align="flex-start">
            {uses.capacity && (
              <TextInput
                label="Capacity (kg)"
                required
                inputMode="decimal"
                {...form.getInputProps('capacity_kg')}
              />
            )}
            <TextInput
              label="Offline after (minutes)"
              description="Without a reading this long, the device counts as offline."
              inputMode="numeric"
              {...form.getInputProps('offline_after_minutes')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Manufacturer" {...form.getInputProps('manufacturer')} />
            <TextInput label="Model" {...form.getInputProps('model')} />
            <TextInput label="Serial number" {...form.getInputProps('serial_no')} />
          </Group>
          <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
          <ActionError error={Object.keys(errors).length ? null : save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {device ? 'Save' : 'Register'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
