import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../api/download.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError, QueryStatus } from '../../components/common/QueryError.tsx';
import { recordLogKey, useCheckpointOfSize, useLogKey } from './api.ts';
import { DataItems, DataItem as Item } from './DataItems.tsx';
import { bundleFileName, leaves, recordTitle, typeWords } from './facts.ts';
import { RecordFacts } from './RecordFacts.tsx';
import { useReportVerification } from './useReportVerification.ts';
import { ChecksList, HashText, VerdictBanner } from './Verdict.tsx';
import { compactBundle, verifyRecordBundle } from './verification.ts';

interface RecordLogPanelProps {
  /** The bundle as received or read from a file: anything, until verifyBundle has checked its form. */
  bundle: unknown;
  /** The log's verifier key the bundle is checked against. */
  logKey: string;
  timeZone: string;
  /** How the bundle came: fetched by the record's id, or read from a file. */
  method?: 'bundle' | 'file';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A record's proof bundle verified in this browser with @plastrace/verify: the verdict, each check, what
 * the record says, the checkpoint it is under, the bundle to download and the command that checks it
 * offline, and the hashes and ids under "Technical details".
 */
export function RecordLogPanel({ bundle, logKey, timeZone, method = 'bundle' }: RecordLogPanelProps) {
  const verdict = useQuery({
    queryKey: [...recordLogKey, 'verdict', logKey, bundle],
    queryFn: () => verifyRecordBundle(bundle, logKey),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const result = verdict.data;
  const signedAt = useCheckpointOfSize(result?.ok ? result.treeSize : undefined);
  const checkpointTime =
    signedAt.data && signedAt.data.note === text((bundle as { checkpoint?: unknown }).checkpoint)
      ? signedAt.data.created_at
      : null;
  const report = useReportVerification();
  const reported = useRef<unknown>(null);

  const entry = result?.entry;
  const snapshot = (bundle as { snapshot?: unknown } | null)?.snapshot;

  // Reported once per verification run, for a signed-in member (spec §4: BLOCKCHAIN_VERIFY).
  useEffect(() => {
    if (!result || reported.current === result) return;
    reported.current = result;
    report({
      ok: result.ok,
      reason: result.reason,
      record: result.entry ? { type: result.entry.type, id: result.entry.id, snapshot } : undefined,
      index: result.index,
      treeSize: result.treeSize,
      method,
    });
  }, [result, snapshot, method, report]);

  if (verdict.isPending)
    return (
      <Text c="dimmed" role="status">
        Checking the proof in your browser…
      </Text>
    );
  if (verdict.isError)
    return (
      <QueryError
        error={verdict.error}
        what="The verifier"
        onRetry={() => verdict.refetch()}
        retrying={verdict.isFetching}
      />
    );
  const r = verdict.data;
  const fileName = entry ? bundleFileName(entry.type, entry.id, snapshot) : 'plastrace-bundle.json';
  const command = `npx plastrace-verify ${fileName} --key '${logKey}'`;
  const download = () =>
    saveBlob(new Blob([`${JSON.stringify(bundle, null, 2)}\n`], { type: 'application/json' }), fileName);
  const downloadCompact = async () =>
    saveBlob(await compactBundle(bundle), fileName.replace(/\.json$/, '.ptlb'));

  return (
    <Stack gap="md">
      <VerdictBanner ok={r.ok} reason={r.reason}>
        {r.ok && entry
          ? `${capitalize(recordTitle(entry.type, entry.id, snapshot))}, version ${entry.version} (${typeWords(entry.event)}), is leaf ${r.index} of the ${leaves(r.treeSize)} under a checkpoint signed by ${r.origin}.`
          : 'Do not rely on this record: what the proof says could not be confirmed.'}
      </VerdictBanner>

      {entry && (
        <Stack gap="xs">
          <Title order={3} fz="h4">
            What the record says
          </Title>
          {!r.ok && (
            <Text size="sm" c="red">
              Not verified: these facts may have been changed.
            </Text>
          )}
          <RecordFacts snapshot={snapshot} timeZone={timeZone} />
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={3} fz="h4">
          Checks made in your browser
        </Title>
        <ChecksList checks={r.checks} label="Checks" />
      </Stack>

      {r.treeSize !== undefined && (
        <DataItems label="Where it is in the log">
          <Item label="Checkpoint">{leaves(r.treeSize)}</Item>
          {checkpointTime && <Item label="Signed">{formatDateTime(checkpointTime, timeZone)}</Item>}
          {r.index !== undefined && <Item label="Leaf index">{String(r.index)}</Item>}
        </DataItems>
      )}

      <Stack gap={6}>
        <Group>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            Download proof bundle
          </Button>
          {r.ok && (
            <Button
              variant="subtle"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadCompact()}
              title="The same proof in under 1 KB beside the record's facts: small enough for a printed QR code"
            >
              Compact (.ptlb)
            </Button>
          )}
        </Group>
        {/* One line on a wide screen; on a phone the command takes its own line under the words. */}
        <Group gap="xs" wrap="wrap" align="center">
          <Text size="sm" style={{ flex: 'none' }}>
            Verify it yourself:
          </Text>
          <Code style={{ overflowWrap: 'anywhere', flex: '1 1 18rem', minWidth: 0 }}>{command}</Code>
          <CopyButton value={command}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                onClick={copy}
                leftSection={<IconCopy size={14} aria-hidden />}
                aria-label={copied ? 'Command copied' : 'Copy the command'}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Run it from a PlasTrace checkout after npm ci. A key read from the same server that sent the bundle
          proves little: compare it with the log key published where you trust it.
        </Text>
      </Stack>

      <TechnicalDetails bundle={bundle} logKey={logKey} leafHash={r.leafHash} origin={r.origin} />
    </Stack>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The ids, hashes and the signed note: what a technical reader checks against other copies. */
function TechnicalDetails({
  bundle,
  logKey,
  leafHash,
  origin,
}: {
  bundle: unknown;
  logKey: string;
  leafHash: string | undefined;
  origin: string | undefined;
}) {
  const b = (bundle ?? {}) as Record<string, unknown>;
  const entry = (b.entry ?? {}) as Record<string, unknown>;
  const field = (value: unknown) => (value === undefined || value === null ? '—' : String(value));
  const [open, setOpen] = useState(false);
  // A native disclosure: the first visit's landing page shares no component with it (an Accordion
  // here would split the landing page's own into a chunk of its own).
  return (
    <Paper
      component="details"
      withBorder
      radius="md"
      p="sm"
      open={open}
      onToggle={(e: React.SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open)}
    >
      <Text component="summary" fw={600} size="sm" style={{ cursor: 'pointer' }}>
        Technical details
      </Text>
      {open && (
        <Stack gap={0} mt="sm">
          <DataItems label="Ids and hashes">
            <Item label="Record type">{field(entry.type)}</Item>
            <Item label="Record id">
              <HashText>{field(entry.id)}</HashText>
            </Item>
            <Item label="Organization id">
              <HashText>{field(entry.organization)}</HashText>
            </Item>
            <Item label="Version">{field(entry.version)}</Item>
            <Item label="Event">{field(entry.event)}</Item>
            <Item label="Logged at">
              <HashText>{field(entry.logged_at)}</HashText>
            </Item>
            <Item label="Snapshot SHA-256">
              <HashText>{field(entry.snapshot_sha256)}</HashText>
            </Item>
            <Item label="Leaf hash">
              <HashText>{field(leafHash)}</HashText>
            </Item>
            <Item label="Leaf index">{field(b.index)}</Item>
            <Item label="Tree size">{field(b.tree_size)}</Item>
            {origin && <Item label="Log">{origin}</Item>}
            <Item label="Log key">
              <HashText>{logKey}</HashText>
            </Item>
          </DataItems>
          <Text size="sm" fw={600} mt="md" mb={4}>
            Signed checkpoint
          </Text>
          <Code block aria-label="Signed checkpoint">
            {field(b.checkpoint)}
          </Code>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * `children` given the log's key to verify with: the one the reader pasted, else the server's once read
 * (with its loading line, or its failure and a retry).
 */
export function WithLogKey({
  pastedKey,
  children,
}: {
  pastedKey?: string | undefined;
  children: (key: string) => ReactNode;
}) {
  const key = useLogKey(!pastedKey);
  if (pastedKey) return children(pastedKey);
  if (!key.data)
    return <QueryStatus query={key} what="The log's public key" loading="Reading the log's public key…" />;
  return children(key.data.key);
}
