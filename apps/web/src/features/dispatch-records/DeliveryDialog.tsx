import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { deliveryDifference, deliveryInputSchema, formatKg } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { SignaturePad } from '../../components/common/SignaturePad.tsx';
import {
  leftOutWhenBlank,
  typed,
  useDialogFormErrors,
  useSchemaForm,
} from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { type DispatchRecord, useRecordDelivery } from './api.ts';

const wire = deliveryInputSchema.shape;
const formSchema = (timeZone: string) =>
  deliveryInputSchema.extend({
    delivered_at: z
      .string()
      .transform((v) => fromLocalInput(v, timeZone) ?? v)
      .pipe(wire.delivered_at),
    received_kg: typed(wire.received_kg),
    notes: leftOutWhenBlank(wire.notes),
  });

/**
 * Proof of delivery, captured at the customer's gate: when, what their scale weighed, who received
 * it, and their signature on the phone or a photo of the signed receipt.
 */
export function DeliveryDialog({
  record,
  opened,
  onClose,
  tolerancePct,
}: {
  record: DispatchRecord;
  opened: boolean;
  onClose: () => void;
  tolerancePct: string;
}) {
  const { timeZone } = useMe();
  const [schema] = useState(() => formSchema(timeZone));
  const form = useSchemaForm(schema, {
    delivered_at: toLocalInput(new Date(), timeZone),
    received_kg: record.totalKg,
    receiver_name: '',
    notes: '',
  });
  const [signature, setSignature] = useState<Blob | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [missingProof, setMissingProof] = useState(false);
  const deliver = useRecordDelivery();
  const key = useRef(newIdempotencyKey());
  const fieldErrors = useDialogFormErrors(form, opened, deliver.error);
  const beyond = deliveryDifference(
    record.totalKg,
    form.getValues().received_kg,
    tolerancePct,
  )?.beyondTolerance;

  const submit = form.onSubmit((values) => {
    if (!signature && !photo) {
      setMissingProof(true);
      return;
    }
    const checked = schema.parse(values);
    deliver.mutate(
      {
        id: record.id,
        idempotencyKey: key.current,
        delivery: {
          deliveredAt: checked.delivered_at,
          receivedKg: checked.received_kg,
          receiverName: checked.receiver_name,
          notes: checked.notes ?? '',
          signature,
          photo,
        },
      },
      { onSuccess: onClose },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Proof of delivery for ${record.number}`} size="lg">
      <form onSubmit={submit} noValidate aria-label="Proof of delivery">
        <Stack gap="sm">
          {/* A refused field is said under it; only what names no field is said here. */}
          {deliver.error && Object.keys(fieldErrors).length === 0 && (
            <ActionError error={deliver.error} onClose={() => deliver.reset()} />
          )}
          <TextInput
            label="Delivered at"
            type="datetime-local"
            required
            description={`Time in ${timeZone}`}
            {...form.getInputProps('delivered_at')}
          />
          <TextInput
            label="Received (kg)"
            required
            description={`Shipped ${formatKg(record.totalKg)}: the customer's scale`}
            {...decimalInput}
            {...form.getInputProps('received_kg')}
          />
          {beyond && (
            <Alert color="yellow" variant="light">
              More than {tolerancePct} % from what was shipped: the delivery opens a discrepancy for a manager
              to settle.
            </Alert>
          )}
          <TextInput label="Received by" required {...form.getInputProps('receiver_name')} />
          <SignaturePad
            label="Receiver’s signature"
            onChange={(png) => {
              setSignature(png);
              if (png) setMissingProof(false);
            }}
          />
          <FileInput
            label="Or a photo of the signed delivery receipt"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            clearable
            value={photo}
            onChange={(f) => {
              setPhoto(f);
              if (f) setMissingProof(false);
            }}
          />
          {missingProof && (
            <Text c="red" size="sm" role="alert">
              Add the receiver’s signature or a photo of the signed receipt
            </Text>
          )}
          <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={deliver.isPending}>
              Record delivery
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
