import { Anchor, Table } from '@mantine/core';
import { type AnalyticsGroup, analyticsPeriodLabel } from '@plastrace/shared';
import type { View, ViewRow } from './reports.tsx';

/**
 * The chart's numbers as a table: a row per period × key, the totals under them. A row's period opens
 * the records behind it (the key's alone, when the row is one key's).
 */
export function ReportTable({
  view,
  group,
  label,
  keyHeader,
  onPick,
}: {
  view: View;
  group: AnalyticsGroup;
  label: string;
  /** The key column's header; none when the rows are the whole of each period. */
  keyHeader: string | null;
  onPick: (row: ViewRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Period</Table.Th>
            {keyHeader && <Table.Th>{keyHeader}</Table.Th>}
            {view.headers.map((h) => (
              <Table.Th key={h} ta="right">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.rows.map((r) => {
            const period = analyticsPeriodLabel(r.period, group);
            return (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => onPick(r)}
                    aria-label={`Records of ${period}${keyHeader ? `, ${r.label}` : ''}`}
                  >
                    {period}
                  </Anchor>
                </Table.Td>
                {keyHeader && <Table.Td>{r.label}</Table.Td>}
                {r.cells.map((c, i) => (
                  <Table.Td key={view.headers[i]} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {view.totals && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row" colSpan={keyHeader ? 2 : 1}>
                Total
              </Table.Th>
              {view.totals.map((c, i) => (
                <Table.Td key={view.headers[i]} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
