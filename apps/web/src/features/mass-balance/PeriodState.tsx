import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { periodReopenBodySchema } from '@plastrace/shared';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { type MassBalance, useClosePeriod, useReopenPeriod } from './api.ts';
import { Flag } from './Flag.tsx';
import { periodTitle } from './period.ts';

/**
 * Whether the period is open, closed (by whom, when) or reopened (why); Close for managers and
 * administrators once the period has ended, Reopen for administrators with a reason.
 */
export function PeriodState({
  statement,
  period,
  facilityId,
  timeZone,
}: {
  statement: MassBalance;
  period: string;
  facilityId: string | undefined;
  timeZone: string;
}) {
  const mayClose = useCan('mass_balance.close');
  const mayReopen = useCan('mass_balance.reopen');
  const close = useClosePeriod();
  const reopen = useReopenPeriod();
  const [asking, setAsking] = useState<'close' | 'reopen' | null>(null);
  const c = statement.close;
  const closed = !!c && !c.reopenedAt;
  const title = periodTitle(period);
  const scope = statement.facility ? ` at ${statement.facility.name}` : '';
  const negative = statement.flags.negativeBalances > 0;

  return (
    <Paper withBorder radius="md" p="md" aria-label="Period state" component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            {closed ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
            <Text fw={600}>
              {closed
                ? `Closed on ${formatDateTime(c.closedAt, timeZone)} by ${c.closedBy.name}`
                : c?.reopenedAt
                  ? `Reopened on ${formatDateTime(c.reopenedAt, timeZone)} by ${c.reopenedBy?.name ?? ''}: ${c.reopenReason ?? ''}`
                  : statement.ended
                    ? 'Open: the period has ended and can be closed'
                    : 'Open: the period has not ended yet'}
            </Text>
          </Group>
          <Group gap="xs">
            {mayClose && !closed && (
              <Button
                leftSection={<IconLock size={16} aria-hidden />}
                disabled={!statement.ended || negative}
                onClick={() => setAsking('close')}
              >
                Close period
              </Button>
            )}
            {mayReopen && closed && (
              <Button variant="default" color="red" onClick={() => setAsking('reopen')}>
                Reopen
              </Button>
            )}
          </Group>
        </Group>
        {closed && (
          <Text size="sm" c="dimmed">
            The statement shown is the one stored at closing. SHA-256 {c.statementSha256}
          </Text>
        )}
        {statement.booksClosedThrough && (
          <Text size="sm" c="dimmed">
            The books are closed through {statement.booksClosedThrough}: nothing dated on or before it can be
            posted.
          </Text>
        )}
        {negative && !closed && (
          <Alert color="red" role="alert" title="Negative balance at the period’s end">
            <Flag>Negative balance</Flag> A period with a negative balance cannot be closed: find the missing
            receipt or correct the postings first.
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking === 'close'}
        title={`Close ${title}${scope}?`}
        confirmLabel="Close period"
        color="blue"
        loading={close.isPending}
        error={close.error}
        onClose={() => {
          setAsking(null);
          close.reset();
        }}
        onConfirm={() => close.mutate({ period, facilityId }, { onSuccess: () => setAsking(null) })}
      >
        The statement is stored as it stands, and the organization’s books are closed through the period’s
        last day: deliveries, runs, dispatches and counts dated in it will be refused until an administrator
        reopens it.
      </ConfirmDialog>
      {c && (
        <ReasonDialog
          opened={asking === 'reopen'}
          title={`Reopen ${title}${scope}`}
          confirmLabel="Reopen period"
          schema={periodReopenBodySchema}
          loading={reopen.isPending}
          error={reopen.error}
          onClose={() => {
            setAsking(null);
            reopen.reset();
          }}
          onConfirm={(reason) => reopen.mutate({ id: c.id, reason }, { onSuccess: () => setAsking(null) })}
        >
          Postings dated in the period will be accepted again. The reason is kept in the audit trail.
        </ReasonDialog>
      )}
    </Paper>
  );
}
