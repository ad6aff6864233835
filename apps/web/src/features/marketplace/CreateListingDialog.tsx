import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MATERIAL_FORMS, POLYMERS } from '@plastrace/shared';
import { useRef } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { creditsText, fateLabel, serialRange } from '../epr-credits/labels.tsx';
import { useMaterialOptions } from '../receive-records/api.ts';
import { useCreateListing, useHeldBlocks, useMyFacilities } from './api.ts';
import { LotsPicker } from './LotsPicker.tsx';
import { emptyListing, listingBody, listingFormSchema } from './listingForm.ts';

/** Lists material (backed by lots, or a quantity), held EPR credits, or a buy request. */
export function CreateListingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(listingFormSchema, emptyListing);
  const create = useCreateListing();
  const fieldErrors = useDialogFormErrors(form, opened, create.error);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const { side, kind, material_id: materialId } = form.values;
  const sellMaterial = kind === 'material' && side === 'sell';
  const materials = useMaterialOptions(opened && sellMaterial);
  const sellCredits = kind === 'credits' && side === 'sell';
  const holdings = useHeldBlocks(opened && sellCredits);
  const facilities = useMyFacilities(opened);
  const blocks = holdings.data?.items ?? [];

  const close = () => {
    create.reset();
    key.current = newIdempotencyKey();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    create.mutate(
      { key: key.current, body: listingBody(values) },
      {
        onSuccess: (listing) => {
          showToast({ message: `Listed “${listing.title}”.` });
          close();
        },
      },
    ),
  );

  const unit = kind === 'credits' ? 'credits' : 'kg';
  return (
    <Modal opened={opened} onClose={close} title="New listing" size="lg" centered>
      <form onSubmit={submit} noValidate aria-label="New listing">
        <Stack gap="md">
          {Object.keys(fieldErrors).length === 0 && <ActionError error={create.error} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="listing-side">
                I want to
              </Text>
              <SegmentedControl
                aria-labelledby="listing-side"
                data={[
                  { value: 'sell', label: 'Sell' },
                  { value: 'buy', label: 'Buy' },
                ]}
                {...form.getInputProps('side')}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="listing-kind">
                What
              </Text>
              <SegmentedControl
                aria-labelledby="listing-kind"
                data={[
                  { value: 'material', label: 'Material' },
                  { value: 'credits', label: 'EPR credits' },
                ]}
                {...form.getInputProps('kind')}
              />
            </Stack>
          </SimpleGrid>
          <TextInput label="Title" required data-autofocus maxLength={120} {...form.getInputProps('title')} />
          {sellMaterial && (
            <>
              <NativeSelect
                label="Material"
                required
                data={[
                  { value: '', label: materials.isPending ? 'Loading…' : 'Choose your material' },
                  ...(materials.data?.items ?? []).map((m) => ({
                    value: m.id,
                    label: `${m.name} (${m.code})`,
                  })),
                ]}
                {...form.getInputProps('material_id')}
                onChange={(e) => {
                  form.setFieldValue('material_id', e.currentTarget.value);
                  form.setFieldValue('lots', []);
                }}
              />
              {materialId && <LotsPicker form={form} materialId={materialId} />}
            </>
          )}
          {kind === 'material' && side === 'buy' && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect
                label="Polymer"
                required
                data={[{ value: '', label: 'Choose' }, ...POLYMERS]}
                {...form.getInputProps('polymer')}
              />
              <NativeSelect
                label="Form"
                data={[{ value: '', label: 'Any form' }, ...MATERIAL_FORMS]}
                {...form.getInputProps('form')}
              />
              <TextInput label="Grade" maxLength={20} {...form.getInputProps('grade')} />
            </SimpleGrid>
          )}
          {sellCredits && (
            <NativeSelect
              label="Credits to sell from"
              required
              description="Credits you hold; those listed are reserved until the listing closes"
              data={[
                { value: '', label: holdings.isPending ? 'Loading…' : 'Choose a block of credits' },
                ...blocks.map((b) => ({
                  value: b.id,
                  label: `${serialRange(b.firstSerial, b.lastSerial)} · ${creditsText(b.quantity)} · ${b.batch.vintage}, ${fateLabel(b.batch.fate)}`,
                })),
              ]}
              {...form.getInputProps('credit_block_id')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {!(sellMaterial && form.values.lots.length > 0) && (
              <TextInput
                label={`Quantity (${unit})`}
                required
                inputMode="decimal"
                {...form.getInputProps('quantity')}
              />
            )}
            <TextInput
              label={`Minimum order (${unit})`}
              description="Optional"
              inputMode="decimal"
              {...form.getInputProps('min_order')}
            />
            <TextInput
              label={`Price (₱ per ${kind === 'credits' ? 'credit' : 'kg'})`}
              description="Leave empty to ask for offers"
              inputMode="decimal"
              {...form.getInputProps('price')}
            />
            <NativeSelect
              label="Location"
              description="The facility’s city and point are shown"
              data={[
                { value: '', label: 'No location' },
                ...(facilities.data?.items ?? []).map((f) => ({
                  value: f.id,
                  label: `${f.name}, ${f.city}`,
                })),
              ]}
              {...form.getInputProps('facility_id')}
            />
            <TextInput label="Available from" type="date" {...form.getInputProps('available_from')} />
            <TextInput label="Available until" type="date" {...form.getInputProps('available_until')} />
          </SimpleGrid>
          <Textarea label="Description" rows={3} maxLength={4000} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Publish the listing
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
