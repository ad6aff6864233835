import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { LotSearchBar } from '../../components/lots/LotSearchBar.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { findLotByCode, type LogHistoryItem, recordLogKey, useRecordHistory } from './api.ts';
import { LOGGED_ONLY, recordIdOf, typeWords } from './facts.ts';
import { RecordById } from './RecordById.tsx';
import { ChangedWarning, HashText } from './Verdict.tsx';

/** What was looked up: a record id as typed, or the lot a code names (null: no lot has that code). */
interface Target {
  id: string;
  lotCode: string | null;
}

function usePassportTarget(q: string) {
  return useQuery({
    enabled: q !== '',
    queryKey: [...recordLogKey, 'passport-target', q],
    queryFn: async ({ signal }): Promise<Target | null> => {
      const id = recordIdOf(q);
      if (id) return { id, lotCode: null };
      const lot = await findLotByCode(q, signal);
      return lot ? { id: lot.id, lotCode: lot.code } : null;
    },
  });
}

/**
 * /blockchain-passport: a lot's or a record's anchoring history — every version the record log holds,
 * with its leaf — each placed version verifiable in the browser: the latest through its proof bundle
 * (snapshot and all), an older one through its entry's leaf hash and an inclusion proof in the latest
 * signed checkpoint.
 */
export function PassportPage() {
  usePageTitle('Record passport');
  const { timeZone } = useMe();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [problem, setProblem] = useState<string | null>(null);
  const target = usePassportTarget(q);

  const lookUp = useCallback(
    (value: string) => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true }),
    [setParams],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Enter a lot code or a record id');
      return;
    }
    lookUp(text.trim());
  };
  const onScanned = useCallback(
    (id: string) => {
      setText(id);
      lookUp(id);
    },
    [lookUp],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Record passport"
        description={`Every version of a lot or a record (delivery, production run, dispatch) that the record log holds, each verifiable here in your browser. Times are in ${timeZone}.`}
      />
      <LotSearchBar
        label="Find a lot or record"
        submitLabel="Find"
        placeholder="MNL1-261126-0001"
        value={text}
        onChange={(value) => {
          setText(value);
          setProblem(null);
        }}
        problem={problem}
        onSubmit={submit}
        onScanned={onScanned}
        span="1 / -2"
      />

      {!q && (
        <Text c="dimmed" size="sm">
          Enter a lot code (as on its label) or the id of a record or lot to see its history in the record
          log.
        </Text>
      )}
      {target.isLoading && (
        <Text c="dimmed" role="status">
          Looking it up…
        </Text>
      )}
      {target.isError && (
        <QueryError
          error={target.error}
          what="The lot"
          onRetry={() => target.refetch()}
          retrying={target.isFetching}
        />
      )}
      {target.isSuccess && target.data === null && (
        <Paper withBorder p="md" radius="md">
          <Text size="sm">No lot of your organization has the code {q}. Check the code on the label.</Text>
        </Paper>
      )}
      {target.data && <History key={target.data.id} target={target.data} timeZone={timeZone} />}
    </Stack>
  );
}

function History({ target, timeZone }: { target: Target; timeZone: string }) {
  const history = useRecordHistory(target.id);
  const phone = usePhone();
  const [chosen, setChosen] = useState<number | null>(null);
  const items = history.data?.items ?? [];
  const first = items[0]?.entry;
  const title = target.lotCode
    ? `Lot ${target.lotCode}`
    : first
      ? `${capitalize(typeWords(first.type))} ${target.id}`
      : `Record ${target.id}`;
  const lastPlaced = items.at(-1)?.index !== null ? items.length - 1 : -1;
  const selected = chosen === null ? undefined : items[chosen];

  if (history.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading its history…
      </Text>
    );
  if (isNotFound(history.error))
    return (
      <Paper withBorder p="md" radius="md">
        <Text size="sm">
          {target.lotCode ? `Lot ${target.lotCode}` : 'This record'} is not in the record log. {LOGGED_ONLY}
        </Text>
      </Paper>
    );
  if (history.isError)
    return (
      <QueryError
        error={history.error}
        what="The history"
        onRetry={() => history.refetch()}
        retrying={history.isFetching}
      />
    );

  const verifyButton = (item: LogHistoryItem, i: number) =>
    item.index === null ? (
      <Text size="xs" c="dimmed">
        Being added…
      </Text>
    ) : (
      <Button
        size="compact-sm"
        variant={chosen === i ? 'filled' : 'light'}
        leftSection={<IconShieldCheck size={14} aria-hidden />}
        onClick={() => setChosen(i)}
        aria-label={`Verify version ${item.entry.version}`}
      >
        Verify
      </Button>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="passport-history">
      <Title order={2} fz="h3" id="passport-history" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {history.data?.current_matches === false && (
        <ChangedWarning detail="The versions below are what the log holds." />
      )}
      {phone ? (
        <CardList
          label="Logged versions"
          items={items.map((item, i) => ({ item, i }))}
          keyOf={({ item }) => `${item.entry.version}-${item.entry.event}`}
        >
          {({ item, i }) => (
            <>
              <Group justify="space-between" wrap="nowrap">
                <Text
                  fw={700}
                  size="sm"
                >{`Version ${item.entry.version} · ${capitalize(typeWords(item.entry.event))}`}</Text>
                {verifyButton(item, i)}
              </Group>
              <Text size="sm" mt={2}>
                {formatDateTime(item.entry.logged_at, timeZone)}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                {item.index === null ? 'Not placed yet' : `Leaf ${item.index}`}
              </Text>
              {item.leaf_hash && <HashText size="xs">{item.leaf_hash}</HashText>}
            </>
          )}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label="Logged versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">Version</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Logged</Table.Th>
                <Table.Th ta="right">Leaf</Table.Th>
                <Table.Th>Leaf hash</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Verify</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={`${item.entry.version}-${item.entry.event}`}>
                  <Table.Td ta="right">{item.entry.version}</Table.Td>
                  <Table.Td>{capitalize(typeWords(item.entry.event))}</Table.Td>
                  <Table.Td>{formatDateTime(item.entry.logged_at, timeZone)}</Table.Td>
                  <Table.Td ta="right">{item.index ?? '—'}</Table.Td>
                  <Table.Td>
                    {item.leaf_hash ? <HashText size="xs">{item.leaf_hash}</HashText> : '—'}
                  </Table.Td>
                  <Table.Td>{verifyButton(item, i)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {selected && chosen !== null && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="passport-verification">
          <Title order={3} fz="h4" mb="sm" id="passport-verification">
            {`Verification of version ${selected.entry.version} (${typeWords(selected.entry.event)})`}
          </Title>
          <RecordById
            key={chosen}
            id={target.id}
            timeZone={timeZone}
            version={chosen === lastPlaced ? undefined : selected.entry.version}
          />
        </Paper>
      )}
    </Stack>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
