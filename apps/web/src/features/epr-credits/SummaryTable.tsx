import { Paper, Table, Text, Title } from '@mantine/core';
import { CREDIT_STATUSES, type CreditFate, type CreditStatus } from '@plastrace/shared';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCreditSummary } from './api.ts';
import { fateLabel } from './labels.tsx';

type Row = { vintage: number; fate: CreditFate } & Record<CreditStatus, number>;

/** Credits the organization holds by vintage × fate, one column per status. */
export function SummaryTable() {
  const summary = useCreditSummary();
  const byKey = new Map<string, Row>();
  for (const r of summary.data?.rows ?? []) {
    const key = `${r.vintage}|${r.fate}`;
    const row = byKey.get(key) ?? { vintage: r.vintage, fate: r.fate, issued: 0, transferred: 0, retired: 0 };
    row[r.status] += r.credits;
    byKey.set(key, row);
  }
  const rows = [...byKey.values()];
  const totals = summary.data?.totals;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="credits-summary-heading">
      <Title order={2} fz="h4" id="credits-summary-heading" mb="xs">
        Credits held
      </Title>
      <QueryStatus query={summary} what="The summary" loading="Loading the summary…" />
      {totals && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Your organization holds no credits yet.
        </Text>
      )}
      {totals && rows.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Credits held by vintage, fate and status">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vintage</Table.Th>
                <Table.Th>Fate</Table.Th>
                <Table.Th ta="right" title="Issued by your organization and still held">
                  Issued
                </Table.Th>
                <Table.Th ta="right" title="Transferred to your organization by another">
                  Received
                </Table.Th>
                <Table.Th ta="right">Retired</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.vintage}|${r.fate}`}>
                  <Table.Td>{r.vintage}</Table.Td>
                  <Table.Td>{fateLabel(r.fate)}</Table.Td>
                  {CREDIT_STATUSES.map((s) => (
                    <Table.Td key={s} ta="right">
                      {r[s]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                {CREDIT_STATUSES.map((s) => (
                  <Table.Th key={s} ta="right">
                    {totals[s]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
