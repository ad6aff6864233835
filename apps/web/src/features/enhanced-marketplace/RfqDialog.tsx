import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  formatKg,
  formatPhp,
  MATERIAL_FORMS,
  MAX_RFQ_LISTINGS,
  POLYMERS,
  rfqCreateSchema,
} from '@plastrace/shared';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import {
  leftOutWhenBlank,
  typed,
  useDialogFormErrors,
  useSchemaForm,
} from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useCreateRfq, useRfqCandidates } from './api.ts';

const s = rfqCreateSchema.shape;
const schema = z.object({
  title: s.title,
  polymer: s.polymer,
  form: s.form,
  grade: leftOutWhenBlank(s.grade),
  quantity_kg: typed(s.quantity_kg),
  target_price: leftOutWhenBlank(s.target_price),
  needed_by: leftOutWhenBlank(s.needed_by),
  delivery_terms: leftOutWhenBlank(s.delivery_terms),
  message: leftOutWhenBlank(s.message),
  closes_at: z.string().min(1, 'Enter when the request closes'),
});

const DAY_MS = 86_400_000;

/**
 * A request for quotation: what is wanted, then up to ten sell listings of other organizations found by
 * its polymer, form and grade; each listing's seller is asked (one listing per seller).
 */
export function RfqDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { timeZone } = useMe();
  const form = useSchemaForm(schema, {
    title: '',
    polymer: 'PET',
    form: 'flake',
    grade: '',
    quantity_kg: '',
    target_price: '',
    needed_by: '',
    delivery_terms: '',
    message: '',
    closes_at: toLocalInput(new Date(Date.now() + 7 * DAY_MS), timeZone),
  });
  const create = useCreateRfq();
  const fieldErrors = useDialogFormErrors(form, opened, create.error);
  const key = useRef(newIdempotencyKey());
  const [picked, setPicked] = useState<string[]>([]);
  const { showToast } = useToast();
  const v = form.values;
  const spec = { polymer: v.polymer, form: v.form, ...(v.grade.trim() ? { grade: v.grade.trim() } : {}) };
  const candidates = useRfqCandidates(spec, opened);
  // A seller is asked once: its other listings cannot be picked beside the one chosen.
  const listings = (candidates.data?.items ?? []).filter((l) => !l.mine);
  const sellerOf = new Map(listings.map((l) => [l.id, l.organizationId]));
  const pickedSellers = new Set(picked.map((id) => sellerOf.get(id)));

  const close = () => {
    create.reset();
    setPicked([]);
    key.current = newIdempotencyKey();
    onClose();
  };

  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));

  const submit = form.onSubmit((values) => {
    const parsed = schema.parse(values);
    const closesAt = fromLocalInput(parsed.closes_at, timeZone);
    if (!closesAt) return form.setFieldError('closes_at', 'Enter when the request closes');
    if (picked.length === 0) return form.setFieldError('listing_ids', 'Choose at least one listing');
    create.mutate(
      { key: key.current, body: { ...parsed, closes_at: closesAt, listing_ids: picked } },
      {
        onSuccess: (rfq) => {
          showToast({
            message: `Sent ${rfq.number} to ${rfq.recipients.length} seller${rfq.recipients.length === 1 ? '' : 's'}.`,
          });
          close();
        },
      },
    );
  });

  const listingsError =
    form.errors.listing_ids ?? Object.entries(fieldErrors).find(([k]) => k.startsWith('listing_ids'))?.[1];

  return (
    <Modal opened={opened} onClose={close} title="New request for quotation" centered size="xl">
      <form onSubmit={submit} noValidate aria-label="New request for quotation">
        <Stack gap="md">
          {Object.keys(fieldErrors).length === 0 && <ActionError error={create.error} />}
          <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Polymer" required data={[...POLYMERS]} {...form.getInputProps('polymer')} />
            <NativeSelect label="Form" required data={[...MATERIAL_FORMS]} {...form.getInputProps('form')} />
            <TextInput label="Grade" description="Optional" {...form.getInputProps('grade')} />
            <TextInput
              label="Quantity (kg)"
              required
              {...decimalInput}
              {...form.getInputProps('quantity_kg')}
            />
            <TextInput
              label="Target price (PHP/kg)"
              description="Optional"
              {...decimalInput}
              {...form.getInputProps('target_price')}
            />
            <TextInput label="Needed by" type="date" {...form.getInputProps('needed_by')} />
          </SimpleGrid>
          <TextInput
            label="Delivery terms"
            description="Optional"
            {...form.getInputProps('delivery_terms')}
          />
          <Textarea label="Message to the sellers" rows={2} {...form.getInputProps('message')} />
          <TextInput
            label="Closes at"
            description={`No quote is taken after this (${timeZone})`}
            type="datetime-local"
            required
            {...form.getInputProps('closes_at')}
          />
          <Stack gap={4} role="group" aria-label="Sellers to ask">
            <Text fw={600} size="sm">
              Sellers to ask ({picked.length} of at most {MAX_RFQ_LISTINGS})
            </Text>
            <Text size="xs" c="dimmed">
              Active sell listings of other organizations for {spec.polymer} {spec.form}
              {spec.grade ? `, grade ${spec.grade}` : ''}, cheapest first.
            </Text>
            <QueryStatus query={candidates} what="Matching listings" loading="Finding listings…" />
            {candidates.isSuccess && listings.length === 0 && (
              <Alert color="gray" role="status">
                No other organization lists this material now. Change the polymer, form or grade.
              </Alert>
            )}
            {listings.map((l) => {
              const on = picked.includes(l.id);
              const blocked =
                !on && (picked.length >= MAX_RFQ_LISTINGS || pickedSellers.has(l.organizationId));
              return (
                <Checkbox
                  key={l.id}
                  checked={on}
                  disabled={blocked}
                  onChange={(e) => toggle(l.id, e.currentTarget.checked)}
                  label={`${l.title} — ${l.seller?.name ?? 'Seller'}, ${formatKg(l.remaining)} left, ${
                    l.price ? `${formatPhp(l.price)}/kg` : 'make an offer'
                  }${l.location.city ? `, ${l.location.city}` : ''}`}
                />
              );
            })}
            {listingsError && (
              <Text c="red" size="sm" role="alert">
                {listingsError}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
