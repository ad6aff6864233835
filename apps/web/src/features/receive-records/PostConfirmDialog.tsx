import { Alert, Table } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';

export interface PostSummary {
  supplierName: string | null;
  lines: number;
  netKg: string;
  payableKg: string;
  /** PHP owed; null while a line's price is not known. */
  amount: string | null;
}

/** "Save and post" asks first: what posting will owe the supplier, which cannot be edited afterwards. */
export function PostConfirmDialog({
  opened,
  summary,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  summary: PostSummary;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Post this delivery?"
      confirmLabel="Post"
      color="brand"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Table withRowBorders={false} verticalSpacing={4} aria-label="What posting records">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Supplier</Table.Th>
            <Table.Td>{summary.supplierName ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Net weight</Table.Th>
            <Table.Td>{formatKg(summary.netKg)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Payable weight</Table.Th>
            <Table.Td>{formatKg(summary.payableKg)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Owed to the supplier</Table.Th>
            <Table.Td fw={700}>{summary.amount === null ? '—' : formatPhp(summary.amount)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {summary.amount === null && (
        <Alert color="yellow" mt="xs">
          A line has no price yet; the price list's price on the day received will apply.
        </Alert>
      )}
      Posting creates {summary.lines === 1 ? 'a lot' : `${summary.lines} lots`} and adds the stock. A posted
      record cannot be edited, only voided.
    </ConfirmDialog>
  );
}
