import { Anchor, Button, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import {
  type LeafRef,
  type LogCheckpoint,
  type LogLeaf,
  recordLogKey,
  useCheckpoints,
  useConsistencyProof,
  useInclusionProof,
  useLatestCheckpoint,
  useLeaf,
  useLogKey,
} from './api.ts';
import { DataItem, DataItems } from './DataItems.tsx';
import { EMPTY_LOG, leaves } from './facts.ts';
import { ChecksList, HashText, VerdictBanner } from './Verdict.tsx';
import { type PathStep, verifyGrowth, verifyLeaf } from './verification.ts';

/** ?index=42 or ?hash=<base64>; a '+' of a hash pasted unencoded arrives as a space. */
export function leafRefOf(params: URLSearchParams): LeafRef | null {
  const index = params.get('index');
  if (index !== null && /^\d+$/.test(index) && Number.isSafeInteger(Number(index)))
    return { index: Number(index) };
  const hash = params.get('hash');
  if (hash) return { hash: hash.replaceAll(' ', '+') };
  return null;
}

/**
 * /blockchain/transaction?index= or ?hash=: one leaf of the record log, its inclusion proof in the latest
 * signed checkpoint drawn as the path from the leaf to the root and checked in the browser, and the
 * consistency of an earlier checkpoint of the reader's choice with the latest.
 */
export function TransactionPage() {
  const [params] = useSearchParams();
  const ref = leafRefOf(params);
  const leaf = useLeaf(ref);
  const { timeZone } = useMe();
  usePageTitle(leaf.data ? `Leaf ${leaf.data.index}` : 'Log leaf');
  const what = ref && 'hash' in ref ? 'hash' : 'index';

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={leaf.data ? `Leaf ${leaf.data.index}` : 'Log leaf'}
        description="One leaf of the record log: the hash of one change of one record, and the proof, checked in your browser, that the log's latest signed checkpoint holds it."
        actions={
          <Button
            component={Link}
            to="/blockchain-explorer"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Record log
          </Button>
        }
      />
      {!ref && (
        <Text>
          Open a leaf from the{' '}
          <Anchor component={Link} to="/blockchain-explorer">
            record log
          </Anchor>
          , or search it there by its index or hash.
        </Text>
      )}
      {leaf.isLoading && (
        <Text c="dimmed" role="status">
          Loading the leaf…
        </Text>
      )}
      {isNotFound(leaf.error) && (
        <Paper withBorder p="md" radius="md">
          <Text size="sm">The record log has no leaf with this {what}. Check that it was copied whole.</Text>
        </Paper>
      )}
      {leaf.isError && !isNotFound(leaf.error) && (
        <QueryError
          error={leaf.error}
          what="The leaf"
          onRetry={() => leaf.refetch()}
          retrying={leaf.isFetching}
        />
      )}
      {leaf.data && (
        <>
          <DataItems label="The leaf">
            <DataItem label="Leaf index">{String(leaf.data.index)}</DataItem>
            <DataItem label="Leaf hash">
              <HashText>{leaf.data.leaf_hash}</HashText>
            </DataItem>
          </DataItems>
          <Inclusion leaf={leaf.data} />
          <Consistency timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}

function Inclusion({ leaf }: { leaf: LogLeaf }) {
  const latest = useLatestCheckpoint();
  const key = useLogKey();
  const proof = useInclusionProof(leaf.index, latest.data?.tree_size);
  const ready = latest.data && key.data && proof.data;
  const verdict = useQuery({
    enabled: !!ready,
    queryKey: [...recordLogKey, 'leaf-verdict', leaf, proof.data, latest.data?.note, key.data?.key],
    queryFn: () =>
      verifyLeaf({
        leafHash: leaf.leaf_hash,
        index: leaf.index,
        treeSize: proof.data?.tree_size ?? 0,
        proof: proof.data?.proof ?? [],
        note: latest.data?.note ?? '',
        key: key.data?.key ?? '',
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const failed = [
    { q: latest, what: 'The latest checkpoint' },
    { q: key, what: "The log's public key" },
    { q: proof, what: 'The inclusion proof' },
    { q: verdict, what: 'The verifier' },
  ].find(({ q }) => q.isError);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="inclusion">
      <Title order={2} fz="h4" mb="sm" id="inclusion">
        Inclusion in the latest checkpoint
      </Title>
      {failed ? (
        <QueryError error={failed.q.error} what={failed.what} onRetry={() => failed.q.refetch()} />
      ) : !verdict.data ? (
        <Text c="dimmed" role="status">
          Checking the proof in your browser…
        </Text>
      ) : (
        <Stack gap="md">
          <VerdictBanner ok={verdict.data.ok} reason={verdict.data.reason}>
            {verdict.data.ok
              ? `Leaf ${leaf.index} is in the tree of ${leaves(proof.data?.tree_size)} signed by ${verdict.data.origin}.`
              : 'The latest checkpoint does not prove this leaf is in the log.'}
          </VerdictBanner>
          <ChecksList checks={verdict.data.checks} label="Checks" />
          {verdict.data.path && (
            <ProofPath
              leafHash={leaf.leaf_hash}
              steps={verdict.data.path}
              rootHash={verdict.data.rootHash ?? ''}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The inclusion proof as the path it takes: from the leaf, each hash of the proof joined on its side,
 * up to the root the checkpoint signs. A list, so it reads the same to everyone.
 */
function ProofPath({ leafHash, steps, rootHash }: { leafHash: string; steps: PathStep[]; rootHash: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="h5">
        Path from the leaf to the root
      </Title>
      <Text size="sm">
        Start from the leaf hash <HashText size="xs">{leafHash}</HashText>
      </Text>
      {steps.length === 0 ? (
        <Text size="sm">The tree has this one leaf: its hash is the root.</Text>
      ) : (
        <List type="ordered" aria-label="Proof path" spacing={6} size="sm">
          {steps.map((step, i) => (
            <List.Item key={step.node}>
              <Text size="sm" span>
                {step.side === 'left'
                  ? 'Join with the proof hash on the left, '
                  : 'Join with the proof hash on the right, '}
                <HashText size="xs">{step.sibling}</HashText>
                {i === steps.length - 1 ? ', giving the root ' : ', giving '}
                <HashText size="xs">{step.node}</HashText>
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm">
        The checkpoint signs the root <HashText size="xs">{rootHash}</HashText>
      </Text>
    </Stack>
  );
}

function Consistency({ timeZone }: { timeZone: string }) {
  const latest = useLatestCheckpoint();
  const checkpoints = useCheckpoints();
  const [chosen, setChosen] = useState('');
  const earlier = (checkpoints.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (c) => latest.data && c.tree_size < latest.data.tree_size,
  );
  const older = earlier.find((c) => String(c.tree_size) === chosen);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="consistency">
      <Title order={2} fz="h4" mb={4} id="consistency">
        Consistency with an earlier checkpoint
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        That the latest tree keeps every leaf of an earlier one, unchanged and in order: nothing logged was
        rewritten or removed since.
      </Text>
      <QueryStatus query={checkpoints} what="The checkpoints" loading="Loading checkpoints…" />
      {checkpoints.isSuccess && earlier.length === 0 && (
        <Text size="sm">
          {latest.data
            ? 'The log has only its latest checkpoint so far: there is nothing earlier to compare.'
            : EMPTY_LOG}
        </Text>
      )}
      {earlier.length > 0 && (
        <Stack gap="sm">
          <NativeSelect
            label="Earlier checkpoint"
            value={chosen}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a checkpoint' },
              ...earlier.map((c) => ({
                value: String(c.tree_size),
                label: `${leaves(c.tree_size)} · ${formatDateTime(c.created_at, timeZone)}`,
              })),
            ]}
            maw={420}
          />
          {older && latest.data && <Growth older={older} newer={latest.data} />}
        </Stack>
      )}
    </Paper>
  );
}

function Growth({ older, newer }: { older: LogCheckpoint; newer: LogCheckpoint }) {
  const key = useLogKey();
  const proof = useConsistencyProof(older.tree_size, newer.tree_size);
  const verdict = useQuery({
    enabled: !!(key.data && proof.data),
    queryKey: [...recordLogKey, 'growth', older.note, newer.note, proof.data, key.data?.key],
    queryFn: () => verifyGrowth({ older, newer, proof: proof.data?.proof ?? [], key: key.data?.key ?? '' }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const failed = [
    { q: key, what: "The log's public key" },
    { q: proof, what: 'The consistency proof' },
    { q: verdict, what: 'The verifier' },
  ].find(({ q }) => q.isError);
  if (failed)
    return <QueryError error={failed.q.error} what={failed.what} onRetry={() => failed.q.refetch()} />;
  if (!verdict.data)
    return (
      <Text c="dimmed" role="status">
        Checking the consistency proof in your browser…
      </Text>
    );
  return (
    <Stack gap="sm">
      <VerdictBanner ok={verdict.data.ok} reason={verdict.data.reason}>
        {verdict.data.ok
          ? `The tree of ${leaves(newer.tree_size)} extends the tree of ${leaves(older.tree_size)}: the first ${older.tree_size} are unchanged.`
          : 'The two checkpoints do not describe one growing log.'}
      </VerdictBanner>
      <ChecksList checks={verdict.data.checks} label="Consistency checks" />
    </Stack>
  );
}
