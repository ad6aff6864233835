import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { ECAR_DECISION_LABELS, type EcarDecision, formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import type { EcarItem, EcarReport } from './api.ts';

type Evidence = EcarItem['evidence'][number];
type Reviews = EcarReport['reviews'][number];

const DECISION_COLOR: Record<EcarDecision, string> = {
  accepted: 'green',
  queried: 'orange',
  rejected: 'red',
};

export function DecisionBadge({ decision }: { decision: EcarDecision | null }) {
  return (
    <Badge color={decision ? DECISION_COLOR[decision] : 'gray'} variant="light">
      {decision ? ECAR_DECISION_LABELS[decision] : 'Not reviewed'}
    </Badge>
  );
}

const proof = (to: string, what: string) => (
  <Anchor component={Link} to={to} size="sm" aria-label={`Log proof of ${what}`}>
    Proof
  </Anchor>
);

/** One evidence item: what it claims, the records behind it with their log proofs, and its review. */
export function EcarItemCard({
  item,
  reviews,
  mayReview,
  busy,
  onAccept,
  onComment,
}: {
  item: EcarItem;
  reviews: Reviews | undefined;
  /** The auditor, on a report still open. */
  mayReview: boolean;
  busy: boolean;
  onAccept: () => void;
  onComment: (decision: 'queried' | 'rejected') => void;
}) {
  const { timeZone } = useMe();
  const latest = reviews?.latest ?? null;
  const headingId = `item-${item.key.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h5" id={headingId}>
            {item.title}: {formatKg(item.kg)}
          </Title>
          <DecisionBadge decision={latest?.decision ?? null} />
        </Group>
        <Text size="sm">{item.detail}</Text>
        {item.retirement && (
          <Text size="sm">
            Batch record: {proof(item.retirement.logUrl, `batch ${item.retirement.serialPrefix}`)}
          </Text>
        )}
        {item.evidence.length > 0 && (
          <FiguresTable<Evidence>
            label={`Evidence of ${item.title}`}
            rows={item.evidence}
            keyOf={(e) => `${e.lot.id}/${e.recovery.id}/${e.fate}`}
            columns={[
              { label: 'Lot', value: (e) => e.lot.code },
              { label: 'Kilograms', value: (e) => formatKg(e.kg), numeric: true },
              { label: 'Fate', value: (e) => e.fate.replace('_', '-') },
              {
                label: 'Delivery',
                value: (e) => (
                  <>
                    {e.delivery.number}
                    {e.delivery.weighbridgeTicket ? `, ticket ${e.delivery.weighbridgeTicket}` : ''} ·{' '}
                    {proof(e.delivery.proofUrl, `delivery ${e.delivery.number}`)}
                  </>
                ),
              },
              {
                label: 'Recovered by',
                value: (e) => (
                  <>
                    {e.recovery.number} · {proof(e.recovery.proofUrl, `${e.recovery.number}`)}
                  </>
                ),
              },
            ]}
          />
        )}
        {latest && (
          <Text size="sm">
            {ECAR_DECISION_LABELS[latest.decision]} by {latest.reviewedBy.name},{' '}
            {formatDateTime(latest.reviewedAt, timeZone)}
            {latest.comment ? `: “${latest.comment}”` : ''}
          </Text>
        )}
        {reviews && reviews.history.length > 1 && (
          <Stack gap={4} component="details">
            <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
              Review history ({reviews.history.length})
            </Text>
            <List size="sm">
              {reviews.history.map((h) => (
                <List.Item key={h.id}>
                  {ECAR_DECISION_LABELS[h.decision]} by {h.reviewedBy.name},{' '}
                  {formatDateTime(h.reviewedAt, timeZone)}
                  {h.comment ? `: “${h.comment}”` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {mayReview && (
          <Group gap="xs">
            <Button
              size="xs"
              color="green"
              onClick={onAccept}
              loading={busy}
              aria-label={`Accept ${item.title}`}
            >
              Accept
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => onComment('queried')}
              disabled={busy}
              aria-label={`Query ${item.title}`}
            >
              Query
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => onComment('rejected')}
              disabled={busy}
              aria-label={`Reject ${item.title}`}
            >
              Reject
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
