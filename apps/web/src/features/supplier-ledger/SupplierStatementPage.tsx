import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { formatPhp } from '../receive-records/format.ts';
import { canPay, useBalances, useStatement } from './api.ts';
import { PaymentDialog } from './PaymentDialog.tsx';

const KIND_LABEL: Record<string, string> = {
  payable: 'Delivery payable',
  payable_reversal: 'Voided delivery',
  payment: 'Payment',
};
const METHOD_LABEL: Record<string, string> = { cash: 'Cash', gcash: 'GCash', bank: 'Bank transfer' };

/** /supplier-ledger/:supplierId: the statement with its running balance. */
export function SupplierStatementPage() {
  const { supplierId = '' } = useParams();
  const { role, timeZone } = useMe();
  const statement = useStatement(supplierId);
  const balances = useBalances();
  const supplier = balances.data?.items.find((b) => b.supplier.id === supplierId)?.supplier;
  const [paying, setPaying] = useState(false);
  usePageTitle(supplier ? `Statement: ${supplier.name}` : 'Supplier statement');

  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/supplier-ledger" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to the supplier ledger
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{supplier ? `${supplier.name} (${supplier.code})` : 'Supplier statement'}</Title>
        {canPay(role) && statement.data && <Button onClick={() => setPaying(true)}>Record payment</Button>}
      </Group>
      {statement.isPending && (
        <Text c="dimmed" role="status">
          Loading the statement…
        </Text>
      )}
      {statement.isError &&
        (isNotFound(statement.error) ? (
          <Paper withBorder p="lg">
            <Text>This supplier does not exist.</Text>
          </Paper>
        ) : (
          <QueryError error={statement.error} what="The statement" onRetry={() => statement.refetch()} />
        ))}
      {statement.data && (
        <>
          <Text fw={600} data-testid="balance">
            Balance owed: {formatPhp(statement.data.balance)}
          </Text>
          {statement.data.items.length === 0 ? (
            <Text c="dimmed">No entries yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs" aria-label="Statement">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Posted</Table.Th>
                    <Table.Th>Entry</Table.Th>
                    <Table.Th>Method / reference</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.data.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(e.postedAt, timeZone)}
                      </Table.Td>
                      <Table.Td>
                        {KIND_LABEL[e.kind] ?? e.kind}
                        {e.note ? ` · ${e.note}` : ''}
                      </Table.Td>
                      <Table.Td>
                        {[e.method && (METHOD_LABEL[e.method] ?? e.method), e.reference]
                          .filter(Boolean)
                          .join(' · ') || '—'}
                      </Table.Td>
                      <Table.Td ta="right">{formatPhp(e.amount)}</Table.Td>
                      <Table.Td ta="right">{formatPhp(e.balance)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <PaymentDialog
            opened={paying}
            supplier={{ id: supplierId, name: supplier?.name ?? 'this supplier' }}
            balance={statement.data.balance}
            onClose={() => setPaying(false)}
          />
        </>
      )}
    </Stack>
  );
}
