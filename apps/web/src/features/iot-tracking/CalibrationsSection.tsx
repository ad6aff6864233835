import { Button, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { calibrationCreateSchema } from '@plastrace/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { formatDate } from '../../components/common/format.ts';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Device, useCalibrations, useRecordCalibration } from './api.ts';

/** A scale's calibration certificates, the latest first, and the form to record a new one. */
export function CalibrationsSection({ device }: { device: Device }) {
  const calibrations = useCalibrations(device.id);
  const mayManage = useCan('devices.manage');
  const { timeZone } = useMe();
  const [recording, setRecording] = useState(false);
  const items = calibrations.data?.items ?? [];
  return (
    <Stack gap="xs" component="section" aria-label="Calibrations">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          Calibrations
        </Title>
        {mayManage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            Record calibration
          </Button>
        )}
      </Group>
      <QueryStatus query={calibrations} what="The calibrations" loading="Loading calibrations…" />
      {calibrations.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          No calibration recorded. Weights from an uncalibrated scale are flagged on every record it weighs.
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} aria-label="Calibrations of this scale">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Calibrated</Table.Th>
                <Table.Th>Certificate</Table.Th>
                <Table.Th>Next due</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatDate(c.calibratedOn, timeZone)}</Table.Td>
                  <Table.Td>{c.certificateNo}</Table.Td>
                  <Table.Td>{formatDate(c.nextDueOn, timeZone)}</Table.Td>
                  <Table.Td>{c.calibratedBy ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CalibrationDialog device={device} opened={recording} onClose={() => setRecording(false)} />
    </Stack>
  );
}

const c = calibrationCreateSchema.shape;
const formSchema = z
  .object({
    calibrated_on: c.calibrated_on,
    certificate_no: c.certificate_no,
    next_due_on: c.next_due_on,
    calibrated_by: nullWhenBlank(c.calibrated_by),
    notes: nullWhenBlank(c.notes),
  })
  .refine((v) => v.next_due_on > v.calibrated_on, {
    path: ['next_due_on'],
    message: 'The next calibration is due after this one',
  });

function CalibrationDialog({
  device,
  opened,
  onClose,
}: {
  device: Device;
  opened: boolean;
  onClose: () => void;
}) {
  const record = useRecordCalibration(device.id);
  const form = useSchemaForm(formSchema, {
    calibrated_on: '',
    certificate_no: '',
    next_due_on: '',
    calibrated_by: '',
    notes: '',
  });
  const errors = useDialogFormErrors(form, opened, record.error);
  const { showToast } = useToast();
  const title = `Record a calibration of ${device.code}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) =>
          record.mutate(formSchema.parse(values), {
            onSuccess: (saved) => {
              showToast({ message: `Calibration ${saved.certificateNo} recorded.` });
              onClose();
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput type="date" label="Calibrated on" required {...form.getInputProps('calibrated_on')} />
            <TextInput type="date" label="Next due on" required {...form.getInputProps('next_due_on')} />
          </Group>
          <TextInput label="Certificate number" required {...form.getInputProps('certificate_no')} />
          <TextInput
            label="Calibrated by"
            description="The laboratory or technician"
            {...form.getInputProps('calibrated_by')}
          />
          <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
          <ActionError error={Object.keys(errors).length ? null : record.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record calibration
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
