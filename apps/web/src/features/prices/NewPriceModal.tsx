import {
  Button,
  Group,
  Input,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  formatPhp,
  PRICE_KIND_LABELS,
  PRICE_KINDS,
  type PriceKind,
  priceCreateSchema,
} from '@plastrace/shared';
import { useId } from 'react';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { todayIn } from '../../components/common/datetime.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import type { MaterialOption } from '../receive-records/api.ts';
import { type PriceFilters, useCreatePrice } from './api.ts';

/**
 * "New price": always a new row from its effective date on; earlier prices stay as history. Buying
 * unless the list is filtered to selling prices.
 */
export function NewPriceModal({
  materials,
  initial,
  onClose,
}: {
  materials: MaterialOption[];
  initial: Partial<PriceFilters>;
  onClose: () => void;
}) {
  const { timeZone } = useMe();
  // Checked by the API's own body schema: the same rules and words in the browser as on the server.
  const form = useSchemaForm(priceCreateSchema, {
    kind: initial.kind || 'buying',
    material_id: initial.materialId ?? '',
    grade: initial.grade || 'A',
    region: initial.region ?? '',
    price_per_kg: '',
    effective_from: todayIn(timeZone), // the organization's day
  });
  const create = useCreatePrice();
  const { showToast } = useToast();
  const kindLabel = useId();

  const submit = form.onSubmit((values) => {
    create.reset();
    const body = priceCreateSchema.parse(values);
    create.mutate(
      {
        kind: body.kind,
        materialId: body.material_id,
        grade: body.grade ?? 'A',
        region: body.region,
        pricePerKg: body.price_per_kg,
        effectiveFrom: body.effective_from,
      },
      {
        onSuccess: (price) => {
          showToast({
            message: `${PRICE_KIND_LABELS[price.kind]} price of ${price.material.name} at ${formatPhp(price.pricePerKg)}/kg from ${price.effectiveFrom}.`,
          });
          onClose();
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });

  const fieldLevel = Object.keys(wireFieldErrorsOf(create.error)).length > 0;
  return (
    <Modal opened onClose={onClose} title="New price" centered>
      <form onSubmit={submit} noValidate aria-label="New price">
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={create.error} />}
          <Input.Wrapper
            label="Kind"
            labelElement="div"
            labelProps={{ id: kindLabel }}
            description="Buying prices are paid to suppliers; selling prices are asked of customers"
            error={form.errors.kind}
          >
            <SegmentedControl
              aria-labelledby={kindLabel}
              fullWidth
              data={PRICE_KINDS.map((k) => ({ value: k, label: PRICE_KIND_LABELS[k] }))}
              value={form.getValues().kind}
              onChange={(kind) => form.setFieldValue('kind', kind as PriceKind)}
            />
          </Input.Wrapper>
          <NativeSelect
            label="Material"
            required
            {...form.getInputProps('material_id')}
            data={[
              { value: '', label: 'Choose a material' },
              ...materials.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
            ]}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="Grade" required {...form.getInputProps('grade')} />
            <TextInput label="Region" required placeholder="NCR" {...form.getInputProps('region')} />
            <TextInput
              label="Price (₱/kg)"
              required
              inputMode="decimal"
              {...form.getInputProps('price_per_kg')}
            />
            <TextInput
              label="Effective from"
              type="date"
              required
              {...form.getInputProps('effective_from')}
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
