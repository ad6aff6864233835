import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { formatPhp } from '../receive-records/format.ts';
import { useBalances } from './api.ts';

/** /supplier-ledger: what is owed to each supplier (PHP). */
export function SupplierLedgerPage() {
  usePageTitle('Supplier ledger');
  const { timeZone } = useMe();
  const balances = useBalances();
  const rows = balances.data?.items ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Supplier ledger</Title>
        <Text c="dimmed" size="sm">
          Payables from posted deliveries less payments. Open a supplier for the statement.
        </Text>
      </div>
      {balances.isPending && (
        <Text c="dimmed" role="status">
          Loading balances…
        </Text>
      )}
      {balances.isError && (
        <QueryError
          error={balances.error}
          what="The supplier balances"
          onRetry={() => balances.refetch()}
          retrying={balances.isFetching}
        />
      )}
      {balances.isSuccess && rows.length === 0 && <Text c="dimmed">No payables yet: post a delivery.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Supplier balances">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supplier</Table.Th>
                <Table.Th ta="right">Balance owed</Table.Th>
                <Table.Th>Last entry</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.supplier.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/supplier-ledger/${row.supplier.id}`} size="sm">
                      {`${row.supplier.name} (${row.supplier.code})`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatPhp(row.balance)}</Table.Td>
                  <Table.Td>{formatDateTime(row.lastEntryAt, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
