import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatKg, formatPhp, parseUnits, stockCountCancelBodySchema } from '@plastrace/shared';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { COUNTED_KG, CountLinesTable } from './CountLinesTable.tsx';
import { StockCountStatusBadge } from './StockCountStatusBadge.tsx';
import {
  type StockCountDetail,
  type StockCountLine,
  useCancelStockCount,
  usePostStockCount,
  useSaveCounts,
  useStockCount,
} from './stockCounts.api.ts';

type Show = 'all' | 'uncounted' | 'differences';
const SHOW = [
  { value: 'all', label: 'All lots' },
  { value: 'uncounted', label: 'Not counted' },
  { value: 'differences', label: 'Differences' },
];

/** A typed value that says the same as what is saved is no change. */
const sameAsSaved = (line: StockCountLine, draft: string) =>
  draft.trim() === ''
    ? line.countedKg === null
    : line.countedKg !== null && parseUnits(draft, 3) === parseUnits(line.countedKg, 3);

/** /inventory/stock-counts/:id: the count sheet — enter counts, save, post or cancel. */
export function StockCountPage() {
  return (
    <RequirePermission action="stock.read" title="Stock count">
      <StockCount />
    </RequirePermission>
  );
}

function StockCount() {
  const { id = '' } = useParams();
  const query = useStockCount(id);
  usePageTitle(query.data ? `Stock count ${query.data.number}` : 'Stock count');
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the stock count…
      </Text>
    );
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        what="The stock count"
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <CountSheet count={query.data} />;
}

