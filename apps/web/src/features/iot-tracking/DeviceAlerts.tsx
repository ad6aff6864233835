import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  IOT_ALERT_RULE_LABELS,
  IOT_ALERT_STATES,
  type IotAlertState,
  type iotAlertSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import type { Page } from '../team/api.ts';

// The anomaly alerts (GET /api/iot/alerts): of one device on its page, or of all on /iot-tracking. The
// rules run every minute on the server, so the list refreshes itself while it is open.

export type IotAlert = Wire<typeof iotAlertSchema>;
export const iotAlertsKey = ['iot-alerts'] as const;

const PAGE_SIZE = 30;
const REFRESH_MS = 60_000;
const STATE_LABELS: Record<IotAlertState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  all: 'All',
};
const STATE_COLORS = { open: 'red', acknowledged: 'yellow', resolved: 'gray' } as const;

export function useIotAlerts(state: IotAlertState, deviceId?: string) {
  return useInfiniteQuery({
    queryKey: [...iotAlertsKey, state, deviceId ?? null],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<IotAlert>>('/iot/alerts', {
        signal,
        query: { state, device_id: deviceId, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: REFRESH_MS,
  });
}

function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.post<IotAlert>(`/iot/alerts/${id}/acknowledge`, note.trim() ? { note: note.trim() } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: iotAlertsKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Open anomaly alerts, of one device or of all, with a state filter; the office acknowledges them. */
export function DeviceAlerts({ deviceId }: { deviceId?: string }) {
  const [state, setState] = useState<IotAlertState>('open');
  const query = useIotAlerts(state, deviceId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Alert state"
        value={state}
        onChange={(v) => setState(v as IotAlertState)}
        data={IOT_ALERT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isError ? (
        <QueryError error={query.error} what="The alerts" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading the alerts…
        </Text>
      ) : items.length === 0 ? (
        <EmptyState
          title={state === 'open' ? 'No alerts — devices and records look as expected' : 'No alert here'}
        >
          {state === 'open'
            ? 'The rules check every minute for silent devices, weights typed where a scale stands, energy or throughput out of line, trucks away from the scale and lapsed calibrations.'
            : 'Choose another state to see more.'}
        </EmptyState>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Alerts">
          {items.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more alerts
        </Button>
      )}
    </Stack>
  );
}

function AlertRow({ alert: a }: { alert: IotAlert }) {
  const { timeZone } = useMe();
  const mayManage = useCan('devices.manage');
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const ack = useAcknowledge();
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={IOT_ALERT_RULE_LABELS[a.rule]}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Badge color={STATE_COLORS[a.state]} variant="light">
              {IOT_ALERT_RULE_LABELS[a.rule]}
            </Badge>
            {a.state !== 'open' && (
              <Text size="xs" c="dimmed">
                {STATE_LABELS[a.state]}
              </Text>
            )}
          </Group>
          <Text size="sm">{a.message}</Text>
          <Text size="xs" c="dimmed">
            Raised {formatDateTime(a.raisedAt, timeZone)}
            {a.device && ` · ${a.device.code} (${a.device.name})`}
            {a.resolvedAt && ` · resolved ${formatDateTime(a.resolvedAt, timeZone)}`}
            {a.acknowledgedBy && ` · acknowledged by ${a.acknowledgedBy.name}`}
            {a.acknowledgedNote && `: “${a.acknowledgedNote}”`}
          </Text>
          {a.subject && (
            <Anchor component={Link} to={a.subject.link} size="sm">
              {a.subject.number}
            </Anchor>
          )}
        </Stack>
        {mayManage && !a.acknowledgedAt && !noting && (
          <Button size="xs" variant="light" onClick={() => setNoting(true)}>
            Acknowledge
          </Button>
        )}
      </Group>
      {noting && (
        <Group align="flex-end" mt="xs" wrap="wrap" gap="xs">
          <TextInput
            label="Note (optional)"
            placeholder="Why it is fine, or what was done"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button size="sm" loading={ack.isPending} onClick={() => ack.mutate({ id: a.id, note })}>
            Acknowledge
          </Button>
          <Button size="sm" variant="subtle" onClick={() => setNoting(false)}>
            Cancel
          </Button>
        </Group>
      )}
      <ActionError error={ack.error} onClose={() => ack.reset()} />
    </Paper>
  );
}
