import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatKg, rfqQuoteSchema } from '@plastrace/shared';
import { z } from 'zod';
import { fromLocalInput } from '../../components/common/datetime.ts';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import {
  leftOutWhenBlank,
  typed,
  useDialogFormErrors,
  useSchemaForm,
} from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type ReceivedRfq, useQuoteRfq } from './api.ts';

const q = rfqQuoteSchema.shape;
const schema = z.object({
  quantity: typed(q.quantity),
  price: typed(q.price),
  delivery_terms: leftOutWhenBlank(q.delivery_terms),
  expires_at: z.string(),
});

/** Quotes a request received: an offer on the listing it came through, to the buyer, negotiated in /marketplace. */
export function QuoteDialog({ rfq, onClose }: { rfq: ReceivedRfq | null; onClose: () => void }) {
  const opened = rfq !== null;
  const { timeZone } = useMe();
  const form = useSchemaForm(schema, { quantity: '', price: '', delivery_terms: '', expires_at: '' });
  const quote = useQuoteRfq();
  const fieldErrors = useDialogFormErrors(form, opened, quote.error);
  const { showToast } = useToast();

  const close = () => {
    quote.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!rfq) return;
    const { expires_at, ...rest } = schema.parse(values);
    const at = expires_at ? fromLocalInput(expires_at, timeZone) : null;
    if (expires_at && !at) return form.setFieldError('expires_at', 'Enter a date and time');
    quote.mutate(
      { id: rfq.id, body: { ...rest, ...(at ? { expires_at: at } : {}) } },
      {
        onSuccess: () => {
          showToast({ message: `Quoted ${rfq.number} to ${rfq.buyer.name}.` });
          close();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={rfq ? `Quote ${rfq.number}` : 'Quote'} centered size="lg">
      {rfq && (
        <form onSubmit={submit} noValidate aria-label={`Quote ${rfq.number}`}>
          <Stack gap="md">
            <Text size="sm">
              {rfq.buyer.name} asks for {formatKg(rfq.quantityKg)} of {rfq.polymer} {rfq.form}
              {rfq.grade ? `, grade ${rfq.grade}` : ''}. Your quote is an offer on “{rfq.listing.title}”.
            </Text>
            {Object.keys(fieldErrors).length === 0 && <ActionError error={quote.error} />}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Quantity (kg)"
                required
                data-autofocus
                {...decimalInput}
                {...form.getInputProps('quantity')}
              />
              <TextInput label="Price (PHP/kg)" required {...decimalInput} {...form.getInputProps('price')} />
            </SimpleGrid>
            <TextInput label="Delivery terms" {...form.getInputProps('delivery_terms')} />
            <TextInput
              label="Quote expires"
              description="Left empty: in 7 days"
              type="datetime-local"
              {...form.getInputProps('expires_at')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={quote.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={quote.isPending}>
                Send quote
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