function CountSheet({ count }: { count: StockCountDetail }) {
  const { timeZone } = useMe();
  const mayEnter = useCan('stock.count');
  const mayAdjust = useCan('stock.adjust');
  const { showToast } = useToast();
  const save = useSaveCounts(count.id);
  const post = usePostStockCount(count.id);
  const cancel = useCancelStockCount(count.id);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [show, setShow] = useState<Show>('all');
  const [confirmPost, setConfirmPost] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const open = count.status === 'open';
  const mayCount = open && mayEnter;
  const mayPost = open && mayAdjust;

  const byLot = new Map(count.lines.map((l) => [l.lot.id, l]));
  const changes = Object.entries(drafts).filter(([lotId, v]) => {
    const line = byLot.get(lotId);
    return line && !sameAsSaved(line, v);
  });
  const invalid = changes.some(([, v]) => v.trim() !== '' && !COUNTED_KG.test(v.trim()));
  const { totals } = count;
  const uncounted = totals.lines - totals.countedLines;
  const adjustments = count.lines.filter(
    (l) => l.differenceKg !== null && Number(l.differenceKg) !== 0,
  ).length;
  const shown = count.lines.filter((l) =>
    show === 'uncounted'
      ? l.countedKg === null
      : show === 'differences'
        ? l.differenceKg !== null && Number(l.differenceKg) !== 0
        : true,
  );

  const saveCounts = (e?: FormEvent) => {
    e?.preventDefault();
    if (changes.length === 0 || invalid) return;
    save.mutate(
      changes.map(([lotId, v]) => ({ lotId, countedKg: v.trim() === '' ? null : v.trim() })),
      {
        onSuccess: () => {
          setDrafts({});
          showToast({ message: `Saved ${changes.length} ${changes.length === 1 ? 'count' : 'counts'}.` });
        },
      },
    );
  };
  // Ctrl+S / ⌘S saves from anywhere on the sheet.
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      saveCounts();
    }
  };
  const postBlocked =
    changes.length > 0
      ? 'Save your counts before posting.'
      : uncounted > 0
        ? `${uncounted} ${uncounted === 1 ? 'lot is' : 'lots are'} not counted yet: enter 0 for a lot that is gone.`
        : null;

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/inventory?tab=counts" size="sm">
          ← Stock counts
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>Stock count {count.number}</Title>
          <StockCountStatusBadge status={count.status} />
        </Group>
        <Text c="dimmed" size="sm">
          {count.facility.name} · {count.material?.name ?? 'All materials'} · opened{' '}
          {formatDateTime(count.openedAt, timeZone)} by {count.openedBy.name}
          {count.notes ? ` · ${count.notes}` : ''}
        </Text>
        {count.postedAt && (
          <Text size="sm">
            Posted {formatDateTime(count.postedAt, timeZone)} by {count.postedBy?.name}: {adjustments}{' '}
            {adjustments === 1 ? 'adjustment' : 'adjustments'} with the reason “Stock count {count.number}”.
          </Text>
        )}
        {count.cancelledAt && (
          <Text size="sm">
            Cancelled {formatDateTime(count.cancelledAt, timeZone)} by {count.cancelledBy?.name}:{' '}
            {count.cancelReason}
          </Text>
        )}
      </div>

      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Count totals">
        <Figure label="Counted" value={`${totals.countedLines} of ${totals.lines} lots`} />
        <Figure label="Book" value={formatKg(totals.bookKg)} sub={formatPhp(totals.bookValuePhp)} />
        <Figure label="Counted kg" value={formatKg(totals.countedKg)} />
        <Figure label="Difference" value={formatKg(totals.differenceKg)} />
        <Figure label="Difference value" value={formatPhp(totals.differenceValuePhp)} sub="at average cost" />
      </SimpleGrid>

      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show lots"
          data={SHOW}
          value={show}
          onChange={(v) => setShow(v as Show)}
        />
        {mayCount && (
          <Button
            ml="auto"
            onClick={() => saveCounts()}
            loading={save.isPending}
            disabled={changes.length === 0 || invalid}
          >
            Save counts{changes.length > 0 ? ` (${changes.length})` : ''}
          </Button>
        )}
        {mayPost && (
          <Button color="green" disabled={postBlocked !== null} onClick={() => setConfirmPost(true)}>
            Post count
          </Button>
        )}
        {mayCount && (
          <Button variant="default" color="red" onClick={() => setConfirmCancel(true)}>
            Cancel count
          </Button>
        )}
      </Group>
      {(mayPost || mayCount) && postBlocked && (
        <Text size="xs" c="dimmed" role="note">
          {postBlocked}
        </Text>
      )}
      <ActionError error={save.error} onClose={save.reset} />

      <form onSubmit={saveCounts} onKeyDown={onKeyDown} aria-label="Counts">
        {shown.length === 0 ? (
          <Text c="dimmed">{show === 'uncounted' ? 'Every lot is counted.' : 'No differences.'}</Text>
        ) : (
          <CountLinesTable
            lines={shown}
            drafts={drafts}
            onDraft={mayCount ? (lotId, value) => setDrafts((d) => ({ ...d, [lotId]: value })) : null}
          />
        )}
      </form>

      <ConfirmDialog
        opened={confirmPost}
        title={`Post stock count ${count.number}?`}
        confirmLabel="Post"
        color="green"
        loading={post.isPending}
        error={post.error}
        onClose={() => {
          post.reset();
          setConfirmPost(false);
        }}
        onConfirm={() =>
          post.mutate(count.version, {
            onSuccess: () => {
              setConfirmPost(false);
              showToast({ message: `Stock count ${count.number} posted.` });
            },
          })
        }
      >
        {adjustments === 0
          ? 'Every lot matches its book balance: nothing will be adjusted.'
          : `${adjustments} ${adjustments === 1 ? 'lot' : 'lots'} will be adjusted by ${formatKg(totals.differenceKg)} in all (${formatPhp(totals.differenceValuePhp)}). A posted count cannot be changed.`}
      </ConfirmDialog>
      <ReasonDialog
        opened={confirmCancel}
        title={`Cancel stock count ${count.number}?`}
        confirmLabel="Cancel count"
        loading={cancel.isPending}
        error={cancel.error}
        schema={stockCountCancelBodySchema}
        onClose={() => {
          cancel.reset();
          setConfirmCancel(false);
        }}
        onConfirm={(reason) =>
          cancel.mutate(reason, {
            onSuccess: () => {
              setConfirmCancel(false);
              setDrafts({});
              showToast({ message: `Stock count ${count.number} cancelled.` });
            },
          })
        }
      >
        Nothing is posted; the counts entered so far are kept with the cancelled count.
      </ReasonDialog>
    </Stack>
  );
}

function Figure({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {sub && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </Paper>
  );
}
