import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatPhp } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import type { MaterialOption } from '../receive-records/api.ts';
import { type PriceInput, useCreatePrice } from './api.ts';

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });

export function validatePrice(input: PriceInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.materialId) errors.materialId = 'Choose a material';
  if (!input.region.trim()) errors.region = 'Region is required';
  if (!input.grade.trim()) errors.grade = 'Grade is required';
  if (!/^\d+(\.\d{1,2})?$/.test(input.pricePerKg.trim()) || Number(input.pricePerKg) <= 0)
    errors.pricePerKg = 'Enter a price above 0 with at most 2 decimals';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.effectiveFrom))
    errors.effectiveFrom = 'Enter the date it takes effect';
  return errors;
}

/** "New price": always a new row from its effective date on; earlier prices stay as history. */
export function NewPriceModal({
  materials,
  initial,
  onClose,
}: {
  materials: MaterialOption[];
  initial: Partial<PriceInput>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<PriceInput>({
    materialId: initial.materialId ?? '',
    grade: initial.grade || 'A',
    region: initial.region ?? '',
    pricePerKg: '',
    effectiveFrom: today(),
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreatePrice();
  const { showToast } = useToast();
  const set = (patch: Partial<PriceInput>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.reset();
    const found = validatePrice(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      ...values,
      grade: values.grade.trim(),
      region: values.region.trim(),
      pricePerKg: values.pricePerKg.trim(),
    };
    create.mutate(body, {
      onSuccess: (price) => {
        showToast({
          message: `${price.material.name} at ${formatPhp(price.pricePerKg)}/kg from ${price.effectiveFrom}.`,
        });
        onClose();
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  }

  const fieldLevel = Object.keys(fieldErrorsOf(create.error)).length > 0;
  return (
    <Modal opened onClose={onClose} title="New price" centered>
      <form onSubmit={submit} noValidate aria-label="New price">
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={create.error} />}
          <NativeSelect
            label="Material"
            required
            value={values.materialId}
            error={errors.materialId}
            data={[
              { value: '', label: 'Choose a material' },
              ...materials.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
            ]}
            onChange={(e) => set({ materialId: e.currentTarget.value })}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Grade"
              required
              value={values.grade}
              error={errors.grade}
              onChange={(e) => set({ grade: e.currentTarget.value })}
            />
            <TextInput
              label="Region"
              required
              placeholder="NCR"
              value={values.region}
              error={errors.region}
              onChange={(e) => set({ region: e.currentTarget.value })}
            />
            <TextInput
              label="Price (₱/kg)"
              required
              inputMode="decimal"
              value={values.pricePerKg}
              error={errors.pricePerKg}
              onChange={(e) => set({ pricePerKg: e.currentTarget.value })}
            />
            <TextInput
              label="Effective from"
              type="date"
              required
              value={values.effectiveFrom}
              error={errors.effectiveFrom}
              onChange={(e) => set({ effectiveFrom: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Prices are never edited: to correct one, add a new price with a later effective date.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add price
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
