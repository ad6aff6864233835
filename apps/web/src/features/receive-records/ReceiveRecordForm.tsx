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
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import {
  type ReceiveRecord,
  useFacilityOptions,
  useListPrices,
  useMaterialOptions,
  usePostReceiveRecord,
  useSaveReceiveRecord,
} from './api.ts';
import {
  draftOf,
  emptyLine,
  type FormErrors,
  type LineDraft,
  lineFigures,
  newDraft,
  toInput,
  validateDraft,
} from './formState.ts';
import { LineFields } from './LineFields.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { PostConfirmDialog } from './PostConfirmDialog.tsx';
import { usePhotoUploads } from './photos.ts';
import { ReceivePhotos } from './ReceivePhotos.tsx';
import { SupplierSelect } from './SupplierSelect.tsx';

/** The delivery form, laid out for a phone at the weighbridge. `record`: a draft being edited. */
export function ReceiveRecordForm({ record }: { record?: ReceiveRecord }) {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [draft, setDraft] = useState(() => (record ? draftOf(record, timeZone) : newDraft(timeZone)));
  const [supplier, setSupplier] = useState(record?.supplier ?? null);
  const [errors, setErrors] = useState<FormErrors>({});
  // One key per submission: a retry after a failure reuses it, a success starts a new one.
  const saveKey = useRef(newIdempotencyKey());
  const postKey = useRef(newIdempotencyKey());
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const save = useSaveReceiveRecord();
  const post = usePostReceiveRecord();
  const linesRef = useRef<HTMLDivElement>(null);
  // Photos go up once the draft exists (they need its id), one at a time after the save.
  const photos = usePhotoUploads({ alreadyAttached: record?.photos.length ?? 0 });

  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const addLine = () => {
    setDraft((d) => ({ ...d, lines: [...d.lines, emptyLine()] }));
    // Focus the new line's first field once it is rendered.
    setTimeout(() => {
      const selects = linesRef.current?.querySelectorAll<HTMLSelectElement>('select[data-line-first]');
      selects?.[selects.length - 1]?.focus();
    });
  };
  const removeLine = (i: number) => {
    setDraft((d) => ({ ...d, lines: d.lines.filter((_, j) => j !== i) }));
    setErrors({});
  };

  // Lines left to the price list show the row posting will use: material grade, facility region, day.
  const region = facilities.data?.items.find((f) => f.id === draft.facilityId)?.region;
  const listed = (materials.data?.items ?? []).filter((m) =>
    draft.lines.some((l) => l.materialId === m.id && !l.unitPrice.trim()),
  );
  const listPrices = useListPrices(listed, region, draft.receivedAt.slice(0, 10) || null);
  const figures = draft.lines.map((l) => lineFigures(l, listPrices.get(l.materialId)));
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

  function submit(andPost: boolean) {
    save.reset();
    post.reset();
    const found = validateDraft(draft, timeZone);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        input: toInput(draft, timeZone),
        idempotencyKey: saveKey.current,
        id: record?.id,
        version: record?.version,
      },
      {
        onError: (error) => setErrors(fieldErrorsOf(error)),
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(false);
  };
  const busy = save.isPending || post.isPending || photos.uploading;
  const fieldLevel = Object.keys(fieldErrorsOf(save.error)).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={record ? `Edit ${record.number}` : 'New delivery'}>
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
            error={errors.supplierId}
            onChange={(s) => {
              setSupplier(s);
              set({ supplierId: s?.id ?? '' });
            }}
          />
          <NativeSelect
            label="Facility"
            required
            value={draft.facilityId}
            error={errors.facilityId ?? (facilities.isError ? facilities.error.message : undefined)}
            data={[
              { value: '', label: facilities.isPending ? 'Loading…' : 'Choose…' },
              ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
            ]}
            onChange={(e) => set({ facilityId: e.currentTarget.value })}
          />
          <TextInput
            label="Received at"
            type="datetime-local"
            required
            description={`Time in ${timeZone}`}
            value={draft.receivedAt}
            error={errors.receivedAt}
            onChange={(e) => set({ receivedAt: e.currentTarget.value })}
          />
          <TextInput
            label="Weighbridge ticket"
            value={draft.weighbridgeTicket}
            error={errors.weighbridgeTicket}
            onChange={(e) => set({ weighbridgeTicket: e.currentTarget.value })}
          />
          <TextInput
            label="Vehicle plate"
            autoCapitalize="characters"
            value={draft.vehiclePlate}
            error={errors.vehiclePlate}
            onChange={(e) => set({ vehiclePlate: e.currentTarget.value })}
          />
          <TextInput
            label="Scale or device id"
            value={draft.scaleDeviceId}
            error={errors.scaleDeviceId}
            onChange={(e) => set({ scaleDeviceId: e.currentTarget.value })}
          />
        </SimpleGrid>

        <Title order={2} fz="h4">
          Lines
        </Title>
        {errors.lines && (
          <Text c="red" size="sm" role="alert">
            {errors.lines}
          </Text>
        )}
        <Stack gap="sm" ref={linesRef}>
          {draft.lines.map((line, i) => (
            <LineFields
              key={line.key}
              index={i}
              line={line}
              materials={materials.data?.items ?? []}
              listPrice={listPrices.get(line.materialId)}
              errors={errors}
              canRemove={draft.lines.length > 1}
              onChange={(patch) => setLine(i, patch)}
              onRemove={() => removeLine(i)}
              onEnterInLastField={() => {
                if (i === draft.lines.length - 1) addLine();
              }}
            />
          ))}
        </Stack>
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
          <ReceivePhotos record={record} canRemove canAdd={false} title="Attached photos" titleOrder={3} />
        )}
        <PhotoPicker uploads={photos} disabled={busy} />
        <Textarea
          label="Notes"
          rows={2}
          value={draft.notes}
          error={errors.notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending && !post.isPending} disabled={busy}>
            Save draft
          </Button>
          <Button
            onClick={() => {
              // The same checks as saving, before asking; the server's answer still decides.
              const found = validateDraft(draft, timeZone);
              setErrors(found);
              if (Object.keys(found).length === 0) setConfirmPost(true);
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
          lines: draft.lines.length,
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
          submit(true);
        }}
      />
    </form>
  );
}
