import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { formatKg, formatPhp, ORDER_KIND_LABELS, ORDER_KINDS } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { priceKey, useCurrentPrices } from '../prices/api.ts';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { type OrderDetail, useSaveOrder } from './api.ts';
import {
  type LineValues,
  lineGrade,
  newValues,
  orderFigures,
  orderFormSchema,
  toInput,
  valuesOf,
} from './formState.ts';
import { OrderLineRows } from './OrderLineRows.tsx';
import { PartySelect } from './PartySelect.tsx';

/** The order form: a new order, or a draft being edited (`order`). */
export function OrderRecordForm({ order }: { order?: OrderDetail }) {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [initial] = useState(() => (order ? valuesOf(order) : newValues(timeZone)));
  const form = useSchemaForm(orderFormSchema, initial);
  const values = form.getValues();
  const [party, setParty] = useState(order ? (order.customer ?? order.supplier) : null);
  // One key per submission: a retry after a failure reuses it, a success starts a new one.
  const saveKey = useRef(newIdempotencyKey());
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const save = useSaveOrder();
  // A line left without a price takes the price list's (selling for a sale, buying for a purchase) in
  // force on the order day for its grade in the facility's region: shown as the server will use it.
  const materialList = materials.data?.items ?? [];
  const priceKind = values.kind === 'sales' ? 'selling' : 'buying';
  const region = facilities.data?.items.find((f) => f.id === values.facility_id)?.region || null;
  const grades = values.lines
    .filter((l) => l.material_id)
    .map((l) => ({ materialId: l.material_id, grade: lineGrade(l, materialList) }));
  const listPrices = useCurrentPrices(priceKind, grades, region, values.ordered_on || null);
  const listPriceOf = (l: LineValues) =>
    l.material_id ? listPrices.get(priceKey(l.material_id, lineGrade(l, materialList))) : undefined;
  const figures = orderFigures(values.lines, (l) => listPriceOf(l)?.pricePerKg);
  const partyField = values.kind === 'sales' ? 'customer_id' : 'supplier_id';

  function submit(confirm: boolean) {
    save.reset();
    if (form.validate().hasErrors) return;
    const checked = orderFormSchema.parse(form.getValues());
    save.mutate(
      {
        input: toInput(checked, confirm),
        idempotencyKey: saveKey.current,
        id: order?.id,
        version: order?.version,
      },
      {
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
        onSuccess: (saved) => {
          saveKey.current = newIdempotencyKey();
          showToast({
            message: order
              ? `${saved.number} saved.`
              : `${saved.number} ${saved.status === 'confirmed' ? 'created and confirmed' : 'saved as a draft'}.`,
          });
          navigate(`/order-records/${saved.id}`);
        },
      },
    );
  }

  const fieldLevel = Object.keys(wireFieldErrorsOf(save.error)).length > 0;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
      noValidate
      aria-label={order ? `Edit ${order.number}` : 'New order'}
    >
      <Stack gap="md">
        {save.error && (
          <ActionError
            error={fieldLevel ? new Error(save.error.message) : save.error}
            onClose={() => save.reset()}
          />
        )}
        <SegmentedControl
          aria-label="Kind of order"
          disabled={!!order}
          data={ORDER_KINDS.map((k) => ({ value: k, label: ORDER_KIND_LABELS[k] }))}
          value={values.kind}
          onChange={(kind) => {
            // The other kind's party is not a party of this one.
            form.setValues({ kind: kind as 'sales' | 'purchase', customer_id: '', supplier_id: '' });
            setParty(null);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <PartySelect
            key={values.kind}
            kind={values.kind}
            value={party}
            error={form.errors[partyField]}
            onChange={(p) => {
              setParty(p);
              form.setFieldValue(partyField, p?.id ?? '');
            }}
          />
          <NativeSelect
            label="Facility"
            description={values.kind === 'sales' ? 'Where it ships from' : 'Where it arrives'}
            {...form.getInputProps('facility_id')}
            data={[
              { value: '', label: facilities.isPending ? 'Loading…' : 'Any facility' },
              ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
            ]}
          />
          <TextInput
            label={values.kind === 'sales' ? 'Customer’s PO number' : 'Supplier’s reference'}
            {...form.getInputProps('customer_reference')}
          />
          <TextInput label="Ordered on" type="date" required {...form.getInputProps('ordered_on')} />
          <TextInput label="Due on" type="date" {...form.getInputProps('due_on')} />
          <TextInput
            label="Tolerance (%)"
            description="How much more than ordered may be delivered"
            {...decimalInput}
            {...form.getInputProps('tolerance_pct')}
          />
        </SimpleGrid>
        <TextInput
          label="Delivery terms"
          placeholder="Delivered to the buyer’s plant, Valenzuela"
          {...form.getInputProps('delivery_terms')}
        />

        <OrderLineRows
          form={form}
          materials={materialList}
          priceKind={priceKind}
          priceListKnown={!!region && !!values.ordered_on}
          listPriceOf={listPriceOf}
        />
        <Alert variant="light" color="gray" title="Totals" aria-label="Totals" data-testid="order-totals">
          {formatKg(figures.totalKg)} · {formatPhp(figures.totalAmount)}
          {figures.amounts.some((a) => a === null) && ' so far: a line still lacks its kg or price.'}
        </Alert>
        <Text size="sm" c="dimmed">
          A price left blank is the price list’s {priceKind} price in force on the order date for the line’s
          grade in the facility’s region.
        </Text>
        <Textarea label="Notes" rows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button type="submit" variant={order ? 'filled' : 'default'} loading={save.isPending}>
            {order ? 'Save changes' : 'Save draft'}
          </Button>
          {!order && (
            <Button loading={save.isPending} onClick={() => submit(true)}>
              Save and confirm
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
