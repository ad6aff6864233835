import { Button, Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  MARKET_KIND_LABELS,
  MARKET_KINDS,
  MARKET_QUALITY_LABELS,
  MARKET_SIDE_LABELS,
  MARKET_SIDES,
  MATERIAL_FORMS,
  marketSearchFiltersSchema,
  POLYMERS,
  savedSearchCreateSchema,
} from '@plastrace/shared';
import { useRef } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useCreateSavedSearch } from './api.ts';

const f = marketSearchFiltersSchema.shape;
const schema = z.object({
  name: savedSearchCreateSchema.shape.name,
  alert: z.boolean(),
  filters: z.object({
    q: leftOutWhenBlank(f.q),
    side: leftOutWhenBlank(f.side),
    kind: leftOutWhenBlank(f.kind),
    polymer: leftOutWhenBlank(f.polymer),
    form: leftOutWhenBlank(f.form),
    grade: leftOutWhenBlank(f.grade),
    min_level: leftOutWhenBlank(f.min_level),
    min_price: leftOutWhenBlank(f.min_price),
    max_price: leftOutWhenBlank(f.max_price),
    min_quantity: leftOutWhenBlank(f.min_quantity),
  }),
});

const blank = {
  name: '',
  alert: true,
  filters: {
    q: '',
    side: '',
    kind: '',
    polymer: '',
    form: '',
    grade: '',
    min_level: '',
    min_price: '',
    max_price: '',
    min_quantity: '',
  },
};

const any = (label: string) => [{ value: '', label }];

/** Saves a search from the marketplace's filters; with the alert on, new matches are e-mailed daily. */
export function SavedSearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(schema, blank);
  const create = useCreateSavedSearch();
  const fieldErrors = useDialogFormErrors(form, opened, create.error);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();

  const close = () => {
    create.reset();
    key.current = newIdempotencyKey();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = schema.parse(values);
    const filters = Object.fromEntries(Object.entries(body.filters).filter(([, v]) => v !== undefined));
    create.mutate(
      { key: key.current, body: { ...body, filters } },
      {
        onSuccess: (s) => {
          showToast({ message: `Saved “${s.name}”.` });
          close();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="New saved search" centered size="lg">
      <form onSubmit={submit} noValidate aria-label="New saved search">
        <Stack gap="md">
          {Object.keys(fieldErrors).length === 0 && <ActionError error={create.error} />}
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Search text"
            description="In titles, descriptions, grades and cities"
            {...form.getInputProps('filters.q')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Side"
              data={[
                ...any('Selling or buying'),
                ...MARKET_SIDES.map((s) => ({ value: s, label: MARKET_SIDE_LABELS[s] })),
              ]}
              {...form.getInputProps('filters.side')}
            />
            <NativeSelect
              label="Kind"
              data={[
                ...any('Material or credits'),
                ...MARKET_KINDS.map((k) => ({ value: k, label: MARKET_KIND_LABELS[k] })),
              ]}
              {...form.getInputProps('filters.kind')}
            />
            <NativeSelect
              label="Polymer"
              data={[...any('Any polymer'), ...POLYMERS]}
              {...form.getInputProps('filters.polymer')}
            />
            <NativeSelect
              label="Form"
              data={[...any('Any form'), ...MATERIAL_FORMS]}
              {...form.getInputProps('filters.form')}
            />
            <TextInput label="Grade" {...form.getInputProps('filters.grade')} />
            <NativeSelect
              label="Minimum quality level"
              data={[
                ...any('Any level'),
                ...([1, 2, 3, 4] as const).map((l) => ({
                  value: String(l),
                  label: `${l} – ${MARKET_QUALITY_LABELS[l]}`,
                })),
              ]}
              {...form.getInputProps('filters.min_level')}
            />
            <TextInput
              label="Minimum price (PHP)"
              {...decimalInput}
              {...form.getInputProps('filters.min_price')}
            />
            <TextInput
              label="Maximum price (PHP)"
              {...decimalInput}
              {...form.getInputProps('filters.max_price')}
            />
            <TextInput
              label="Minimum quantity"
              description="kg, or credits"
              {...decimalInput}
              {...form.getInputProps('filters.min_quantity')}
            />
          </SimpleGrid>
          <Checkbox
            label="E-mail me new matching listings every day at 08:00"
            {...form.getInputProps('alert', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save search
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
