import { Anchor, Badge, Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import classes from '../../features/receive-records/print.module.css';
import { formatDateTime } from '../common/format.ts';
import type { LedgerEntry, Statement } from './api.ts';
import type { LedgerBook } from './books.ts';
import { Figures } from './Figures.tsx';
import { balanceText, LEDGER_KIND_LABEL, methodAndReference } from './labels.ts';

/** Opening balance, what the period added and took off, and the closing balance. */
export function StatementSummary({ statement, book }: { statement: Statement; book: LedgerBook }) {
  return (
    <Figures
      label="Statement summary"
      figures={[
        ['Opening balance', balanceText(statement.openingBalance, book.negative), 'opening'],
        [book.increase, formatPhp(statement.totalIncrease), 'increase'],
        [book.decrease, formatPhp(statement.totalDecrease), 'decrease'],
        ['Closing balance', balanceText(statement.closingBalance, book.negative), 'closing'],
      ]}
    />
  );
}

const reversible = (e: LedgerEntry) => e.kind === 'payment' || e.kind === 'advance';

interface StatementTableProps {
  entries: LedgerEntry[];
  book: LedgerBook;
  timeZone: string;
  /** Offers 'Reverse' on payments and advances not reversed yet (for roles that record payments). */
  onReverse?: ((entry: LedgerEntry) => void) | undefined;
}

/**
 * The period's entries, oldest first, with the balance after each. A payment or advance whose reversal
 * is among the entries is marked reversed (and offers no second reversal).
 */
export function StatementTable({ entries, book, timeZone, onReverse }: StatementTableProps) {
  const reversed = new Set([
    ...entries.filter((e) => e.reversedBy).map((e) => e.id),
    ...entries.filter((e) => e.kind === 'payment_reversal' && e.sourceId).map((e) => e.sourceId),
  ]);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Statement">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Posted</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Method / reference</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            {onReverse && (
              <Table.Th className={classes.noPrint}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.postedAt, timeZone)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <span>
                    {LEDGER_KIND_LABEL[e.kind] ?? e.kind}
                    {e.note ? ` · ${e.note}` : ''}
                  </span>
                  {reversed.has(e.id) && (
                    <Badge size="sm" color="gray" variant="light" tt="none">
                      Reversed
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Reference entry={e} />
              </Table.Td>
              <Table.Td ta="right">{formatPhp(e.amount)}</Table.Td>
              <Table.Td ta="right">{balanceText(e.balance, book.negative)}</Table.Td>
              {onReverse && (
                <Table.Td ta="right" className={classes.noPrint}>
                  {reversible(e) && !reversed.has(e.id) && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Reverse the ${LEDGER_KIND_LABEL[e.kind].toLowerCase()} of ${formatPhp(e.amount.replace(/^-/, ''))}`}
                      onClick={() => onReverse(e)}
                    >
                      Reverse
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The record an entry came from, with its page and what a link to it says when it has no number. */
const SOURCES: Record<string, [path: string, noun: string]> = {
  receive_record: ['/receive-records', 'Receive record'],
  dispatch_record: ['/dispatch-records', 'Dispatch record'],
};

/** A delivery or dispatch opens its record; a payment shows its method and reference. */
function Reference({ entry: e }: { entry: LedgerEntry }) {
  const source = e.sourceType ? SOURCES[e.sourceType] : undefined;
  if (source && e.sourceId)
    return (
      <Anchor component={Link} to={`${source[0]}/${e.sourceId}`} size="sm">
        {e.reference ?? source[1]}
      </Anchor>
    );
  return <>{methodAndReference(e.method, e.reference)}</>;
}
