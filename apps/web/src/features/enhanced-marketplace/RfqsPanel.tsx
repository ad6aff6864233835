import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePhone } from '../../components/common/CardList.tsx';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { type Rfq, useCancelRfq, useRfqs } from './api.ts';
import { offerLink, RECIPIENT_STATUS_LABELS } from './labels.ts';
import { ReceivedRfqs } from './ReceivedRfqs.tsx';
import { RfqDialog } from './RfqDialog.tsx';
import { status, what } from './rfqText.tsx';

/** My organization's requests with every seller's answer, and the requests other organizations sent us. */
export function RfqsPanel() {
  const trader = useCan('market.trade');
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            My requests
          </Title>
          {trader && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New request for quotation
            </Button>
          )}
        </Group>
        <MyRfqs onCreate={trader ? () => setCreating(true) : undefined} />
      </Stack>
      <Stack gap="md">
        <Title order={2} fz="h4">
          Requests received
        </Title>
        <ReceivedRfqs trader={trader} />
      </Stack>
      <RfqDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function MyRfqs({ onCreate }: { onCreate?: () => void }) {
  const rfqs = useRfqs();
  const cancel = useCancelRfq();
  const { timeZone } = useMe();
  const trader = useCan('market.trade');
  const phone = usePhone();
  const [cancelling, setCancelling] = useState<Rfq | null>(null);
  const items = rfqs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <QueryStatus query={rfqs} what="Your requests for quotation" loading="Loading your requests…" />
      {rfqs.isSuccess && items.length === 0 && (
        <EmptyState
          title="No requests for quotation yet"
          action={
            onCreate && (
              <Button variant="light" onClick={onCreate}>
                Ask several sellers at once
              </Button>
            )
          }
        >
          Ask up to ten sellers for a quote in one go; each quote arrives as an offer you can accept or
          counter.
        </EmptyState>
      )}
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        aria-label="My requests for quotation"
        style={{ listStyle: 'none' }}
      >
        {items.map((r) => (
          <Card key={r.id} component="li" withBorder padding="sm" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>
                  {r.number} · {r.title}
                </Text>
                <Group gap="xs">
                  {status(r)}
                  {trader && r.status === 'open' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setCancelling(r)}
                      aria-label={`Cancel ${r.number}`}
                    >
                      Cancel
                    </Button>
                  )}
                </Group>
              </Group>
              <Text size="sm">
                {what(r)} · closes {formatDateTime(r.closesAt, timeZone)}
              </Text>
              {phone ? (
                <Stack
                  gap={4}
                  component="ul"
                  p={0}
                  m={0}
                  aria-label={`Sellers asked in ${r.number}`}
                  style={{ listStyle: 'none' }}
                >
                  {r.recipients.map((x) => (
                    <Text component="li" size="sm" key={x.id}>
                      {x.seller.name}: {RECIPIENT_STATUS_LABELS[x.status]}
                      {x.offerId && (
                        <>
                          {' '}
                          ·{' '}
                          <Anchor component={Link} to={offerLink(x.offerId)}>
                            See the quote
                          </Anchor>
                        </>
                      )}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Table aria-label={`Sellers asked in ${r.number}`} verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Seller</Table.Th>
                      <Table.Th>Listing</Table.Th>
                      <Table.Th>Answer</Table.Th>
                      <Table.Th>Quote</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.recipients.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>{x.seller.name}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={`/marketplace/listings/${x.listing.id}`}>
                            {x.listing.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{RECIPIENT_STATUS_LABELS[x.status]}</Table.Td>
                        <Table.Td>
                          {x.offerId ? (
                            <Anchor
                              component={Link}
                              to={offerLink(x.offerId)}
                              aria-label={`Quote of ${x.seller.name}`}
                            >
                              See the quote
                            </Anchor>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
      <LoadMore {...rfqs} />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel request for quotation"
        confirmLabel="Cancel the request"
        loading={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
        onConfirm={() =>
          cancelling && cancel.mutate({ id: cancelling.id }, { onSuccess: () => setCancelling(null) })
        }
      >
        Cancel {cancelling?.number}? Sellers who have not answered are told; quotes already given stay offers.
      </ConfirmDialog>
    </>
  );
}
