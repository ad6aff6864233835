import { Alert, Button, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DIVERSION_FATE_LABELS, formatKg, sumDecimals } from '@plastrace/shared';
import { decimalInput } from '../../components/common/FormRows.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import type { useAvailable } from './api.ts';
import type { IssueFormValues } from './issueForm.ts';

/**
 * What the period has unclaimed, per material type × fate, with the kilograms to certify of each: at
 * most what is there, the row's "All" taking every kilogram of it.
 */
export function AvailableLines({
  form,
  available,
  periodProblem,
}: {
  form: UseFormReturnType<IssueFormValues>;
  available: ReturnType<typeof useAvailable>;
  periodProblem: boolean;
}) {
  const rows = form.getValues().lines;
  const total = sumDecimals(
    rows.map((r) => r.kg),
    3,
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="certificate-lines-heading">
      <Title order={2} fz="h4" id="certificate-lines-heading">
        Kilograms diverted from landfill
      </Title>
      {periodProblem ? (
        <Text size="sm" c="dimmed">
          Choose the period first: what it recovered shows here.
        </Text>
      ) : available.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading what the period recovered…
        </Text>
      ) : available.isError ? (
        <QueryError
          error={available.error}
          what="What the period recovered"
          onRetry={() => available.refetch()}
          retrying={available.isFetching}
        />
      ) : rows.length === 0 ? (
        <Alert color="yellow" variant="light" title="Nothing to certify in this period">
          No verified recovery of this period is left unclaimed: deliveries count once a posted run processed
          them, or a posted dispatch delivered them to a recycler or co-processor.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Unclaimed recovery of the period">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Material</Table.Th>
                <Table.Th>Fate</Table.Th>
                <Table.Th ta="right">Unclaimed</Table.Th>
                <Table.Th>Kg to certify</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => {
                const what = `${r.name}, ${DIVERSION_FATE_LABELS[r.fate].toLowerCase()}`;
                return (
                  <Table.Tr key={`${r.material_type}/${r.fate}`}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{DIVERSION_FATE_LABELS[r.fate]}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKg(r.max)}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Kg to certify of ${what}`}
                        description={`At most ${formatKg(r.max)}`}
                        placeholder="0"
                        {...decimalInput}
                        {...form.getInputProps(`lines.${i}.kg`)}
                        rightSectionWidth={48}
                        rightSection={
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Certify all ${formatKg(r.max)} of ${what}`}
                            onClick={() => form.setFieldValue(`lines.${i}.kg`, r.max)}
                          >
                            All
                          </Button>
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {typeof form.errors.lines === 'string' && (
        <Text size="sm" c="red.8" role="alert">
          {form.errors.lines}
        </Text>
      )}
      {rows.length > 0 && (
        <Text size="sm" fw={600} aria-live="polite">
          Certificate total: {formatKg(total)}
        </Text>
      )}
    </Stack>
  );
}
