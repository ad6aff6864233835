import { Anchor, Badge, Code, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type ActivityEntry, useActivityEntry } from './api.ts';
import { formatAmount, SOURCE_EXPLANATION, transactionTypeLabel } from './format.ts';
import { SourceBadge } from './SourceBadge.tsx';

/** /transactions/:id: one activity entry with every field and its metadata. */
export function ActivityDetailPage() {
  usePageTitle('Activity entry');
  const { id = '' } = useParams();
  const location = useLocation();
  const back = (location.state as { from?: string } | null)?.from ?? '/user-transactions';
  const entry = useActivityEntry(id);
  const { timeZone } = useMe();

  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to the activity log
      </Group>
    </Anchor>
  );

  return (
    <Stack maw={820} gap="md">
      {backLink}
      <Title order={1}>Activity entry</Title>
      {entry.isPending && (
        <Text c="dimmed" role="status">
          Loading the entry…
        </Text>
      )}
      {entry.isError &&
        (isNotFound(entry.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="h4" mb="xs">
              Entry not found
            </Title>
            <Text size="sm" mb="sm">
              This activity entry does not exist, or it belongs to someone whose activity you cannot see.
            </Text>
            {backLink}
          </Paper>
        ) : (
          <QueryError
            error={entry.error}
            what="The entry"
            onRetry={() => entry.refetch()}
            retrying={entry.isFetching}
          />
        ))}
      {entry.data && <EntryDetails entry={entry.data} timeZone={timeZone} />}
    </Stack>
  );
}

function EntryDetails({ entry, timeZone }: { entry: ActivityEntry; timeZone: string }) {
  const metadata = Object.entries(entry.metadata ?? {});
  return (
    <>
      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Entry details" labelWidth="150px">
          <Item label="Date and time">{formatDateTime(entry.createdAt, timeZone)}</Item>
          <Item label="Member">{entry.userName}</Item>
          <Item label="Type">
            <Badge variant="light" color="gray" tt="none">
              {transactionTypeLabel(entry.transactionType)}
            </Badge>
          </Item>
          <Item label="Source">
            <Stack gap={4} align="flex-start">
              <SourceBadge source={entry.source} />
              <Text size="sm" c="dimmed">
                {SOURCE_EXPLANATION[entry.source]}
              </Text>
            </Stack>
          </Item>
          <Item label="Description">{entry.description}</Item>
          <Item label="Amount">{formatAmount(entry.amount, entry.currency)}</Item>
          <Item label="Status">{entry.status}</Item>
          <Item label="Payment method">{entry.paymentMethod}</Item>
          <Item label="Reference">{entry.referenceId ?? '—'}</Item>
          <Item label="Entry id">
            <Code>{entry.id}</Code>
          </Item>
        </DataList>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="metadata">
        <Title order={2} fz="h4" id="metadata" mb="sm">
          Metadata
        </Title>
        {metadata.length === 0 ? (
          <Text c="dimmed" size="sm">
            No metadata.
          </Text>
        ) : (
          <DataList aria-label="Metadata" labelWidth="150px">
            {metadata.map(([key, value]) => (
              <Item key={key} label={key}>
                {typeof value === 'object' && value !== null ? (
                  <Code block>{JSON.stringify(value, null, 2)}</Code>
                ) : (
                  String(value)
                )}
              </Item>
            ))}
          </DataList>
        )}
      </Paper>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
