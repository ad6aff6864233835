import {
  Alert,
  Button,
  DataList,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { energyBasisPhrase, energyInputSchema, formatPhp } from '@plastrace/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, typed, useSchemaForm } from '../../components/common/schemaForm.ts';
import type { EnergyEstimate } from '../production-records/api.ts';
import { useProcessTypeOptions } from './referenceApi.ts';

const wire = energyInputSchema.shape;
/** POST /api/calculations/energy-consumption's own body schema, numbers held as typed. */
const formSchema = energyInputSchema.extend({
  process_code: leftOutWhenBlank(wire.process_code),
  mass_kg: typed(wire.mass_kg),
  hours: leftOutWhenBlank(wire.hours),
  rated_kw: leftOutWhenBlank(wire.rated_kw),
  load_factor: leftOutWhenBlank(wire.load_factor),
  kwh_per_tonne: leftOutWhenBlank(wire.kwh_per_tonne),
  metered_kwh: leftOutWhenBlank(wire.metered_kwh),
  tariff_php_per_kwh: leftOutWhenBlank(wire.tariff_php_per_kwh),
});

/** The energy of a mass through a step, its cost and emissions — the rule production posting books with. */
export function EnergyCalculator() {
  const processes = useProcessTypeOptions();
  const form = useSchemaForm(formSchema, {
    process_code: '',
    mass_kg: '1000',
    hours: '',
    rated_kw: '',
    load_factor: '',
    kwh_per_tonne: '',
    metered_kwh: '',
    tariff_php_per_kwh: '',
    country: 'PH',
  });
  const calc = useMutation({
    mutationFn: (body: unknown) => api.post<EnergyEstimate>('/calculations/energy-consumption', body),
    onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
  });
  const r = calc.data;
  return (
    <Stack gap="md" maw={820}>
      <Text size="sm" c="dimmed">
        Uses, in order: a meter reading; your own kWh per tonne; the step's reference figure (with its
        source); the line's rated power × hours × load factor. Sorting and washing have no authoritative
        figure.
      </Text>
      <form
        aria-label="Energy calculator"
        noValidate
        onSubmit={form.onSubmit(() => calc.mutate(formSchema.parse(form.getValues())))}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Process step"
              data={[{ value: '', label: 'None' }, ...processes]}
              {...form.getInputProps('process_code')}
            />
            <TextInput label="Mass (kg)" required inputMode="decimal" {...form.getInputProps('mass_kg')} />
            <TextInput label="Metered kWh" inputMode="decimal" {...form.getInputProps('metered_kwh')} />
            <TextInput
              label="Your kWh per tonne"
              inputMode="decimal"
              {...form.getInputProps('kwh_per_tonne')}
            />
            <TextInput label="Rated power (kW)" inputMode="decimal" {...form.getInputProps('rated_kw')} />
            <TextInput label="Hours" inputMode="decimal" {...form.getInputProps('hours')} />
            <TextInput label="Load factor (0–1)" inputMode="decimal" {...form.getInputProps('load_factor')} />
            <TextInput
              label="Tariff (PHP per kWh)"
              inputMode="decimal"
              {...form.getInputProps('tariff_php_per_kwh')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={calc.isPending}>
              Calculate
            </Button>
          </Group>
        </Stack>
      </form>
      {Object.keys(wireFieldErrorsOf(calc.error)).length === 0 && <ActionError error={calc.error} />}
      {r &&
        (r.kwh === null ? (
          <Alert color="yellow" title="No figure">
            {r.source}
          </Alert>
        ) : (
          <Paper withBorder p="md" aria-label="Energy result">
            <DataList labelWidth="180px">
              {[
                ['Energy', `${r.kwh} kWh (${energyBasisPhrase(r.basis)})`],
                ['Basis', `${r.source}${r.refVersion ? ` · ${r.refVersion}` : ''}`],
                ['Per tonne', r.kwhPerTonne ? `${r.kwhPerTonne} kWh/t` : '—'],
                ['Cost', r.costPhp ? formatPhp(r.costPhp) : 'Give a tariff'],
                [
                  'Emissions',
                  r.kgCo2e
                    ? `${r.kgCo2e} kg CO2e at ${r.gridKgCo2ePerKwh} kg/kWh (${r.gridSource}${r.gridVerified ? '' : '; unverified'})`
                    : '—',
                ],
              ].map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
          </Paper>
        ))}
    </Stack>
  );
}
