import { Anchor, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import {
  type LogCheckpoint,
  type LogLeaf,
  useCheckpoints,
  useLatestCheckpoint,
  useLatestLeaves,
  useLogKey,
} from './api.ts';
import { DataItems, DataItem as Item } from './DataItems.tsx';
import { EMPTY_LOG, leaves as leafCount, recordIdOf, typeWords } from './facts.ts';
import { HashText } from './Verdict.tsx';

const LEAF_HASH = /^[A-Za-z0-9+/]{43}=$/;

/** Where a search of the log leads: a record's verification, or one leaf by index or hash. */
export function searchTarget(text: string): string | null {
  const q = text.trim();
  const id = recordIdOf(q);
  if (id) return `/verify/${id}`;
  if (/^\d+$/.test(q) && Number.isSafeInteger(Number(q))) return `/blockchain/transaction?index=${Number(q)}`;
  if (LEAF_HASH.test(q)) return `/blockchain/transaction?hash=${encodeURIComponent(q)}`;
  return null;
}

/**
 * /blockchain-explorer: the record log as anyone can check it — the latest signed checkpoint and the
 * log's key, checkpoints over time, and the latest leaves (hashes only: what a leaf is about is told
 * only to holders of the record's id), with a search by record id, leaf index or leaf hash.
 */
export function ExplorerPage() {
  usePageTitle('Record log');
  const { timeZone } = useMe();
  const mayPost = useCan('records.write');
  const latest = useLatestCheckpoint();
  const empty = isNotFound(latest.error);

  return (
    <Stack gap="md">
      <PageHeader
        title="Record log"
        description={`Every posted delivery, production run and dispatch, and the lots they make, are appended to a log whose checkpoints are signed, so anyone can check a record was not changed or removed. Times are in ${timeZone}.`}
      />
      <LogSearch />
      {latest.isPending && (
        <Text c="dimmed" role="status">
          Loading the record log…
        </Text>
      )}
      {empty && (
        <EmptyState
          title="The record log is empty"
          action={
            mayPost && (
              <Button component={Link} to="/receive-records/new" variant="light">
                Record a delivery
              </Button>
            )
          }
        >
          {EMPTY_LOG}
        </EmptyState>
      )}
      {latest.isError && !empty && (
        <QueryError
          error={latest.error}
          what="The record log"
          onRetry={() => latest.refetch()}
          retrying={latest.isFetching}
        />
      )}
      {latest.data && (
        <>
          <LatestCheckpoint checkpoint={latest.data} timeZone={timeZone} />
          <LatestLeaves treeSize={latest.data.tree_size} timeZone={timeZone} />
          <Checkpoints timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}

function LogSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget(text);
    if (target) navigate(target);
    else
      setProblem(
        'Enter a record id (36 characters), a leaf index (a whole number) or a leaf hash (44 characters of base64)',
      );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FilterBar
        label="Search the record log"
        actions={
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
            Find
          </Button>
        }
      >
        <TextInput
          label="Record id, leaf index or leaf hash"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          style={{ gridColumn: '1 / -2' }}
        />
      </FilterBar>
    </form>
  );
}

function LatestCheckpoint({ checkpoint: c, timeZone }: { checkpoint: LogCheckpoint; timeZone: string }) {
  const key = useLogKey();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="latest-checkpoint">
      <Title order={2} fz="h4" mb="sm" id="latest-checkpoint">
        Latest checkpoint
      </Title>
      <DataItems label="Latest checkpoint">
        <Item label="Tree size">{leafCount(c.tree_size)}</Item>
        <Item label="Root hash">
          <HashText>{c.root_hash}</HashText>
        </Item>
        <Item label="Signed">{formatDateTime(c.created_at, timeZone)}</Item>
        <Item label="Log key">
          {key.data ? (
            <HashText>{key.data.key}</HashText>
          ) : key.isError ? (
            <Text size="sm" c="red">
              The log's key could not be loaded: {key.error.message}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Loading…
            </Text>
          )}
        </Item>
      </DataItems>
      <Text size="sm" fw={600} mt="md" mb={4}>
        Signed note
      </Text>
      <Code block aria-label="Signed note">
        {c.note}
      </Code>
    </Paper>
  );
}

const leafLink = (index: number) => `/blockchain/transaction?index=${index}`;

function LatestLeaves({ treeSize, timeZone }: { treeSize: number; timeZone: string }) {
  const leaves = useLatestLeaves(treeSize);
  const phone = usePhone();
  const rows = leaves.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="latest-leaves">
      <Title order={2} fz="h4" id="latest-leaves">
        Latest leaves
      </Title>
      <QueryStatus query={leaves} what="The latest leaves" loading="Loading leaves…" />
      {leaves.isSuccess && rows.length === 0 && <EmptyState title="No leaves yet">{EMPTY_LOG}</EmptyState>}
      {rows.length > 0 &&
        (phone ? (
          <CardList label="Latest leaves" items={rows} keyOf={(l: LogLeaf) => String(l.index)}>
            {(l) => (
              <>
                <Anchor component={Link} to={leafLink(l.index)} fw={700}>
                  {`Leaf ${l.index}`}
                </Anchor>
                <Text size="sm">{`${typeWords(l.type)} ${l.event}`}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(l.logged_at, timeZone)}
                </Text>
                <Text size="xs" mt={2}>
                  <HashText size="xs">{l.leaf_hash}</HashText>
                </Text>
              </>
            )}
          </CardList>
        ) : (
          <Table striped verticalSpacing="xs" aria-label="Latest leaves">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>Leaf</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th w={200}>Logged</Table.Th>
                <Table.Th>Leaf hash</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.index}>
                  <Table.Td>
                    <Anchor component={Link} to={leafLink(l.index)} size="sm">
                      {`Leaf ${l.index}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{`${typeWords(l.type)} ${l.event}`}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(l.logged_at, timeZone)}
                  </Table.Td>
                  <Table.Td>
                    <HashText size="xs">{l.leaf_hash}</HashText>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <Text size="xs" c="dimmed">
        A leaf is the hash of one change of one record. Which record it is, and its facts, are shown to those
        who hold the record's id, on its verification page.
      </Text>
    </Stack>
  );
}

function Checkpoints({ timeZone }: { timeZone: string }) {
  const checkpoints = useCheckpoints();
  const phone = usePhone();
  const rows = checkpoints.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="checkpoints">
      <Title order={2} fz="h4" id="checkpoints">
        Checkpoints over time
      </Title>
      <QueryStatus query={checkpoints} what="The checkpoints" loading="Loading checkpoints…" />
      {checkpoints.isSuccess && rows.length === 0 && (
        <EmptyState title="No checkpoints yet">{EMPTY_LOG}</EmptyState>
      )}
      {rows.length > 0 &&
        (phone ? (
          <CardList label="Checkpoints" items={rows} keyOf={(c) => String(c.tree_size)}>
            {(c) => (
              <>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} size="sm">
                    {leafCount(c.tree_size)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.created_at, timeZone)}
                  </Text>
                </Group>
                <Text size="xs" mt={2}>
                  <HashText size="xs">{c.root_hash}</HashText>
                </Text>
              </>
            )}
          </CardList>
        ) : (
          <Table striped verticalSpacing="xs" aria-label="Checkpoints">
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right" w={120}>
                  Tree size
                </Table.Th>
                <Table.Th>Root hash</Table.Th>
                <Table.Th w={200}>Signed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.tree_size}>
                  <Table.Td ta="right">{c.tree_size}</Table.Td>
                  <Table.Td>
                    <HashText size="xs">{c.root_hash}</HashText>
                  </Table.Td>
                  <Table.Td>{formatDateTime(c.created_at, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <LoadMore
        hasNextPage={checkpoints.hasNextPage}
        isFetchingNextPage={checkpoints.isFetchingNextPage}
        fetchNextPage={checkpoints.fetchNextPage}
      />
    </Stack>
  );
}
