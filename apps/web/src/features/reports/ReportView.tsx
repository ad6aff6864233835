import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatReportValue, type ReportValueType } from '@plastrace/shared';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { Report, ReportSection, ReportTableData } from './api.ts';

// A report on screen: its sections' figures and tables, written with the same words and rounding as the
// PDF (formatReportValue), from the same content, so the screen's totals are the download's.

const numeric = (type: ReportValueType) => type !== 'text';
const cell = (type: ReportValueType, value: string | null | undefined) =>
  formatReportValue(type, value ?? null);

export function ReportView({ report }: { report: Report }) {
  return (
    <Stack gap="md">
      {report.sections.map((s) => (
        <SectionView key={s.key} section={s} />
      ))}
    </Stack>
  );
}

function SectionView({ section }: { section: ReportSection }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={section.title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {section.title}
        </Title>
        {section.figures.length > 0 && (
          <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" m={0}>
            {section.figures.map((f) => (
              <Box key={f.key}>
                <Text component="dt" size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" m={0} fw={700} size="lg">
                  {cell(f.type, f.value)}
                </Text>
                {f.note && (
                  <Text component="dd" m={0} size="xs" c="dimmed">
                    {f.note}
                  </Text>
                )}
              </Box>
            ))}
          </SimpleGrid>
        )}
        {section.tables.map((t) => (
          <ReportTable key={t.key} table={t} />
        ))}
        {section.notes.map((note) => (
          <Text key={note} size="xs" c="dimmed">
            {note}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** A report's table with its totals row; on a phone, a card per row (and one for the totals). */
export function ReportTable({ table }: { table: ReportTableData }) {
  const phone = usePhone();
  const { columns, rows, total } = table;
  return (
    <Stack gap={4}>
      <Title order={3} fz="sm">
        {table.title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {table.empty}
        </Text>
      ) : phone ? (
        <CardList
          label={table.title}
          items={[
            ...rows.map((row, i) => ({ i, row, isTotal: false })),
            ...(total ? [{ i: -1, row: total, isTotal: true }] : []),
          ]}
          keyOf={(x) => String(x.i)}
        >
          {({ row, isTotal }) => (
            <Stack gap={2}>
              {columns.map((c, i) => (
                <Group key={c.key} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" c="dimmed">
                    {isTotal && i === 0 ? '' : c.label}
                  </Text>
                  <Text size="sm" ta="right" fw={isTotal ? 700 : undefined}>
                    {isTotal && i === 0 ? row[0] : isTotal && row[i] == null ? '' : cell(c.type, row[i])}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </CardList>
      ) : (
        // A wide table scrolls sideways in its own region, which the keyboard can reach (WCAG 2.1.1).
        <Box
          component="section"
          tabIndex={0}
          aria-label={`${table.title} (scrolls sideways when wider than the page)`}
          style={{ overflowX: 'auto' }}
        >
          <Table striped aria-label={table.title} miw={560}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} ta={numeric(c.type) ? 'right' : 'left'}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                // Rows have no id of their own: their place in the report is theirs.
                // biome-ignore lint/suspicious/noArrayIndexKey: the report's rows never reorder
                <Table.Tr key={r}>
                  {columns.map((c, i) => (
                    <Table.Td
                      key={c.key}
                      ta={numeric(c.type) ? 'right' : 'left'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {cell(c.type, row[i])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {total && (
              <Table.Tfoot>
                <Table.Tr>
                  {columns.map((c, i) => (
                    <Table.Th
                      key={c.key}
                      ta={i > 0 && numeric(c.type) ? 'right' : 'left'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {i === 0 ? total[0] : total[i] == null ? '' : cell(c.type, total[i])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Box>
      )}
    </Stack>
  );
}
