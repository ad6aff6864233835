import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { type ReceivedRfq, useDeclineRfq, useReceivedRfqs } from './api.ts';
import { offerLink, RECIPIENT_STATUS_LABELS } from './labels.ts';
import { QuoteDialog } from './QuoteDialog.tsx';
import { status, what } from './rfqText.tsx';

/** Requests other organizations sent mine, with Quote and Decline for those who trade. */
export function ReceivedRfqs({ trader }: { trader: boolean }) {
  const received = useReceivedRfqs();
  const decline = useDeclineRfq();
  const { timeZone } = useMe();
  const phone = usePhone();
  const [quoting, setQuoting] = useState<ReceivedRfq | null>(null);
  const [declining, setDeclining] = useState<ReceivedRfq | null>(null);
  const items = received.data?.pages.flatMap((p) => p.items) ?? [];
  const answer = (r: ReceivedRfq) =>
    r.offerId ? (
      <Anchor component={Link} to={offerLink(r.offerId)}>
        See your quote
      </Anchor>
    ) : trader && r.status === 'open' && r.myStatus === 'sent' ? (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => setQuoting(r)} aria-label={`Quote ${r.number}`}>
          Quote
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setDeclining(r)}
          aria-label={`Decline ${r.number}`}
        >
          Decline
        </Button>
      </Group>
    ) : (
      <Text size="sm">{RECIPIENT_STATUS_LABELS[r.myStatus]}</Text>
    );
  return (
    <>
      <QueryStatus query={received} what="Requests received" loading="Loading requests received…" />
      {received.isSuccess && items.length === 0 && (
        <EmptyState title="No requests received">
          When a buyer asks your organization for a quote through one of your sell listings, it shows here.
        </EmptyState>
      )}
      {items.length > 0 &&
        (phone ? (
          <CardList label="Requests received" items={items} keyOf={(r) => r.recipientId}>
            {(r) => (
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text fw={600}>{r.number}</Text>
                  {status(r)}
                </Group>
                <Text size="sm">
                  {r.buyer.name}: {r.title}
                </Text>
                <Text size="sm">{what(r)}</Text>
                <Text size="xs" c="dimmed">
                  Closes {formatDateTime(r.closesAt, timeZone)}
                </Text>
                {answer(r)}
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Requests received" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Wanted</Table.Th>
                  <Table.Th>Closes</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Your answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.recipientId}>
                    <Table.Td>
                      {r.number} · {r.title}
                    </Table.Td>
                    <Table.Td>{r.buyer.name}</Table.Td>
                    <Table.Td>{what(r)}</Table.Td>
                    <Table.Td>{formatDateTime(r.closesAt, timeZone)}</Table.Td>
                    <Table.Td>{status(r)}</Table.Td>
                    <Table.Td>{answer(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <LoadMore {...received} />
      <QuoteDialog rfq={quoting} onClose={() => setQuoting(null)} />
      <ConfirmDialog
        opened={declining !== null}
        title="Decline request for quotation"
        confirmLabel="Decline"
        loading={decline.isPending}
        error={decline.error}
        onClose={() => {
          decline.reset();
          setDeclining(null);
        }}
        onConfirm={() =>
          declining && decline.mutate({ id: declining.id }, { onSuccess: () => setDeclining(null) })
        }
      >
        Decline {declining?.number} from {declining?.buyer.name}? The buyer is told.
      </ConfirmDialog>
    </>
  );
}
