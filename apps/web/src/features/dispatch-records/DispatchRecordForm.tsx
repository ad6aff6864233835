import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatKg, formatPhp, orderLineFor } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import type { PickedLot } from '../../components/lots/LotPicker.tsx';
import { ScaleStreams, useFacilityScales } from '../../components/ScaleWeight.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useMaterialOptions } from '../receive-records/api.ts';
import { useOrganization } from '../settings/api.ts';
import { type DispatchRecord, usePostDispatchRecord, useSaveDispatchRecord } from './api.ts';
import { useOrderDetail } from './api-options.ts';
import { DispatchParties, DispatchTransport, DispatchWeighbridge } from './DispatchHeader.tsx';
import { dispatchFormSchema, figuresOf, newValues, toInput, valuesOf } from './formState.ts';
import { LoadRows } from './LoadRows.tsx';

/** The loading bay's form, laid out for a phone: who, what truck, which lots, the weighbridge. */
export function DispatchRecordForm({ record }: { record?: DispatchRecord }) {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [schema] = useState(() => dispatchFormSchema(timeZone));
  const form = useSchemaForm(schema, record ? valuesOf(record, timeZone) : newValues(timeZone));
  const scales = useFacilityScales(form.getValues().facility_id);
  const values = form.getValues();
  const saveKey = useRef(newIdempotencyKey());
  const postKey = useRef(newIdempotencyKey());
  const tolerance = useOrganization().data?.weighingTolerancePct ?? '0.20';
  const order = useOrderDetail(values.order_id);
  const materials = useMaterialOptions();
  const save = useSaveDispatchRecord();
  const post = usePostDispatchRecord();
  const [confirm, setConfirm] = useState(false);
  // The lots chosen so far (their code, material and balance), by id.
  const [picked, setPicked] = useState(
    () =>
      new Map<string, PickedLot>(
        (record?.lines ?? []).map((l) => [l.lot.id, { ...l.lot, material: l.material, qtyKg: l.kg }]),
      ),
  );
  // A lot takes the price of the order line of its material (and grade), as posting does.
  const orderPrice = (lotId: string) => {
    const id = picked.get(lotId)?.material.id;
    if (!id || !order.data) return '';
    const grade = materials.data?.items.find((m) => m.id === id)?.grade;
    const lines = order.data.lines.map((l) => ({ ...l, materialId: l.material.id }));
    return orderLineFor(lines, { id, grade })?.unitPrice ?? '';
  };
  const figures = figuresOf(values, tolerance, orderPrice);

  function submit(andPost: boolean) {
    save.reset();
    post.reset();
    const checked = schema.parse(form.getValues());
    save.mutate(
      { input: toInput(checked), idempotencyKey: saveKey.current, id: record?.id, version: record?.version },
      {
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
        onSuccess: (saved) => {
          saveKey.current = newIdempotencyKey();
          if (!andPost) {
            showToast({ message: `Draft ${saved.number} saved.` });
            navigate(`/dispatch-records/${saved.id}`);
            return;
          }
          post.mutate(
            { id: saved.id, idempotencyKey: postKey.current },
            {
              onSuccess: (p) => {
                showToast({ message: `${p.number} posted: delivery receipt ${p.deliveryReceiptNo}.` });
                navigate(`/dispatch-records/${p.id}`);
              },
              onError: (error) => {
                showToast({
                  message: `${saved.number} was saved as a draft but not posted: ${error.message}`,
                  color: 'yellow',
                });
                navigate(`/dispatch-records/${saved.id}`);
              },
            },
          );
        },
      },
    );
  }

  const busy = save.isPending || post.isPending;
  const fieldLevel = Object.keys(wireFieldErrorsOf(save.error)).length > 0;
  return (
    <form
      onSubmit={form.onSubmit(() => submit(false))}
      noValidate
      aria-label={record ? `Edit ${record.number}` : 'New dispatch'}
    >
      <Stack gap="md">
        {save.error && (
          <ActionError
            error={fieldLevel ? new Error(save.error.message) : save.error}
            onClose={() => save.reset()}
          />
        )}
        <DispatchParties
          form={form}
          onFacility={() => {
            // Lots leave from their own facility: those picked at another one are dropped, with their kg.
            setPicked(new Map());
            form.setFieldValue(
              'lines',
              form.getValues().lines.map((l) => ({ ...l, lot_id: '', kg: '' })),
            );
          }}
        />
        <ScaleStreams>
          <LoadRows
            form={form}
            picked={picked}
            onPick={(lot) => setPicked((m) => new Map(m).set(lot.id, lot))}
            orderPrice={orderPrice}
            scales={scales}
            timeZone={timeZone}
          />
        </ScaleStreams>
        <Title order={2} fz="h4">
          Truck and weighbridge
        </Title>
        <DispatchTransport form={form} />
        <DispatchWeighbridge form={form} />
        <Alert
          color={figures.withinTolerance ? 'green' : 'yellow'}
          variant="light"
          title="Load"
          aria-label="Load"
          data-testid="load-figures"
        >
          {formatKg(figures.totalKg)} loaded · {formatPhp(figures.amount)}
          {figures.netKg !== null &&
            ` · weighbridge ${formatKg(figures.netKg)} net, difference ${formatKg(figures.differenceKg ?? '0')} — ${
              figures.withinTolerance
                ? `within the weighing tolerance of ${tolerance} %.`
                : `posting needs the lots to match the net within ${tolerance} %.`
            }`}
        </Alert>
        <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending && !post.isPending} disabled={busy}>
            Save draft
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              if (!form.validate().hasErrors) setConfirm(true);
            }}
          >
            Save and post
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title="Post this dispatch?"
        confirmLabel="Post"
        color="brand"
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          submit(true);
        }}
      >
        <Text size="sm">
          Posting takes {formatKg(figures.totalKg)} out of {values.lines.length} lot(s), gives the delivery
          receipt its number and records {formatPhp(figures.amount)} owed by the customer. A posted dispatch
          cannot be edited, only voided until it is delivered.
        </Text>
        {!figures.withinTolerance && (
          <Alert color="yellow" mt="sm">
            The lots and the weighbridge differ by {formatKg(figures.differenceKg ?? '0')}: posting will be
            refused and the dispatch kept as a draft.
          </Alert>
        )}
      </ConfirmDialog>
    </form>
  );
}
