import {
  Alert,
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
import { energyBasisPhrase, formatKg, formatPhp } from '@plastrace/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import type { PickedLot } from '../../components/lots/LotPicker.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useProcessTypeOptions, useReferenceProcessTypes } from '../catalog/referenceApi.ts';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { useOrganization } from '../settings/api.ts';
import {
  type ProductionRecord,
  useEnergyEstimate,
  useLineOptions,
  usePostProductionRecord,
  useSaveProductionRecord,
} from './api.ts';
import { massBalanceOf, newValues, productionFormSchema, toInput, valuesOf } from './formState.ts';
import { MeterReadings } from './MeterReadings.tsx';
import { ProductFields } from './ProductFields.tsx';
import { InputRows, LossRows, OutputRows } from './RunRows.tsx';

const hoursBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 3_600_000;

/** The run form, laid out for a tablet at the line. `record`: a draft being edited. */
export function ProductionRecordForm({ record }: { record?: ProductionRecord }) {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [schema] = useState(() => productionFormSchema(timeZone));
  const form = useSchemaForm(schema, record ? valuesOf(record, timeZone) : newValues(timeZone));
  const values = form.getValues();
  const saveKey = useRef(newIdempotencyKey());
  const postKey = useRef(newIdempotencyKey());
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const lines = useLineOptions();
  const processes = useProcessTypeOptions();
  const reference = useReferenceProcessTypes().data?.items ?? [];
  const organization = useOrganization().data;
  const tolerance = organization?.massBalanceTolerancePct ?? '0.50';
  const save = useSaveProductionRecord();
  const post = usePostProductionRecord();
  const [confirm, setConfirm] = useState(false);
  // The lots chosen so far (their code and balance), by id.
  const [picked, setPicked] = useState(
    () =>
      new Map<string, PickedLot>(
        (record?.inputs ?? []).map((i) => [i.lot.id, { ...i.lot, material: i.material, qtyKg: i.kg }]),
      ),
  );

  const line = lines.data?.items.find((l) => l.id === values.production_line_id);
  // Moulding, film blowing and filling make products: the run may name one and its BOM.
  const manufacturing = reference.find((p) => p.code === values.process_code)?.manufacturing ?? false;
  // A step that makes no product takes none: what was chosen for another step is dropped, not sent.
  const dropsProduct = !manufacturing && reference.length > 0 && !!values.product_id;
  useEffect(() => {
    if (!dropsProduct) return;
    form.setFieldValue('product_id', '');
    form.setFieldValue('bom_version_id', '');
    form.setFieldValue('units', '');
  }, [dropsProduct, form.setFieldValue]);
  const balance = massBalanceOf(values, tolerance);
  const hours = hoursBetween(values.started_at, values.ended_at);
  // A reading typed over the meter's is typed: the run no longer names the meter.
  const typedMeter = (name: 'meter_start_kwh' | 'meter_end_kwh') => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (e: unknown) => {
        props.onChange(e);
        if (values.meter_device_id) form.setFieldValue('meter_device_id', '');
      },
    };
  };
  const metered = values.meter_start_kwh.trim() && values.meter_end_kwh.trim();
  const entered = values.energy_kwh.trim();
  const estimate = useEnergyEstimate(
    !metered && !entered && values.process_code && Number(balance.input) > 0
      ? {
          process_code: values.process_code,
          mass_kg: balance.input,
          hours: hours > 0 ? hours.toFixed(2) : null,
          rated_kw: line?.ratedKw ?? null,
          tariff_php_per_kwh: organization?.electricityTariffPhp ?? null,
        }
      : null,
  );

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
            navigate(`/production-records/${saved.id}`);
            return;
          }
          post.mutate(
            { id: saved.id, idempotencyKey: postKey.current },
            {
              onSuccess: (p) => {
                showToast({ message: `${p.number} posted: ${p.outputs.length} lot(s) made.` });
                navigate(`/production-records/${p.id}`);
              },
              onError: (error) => {
                showToast({
                  message: `${saved.number} was saved as a draft but not posted: ${error.message}`,
                });
                navigate(`/production-records/${saved.id}`);
              },
            },
          );
        },
      },
    );
  }

  const busy = save.isPending || post.isPending;
  const fieldLevel = Object.keys(wireFieldErrorsOf(save.error)).length > 0;
  const lineChoices = (lines.data?.items ?? []).filter(
    (l) => !values.facility_id || l.facility.id === values.facility_id,
  );

  return (
    <form
      onSubmit={form.onSubmit(() => submit(false))}
      noValidate
      aria-label={record ? `Edit ${record.number}` : 'New production run'}
    >
      <Stack gap="md">
        {save.error && (
          <ActionError
            error={fieldLevel ? new Error(save.error.message) : save.error}
            onClose={() => save.reset()}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <NativeSelect
            label="Facility"
            required
            {...form.getInputProps('facility_id')}
            onChange={(e) => {
              form.setFieldValue('facility_id', e.currentTarget.value);
              form.setFieldValue('production_line_id', '');
            }}
            data={[
              { value: '', label: facilities.isPending ? 'Loading…' : 'Choose…' },
              ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
            ]}
          />
          <NativeSelect
            label="Production line"
            {...form.getInputProps('production_line_id')}
            onChange={(e) => {
              const id = e.currentTarget.value;
              form.setFieldValue('production_line_id', id);
              const first = lines.data?.items.find((l) => l.id === id)?.processCodes[0];
              if (first && !values.process_code) form.setFieldValue('process_code', first);
            }}
            data={[
              { value: '', label: 'No line (manual work)' },
              ...lineChoices.map((l) => ({ value: l.id, label: `${l.name} (${l.code})` })),
            ]}
          />
          <NativeSelect
            label="Process"
            required
            {...form.getInputProps('process_code')}
            data={[{ value: '', label: 'Choose…' }, ...processes]}
          />
          <TextInput
            label="Started at"
            type="datetime-local"
            required
            description={`Time in ${timeZone}`}
            {...form.getInputProps('started_at')}
          />
          <TextInput label="Ended at" type="datetime-local" required {...form.getInputProps('ended_at')} />
          <TextInput label="Shift" {...form.getInputProps('shift')} />
        </SimpleGrid>
        <TextInput label="Crew" description="Who ran the line" {...form.getInputProps('crew')} />
        {manufacturing && <ProductFields form={form} />}

        <InputRows
          form={form}
          picked={picked}
          onPick={(lot) => lot && setPicked((m) => new Map(m).set(lot.id, lot))}
        />
        <OutputRows form={form} materials={materials.data?.items ?? []} />
        <LossRows form={form} materials={materials.data?.items ?? []} />

        <Alert
          color={balance.within ? 'green' : 'yellow'}
          variant="light"
          title="Mass balance"
          aria-label="Mass balance"
          data-testid="mass-balance"
        >
          In {formatKg(balance.input)} · out {formatKg(balance.output)} · loss {formatKg(balance.loss)} ·
          difference {formatKg(balance.difference)}
          {balance.differencePct !== null && ` (${balance.differencePct} %)`} —{' '}
          {balance.within
            ? `within the tolerance of ${tolerance} %.`
            : `posting needs in = out + loss within ${tolerance} %.`}
        </Alert>

        <Title order={2} fz="h4">
          Energy and water
        </Title>
        {values.production_line_id && (
          <MeterReadings
            lineId={values.production_line_id}
            startedAt={values.started_at}
            endedAt={values.ended_at}
            timeZone={timeZone}
            meterDeviceId={values.meter_device_id ?? ''}
            onTake={({ deviceId, start, end }) => {
              form.setFieldValue('meter_start_kwh', start);
              form.setFieldValue('meter_end_kwh', end);
              form.setFieldValue('meter_device_id', deviceId);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label="Meter at start (kWh)" inputMode="decimal" {...typedMeter('meter_start_kwh')} />
          <TextInput label="Meter at end (kWh)" inputMode="decimal" {...typedMeter('meter_end_kwh')} />
          <TextInput
            label="Or kWh used"
            inputMode="decimal"
            disabled={!!metered}
            {...form.getInputProps('energy_kwh')}
          />
          <TextInput label="Water (m³)" inputMode="decimal" {...form.getInputProps('water_m3')} />
        </SimpleGrid>
        {!metered && !entered && estimate.data && (
          <Text size="sm" role="status" aria-label="Energy estimate">
            {estimate.data.kwh === null
              ? estimate.data.source
              : `Without a reading, posting books ${estimate.data.kwh} kWh (${energyBasisPhrase(estimate.data.basis)}: ${estimate.data.source}).`}
          </Text>
        )}
        {line?.capacityKgPerH && (
          <Text size="sm" c="dimmed">
            {line.name} is rated for {formatKg(line.capacityKgPerH)} an hour; a run above that (+10 %) needs a
            manager's confirmation.
          </Text>
        )}
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
        title="Post this run?"
        confirmLabel="Post"
        color="brand"
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          submit(true);
        }}
      >
        {balance.within ? (
          <>
            Posting takes {formatKg(balance.input)} out of {values.inputs.length} lot(s), makes{' '}
            {values.outputs.length} new lot(s) of {formatKg(balance.output)} and books{' '}
            {formatKg(balance.loss)} of losses. A posted run cannot be edited, only voided.
          </>
        ) : (
          <Alert color="yellow">
            The mass balance is off by {formatKg(balance.difference)}: posting will be refused and the run
            kept as a draft.
          </Alert>
        )}
        {estimate.data?.costPhp && <Text size="sm">Energy: {formatPhp(estimate.data.costPhp)}</Text>}
      </ConfirmDialog>
    </form>
  );
}
