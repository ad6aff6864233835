import {
  Alert,
  Badge,
  Button,
  DataList,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  END_FATE_LABELS,
  END_FATES,
  eprCreditsFieldsSchema,
  type eprCreditsResultSchema,
  formatCount,
  formatKg,
} from '@plastrace/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, typed, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMaterialTypeOptions } from './referenceApi.ts';

export type EprCreditsResult = Wire<typeof eprCreditsResultSchema>;

const wire = eprCreditsFieldsSchema.shape;
/** POST /api/calculations/epr-credits with a material type and kg; values held as typed. */
const formSchema = z.object({
  material_type: z.string().trim().min(1, 'Choose the material type of the kg'),
  kg: typed(wire.kg),
  end_fate: wire.end_fate,
  country: leftOutWhenBlank(wire.country),
  year: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : Number(v.trim())))
    .pipe(wire.year),
});

const FATE_OPTIONS = END_FATES.map((f) => ({ value: f, label: END_FATE_LABELS[f] }));

/** EPR credits of a mass by its end fate: credits, the year's target and CO2e, each with its basis. */
export function EprCreditsCalculator() {
  const types = useMaterialTypeOptions();
  const form = useSchemaForm(formSchema, {
    material_type: '',
    kg: '1000',
    end_fate: 'recycling',
    country: '',
    year: String(new Date().getFullYear()),
  });
  const calc = useMutation({
    mutationFn: (body: unknown) => api.post<EprCreditsResult>('/calculations/epr-credits', body),
    onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
  });
  const r = calc.data;
  return (
    <Stack gap="md" maw={900}>
      <Text size="sm" c="dimmed">
        1 credit = 1 tonne of plastic recovered; only whole tonnes are credited and the rest is carried.
        Landfill is not recovery under RA 11898 and earns nothing; co-processing in cement kilns counts but is
        labelled as such.
      </Text>
      <form
        aria-label="EPR credits calculator"
        noValidate
        onSubmit={form.onSubmit(() => calc.mutate(formSchema.parse(form.getValues())))}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Material type"
              required
              data={[{ value: '', label: 'Choose…' }, ...types]}
              {...form.getInputProps('material_type')}
            />
            <TextInput label="Mass (kg)" required inputMode="decimal" {...form.getInputProps('kg')} />
            <NativeSelect label="End fate" required data={FATE_OPTIONS} {...form.getInputProps('end_fate')} />
            <TextInput
              label="Country"
              description="Two letters; empty: your organization's"
              maxLength={2}
              {...form.getInputProps('country')}
            />
            <TextInput label="Year" required inputMode="numeric" {...form.getInputProps('year')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={calc.isPending}>
              Calculate
            </Button>
          </Group>
        </Stack>
      </form>
      {Object.keys(wireFieldErrorsOf(calc.error)).length === 0 && <ActionError error={calc.error} />}
      {r && <EprCreditsResultView result={r} />}
    </Stack>
  );
}

function EprCreditsResultView({ result: r }: { result: EprCreditsResult }) {
  return (
    <Paper withBorder p="md" aria-label="EPR credits result">
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={600}>{r.endFateLabel}</Text>
          {r.endFate === 'co_processing' && (
            <Badge color="orange" variant="light">
              Co-processing, not recycling
            </Badge>
          )}
          {!r.eligible && (
            <Badge color="red" variant="light">
              Not recovery: no credits
            </Badge>
          )}
        </Group>
        <Alert
          color={r.eligible ? (r.endFate === 'co_processing' ? 'orange' : 'green') : 'red'}
          title={r.eligible ? 'Counts as recovery' : 'Earns no credits'}
        >
          {r.eligibility}
        </Alert>
        <DataList labelWidth="180px">
          {[
            ['Credits', `${formatCount(r.credits)} (1 credit = 1 tonne)`],
            ['kg considered', formatKg(r.kg)],
            ['Eligible kg', formatKg(r.eligibleKg)],
            ['Carried', `${formatKg(r.remainingKg)} towards the next credit`],
            [`Target ${r.country} ${r.year}`, r.target.statement],
            ['CO2e', r.co2e.statement],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Basis of each figure">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Figure</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.basis.map((b) => (
                <Table.Tr key={b.figure}>
                  <Table.Td>{b.figure}</Table.Td>
                  <Table.Td>{b.value}</Table.Td>
                  <Table.Td>{b.rule}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {b.source}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
