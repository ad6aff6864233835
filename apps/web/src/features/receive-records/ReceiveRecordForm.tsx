import {
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatKg, formatPhp, sumDecimals } from '@plastrace/shared';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { ScaleStreams, useFacilityScales } from '../../components/ScaleWeight.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import {
  type ReceiveRecord,
  useFacilityOptions,
  useListPrices,
  useMaterialOptions,
  usePostReceiveRecord,
  useSaveReceiveRecord,
} from './api.ts';
import { emptyLine, lineFigures, type ReceiveFormValues, toInput, useReceiveForm } from './formState.ts';
import { LineFields } from './LineFields.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { PostConfirmDialog } from './PostConfirmDialog.tsx';
import { PurchaseOrderSelect } from './PurchaseOrderSelect.tsx';
import { usePhotoUploads } from './photos.ts';
import { RecordPhotos } from './RecordPhotos.tsx';
import { useReceiveOrder } from './receiveOrder.ts';
import { SupplierSelect } from './SupplierSelect.tsx';

/**
 * The delivery form, laid out for a phone at the weighbridge. `record`: a draft being edited;
 * `orderId`: a new delivery received against that purchase order.
 */
export function ReceiveRecordForm({ record, orderId }: { record?: ReceiveRecord; orderId?: string }) {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  // Checked by the API's own body schema: the same rules and words in the browser as on the server.
  const { schema, form } = useReceiveForm(timeZone, record, orderId);
  const values = form.getValues();
  const [supplier, setSupplier] = useState(record?.supplier ?? null);
  const mayReadOrders = useCan('orders.read');
  // One key per submission: a retry after a failure reuses it, a success starts a new one.
  const saveKey = useRef(newIdempotencyKey());
  const postKey = useRef(newIdempotencyKey());
  const facilities = useFacilityOptions();
  const scales = useFacilityScales(values.facility_id);
  const materials = useMaterialOptions();
  const save = useSaveReceiveRecord();
  const post = usePostReceiveRecord();
  const linesRef = useRef<HTMLDivElement>(null);
  // Photos go up once the draft exists (they need its id), one at a time after the save.
  const photos = usePhotoUploads({ alreadyAttached: record?.photos.length ?? 0 });

  const addLine = () => {
    form.insertListItem('lines', emptyLine());
    // Focus the new line's first field once it is rendered.
    setTimeout(() => {
      const selects = linesRef.current?.querySelectorAll<HTMLSelectElement>('select[data-line-first]');
      selects?.[selects.length - 1]?.focus();
    });
  };
  // The messages of the lines after it move up with them.
  const removeLine = (i: number) => form.removeListItem('lines', i);

  // Against a purchase order, a line left without a price takes its order line's price.
  const materialList = materials.data?.items ?? [];
  const receiving = useReceiveOrder(form, materialList, setSupplier);
  const orderPrice = (materialId: string) => receiving.lineOrder(materialId)?.unitPrice;
  // Lines left to the price list show the row posting will use: material grade, facility region, day.
  const region = facilities.data?.items.find((f) => f.id === values.facility_id)?.region;
  const listed = materialList.filter((m) =>
    values.lines.some((l) => l.material_id === m.id && !l.unit_price.trim() && !orderPrice(m.id)),
  );
  const listPrices = useListPrices(listed, region, values.received_at.slice(0, 10) || null);
  const priceOf = (materialId: string) => orderPrice(materialId) || listPrices.get(materialId);
  const figures = values.lines.map((l) => lineFigures(l, priceOf(l.material_id)));
  const totalNet = sumDecimals(
    figures.map((f) => f?.netKg ?? '0'),
    3,
  );
  const totalAmount = sumDecimals(
    figures.map((f) => f?.amount ?? '0'),
    2,
  );
  const unpriced = figures.some((f) => f?.amount === null);
  const [confirmPost, setConfirmPost] = useState(false);

  /** Sends values the form has checked. */
  function submit(checked: ReceiveFormValues, andPost: boolean) {
    save.reset();
    post.reset();
    save.mutate(
      {
        input: toInput(schema.parse(checked), !!record),
        idempotencyKey: saveKey.current,
        id: record?.id,
        version: record?.version,
      },
      {
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
        onSuccess: async (saved) => {
          saveKey.current = newIdempotencyKey();
          const failures = await photos.uploadAll(saved.id);
          if (failures.length > 0) {
            // The draft is safe; the detail page can take the photos again.
            const what = failures.length === 1 ? 'a photo' : `${failures.length} photos`;
            showToast({
              message: `${saved.number} was saved as a draft${andPost ? ' and not posted, because' : ', but'} ${what} could not be uploaded: ${failures[0]}`,
            });
            navigate(`/receive-records/${saved.id}`);
            return;
          }
          if (!andPost) {
            showToast({ message: `Draft ${saved.number} saved.` });
            navigate(`/receive-records/${saved.id}`);
            return;
          }
          post.mutate(
            { id: saved.id, idempotencyKey: postKey.current },
            {
              onSuccess: (posted) => {
                showToast({ message: `${posted.number} posted: ${posted.lines.length} lot(s) created.` });
                navigate(`/receive-records/${posted.id}`);
              },
              onError: (error) => {
                showToast({
                  message: `${saved.number} was saved as a draft but not posted: ${error.message}`,
                });
                navigate(`/receive-records/${saved.id}`);
              },
            },
          );
        },
      },
    );
  }

  const busy = save.isPending || post.isPending || photos.uploading;
  const fieldLevel = Object.keys(wireFieldErrorsOf(save.error)).length > 0;

  return (
    <form
      onSubmit={form.onSubmit((checked) => submit(checked, false))}
      noValidate
      aria-label={record ? `Edit ${record.number}` : 'New delivery'}
    >
      <Stack gap="md">
        {save.error && (
          <ActionError
            error={fieldLevel ? new Error(save.error.message) : save.error}
            onClose={() => save.reset()}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SupplierSelect
            required
            value={supplier}
            error={form.errors.supplier_id}
            onChange={(s) => {
              setSupplier(s);
              // Another supplier's purchase order is not this one's.
              if ((s?.id ?? '') !== values.supplier_id) form.setFieldValue('order_id', '');
              form.setFieldValue('supplier_id', s?.id ?? '');
            }}
          />
          {mayReadOrders && values.supplier_id && (
            <PurchaseOrderSelect
              form={form}
              current={receiving.order ?? record?.order ?? undefined}
              loadError={receiving.query.error}
            />
          )}
          <NativeSelect
            label="Facility"
            required
            {...form.getInputProps('facility_id')}
            error={form.errors.facility_id ?? (facilities.isError ? facilities.error.message : undefined)}
            data={[
              { value: '', label: facilities.isPending ? 'Loading…' : 'Choose…' },
              ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
            ]}
          />
          <TextInput
            label="Received at"
            type="datetime-local"
            required
            description={`Time in ${timeZone}`}
            {...form.getInputProps('received_at')}
          />
          <TextInput label="Weighbridge ticket" {...form.getInputProps('weighbridge_ticket')} />
          <TextInput
            label="Vehicle plate"
            autoCapitalize="characters"
            {...form.getInputProps('vehicle_plate')}
          />
          <TextInput label="Scale or device id" {...form.getInputProps('scale_device_id')} />
        </SimpleGrid>

        <Title order={2} fz="h4">
          Lines
        </Title>
        {form.errors.lines && (
          <Text c="red" size="sm" role="alert">
            {form.errors.lines}
          </Text>
        )}
        <ScaleStreams>
          <Stack gap="sm" ref={linesRef}>
            {values.lines.map((line, i) => (
              <LineFields
                key={line.key}
                form={form}
                index={i}
                materials={materialList}
                listPrice={listPrices.get(line.material_id)}
                order={receiving.lineOrder(line.material_id)}
                canRemove={values.lines.length > 1}
                onRemove={() => removeLine(i)}
                onEnterInLastField={() => {
                  if (i === values.lines.length - 1) addLine();
                }}
                scales={scales}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        </ScaleStreams>
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addLine}>
            Add line
          </Button>
        </Group>
        <Text fw={600} aria-label="Totals" data-testid="totals">
          Total net {formatKg(totalNet)} · {formatPhp(totalAmount)}
          {unpriced ? ' + lines priced from the price list' : ''}
        </Text>
        <Title order={2} fz="h4">
          Photos
        </Title>
        {record && record.photos.length > 0 && (
          <RecordPhotos record={record} canRemove canAdd={false} title="Attached photos" titleOrder={3} />
        )}
        <PhotoPicker uploads={photos} disabled={busy} />
        <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending && !post.isPending} disabled={busy}>
            Save draft
          </Button>
          <Button
            onClick={() => {
              // The same checks as saving, before asking; the server's answer still decides.
              if (!form.validate().hasErrors) setConfirmPost(true);
            }}
            loading={busy}
          >
            Save and post
          </Button>
        </Group>
      </Stack>
      <PostConfirmDialog
        opened={confirmPost}
        summary={{
          supplierName: supplier?.name ?? null,
          lines: values.lines.length,
          netKg: totalNet,
          payableKg: sumDecimals(
            figures.map((f) => f?.payableKg ?? '0'),
            3,
          ),
          amount: unpriced ? null : totalAmount,
        }}
        onClose={() => setConfirmPost(false)}
        onConfirm={() => {
          setConfirmPost(false);
          submit(form.getValues(), true);
        }}
      />
    </form>
  );
}
