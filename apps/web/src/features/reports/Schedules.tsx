import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  REPORT_FORMAT_LABELS,
  REPORT_LABELS,
  REPORT_SCHEDULE_TIMES,
  type ReportKind,
  reportDayLabel,
  reportMonthLabel,
} from '@plastrace/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { type Schedule, useRemoveSchedule, useSchedules } from './api.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** The period a schedule last sent, in words: a day, a month or a year. */
function sentFor(report: ReportKind, day: string | null) {
  if (!day) return 'not sent yet';
  if (report === 'monthly') return reportMonthLabel(day.slice(0, 7));
  if (report === 'annual') return day.slice(0, 4);
  return reportDayLabel(day);
}

/** The organization's report schedules; administrators and managers add, change and remove them. */
export function Schedules() {
  const { timeZone } = useMe();
  const mayChange = useCan('reports.schedule');
  const schedules = useSchedules();
  const remove = useRemoveSchedule();
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [removing, setRemoving] = useState<Schedule | null>(null);
  const items = schedules.data?.items ?? [];
  const add = mayChange && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      New schedule
    </Button>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="schedules-title">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="schedules-title">
          Schedules
        </Title>
        {items.length > 0 && add}
      </Group>
      <Text size="sm" c="dimmed">
        Reports e-mailed to chosen members as PDF or XLSX, at 18:00 in the organization’s time zone (
        {timeZone}).
      </Text>
      <QueryStatus query={schedules} what="The schedules" loading="Loading the schedules…" />
      {schedules.data && items.length === 0 && (
        <EmptyState
          title="No report is scheduled"
          action={
            mayChange && (
              <Button variant="light" onClick={() => setEditing('new')}>
                Schedule a report
              </Button>
            )
          }
        >
          A schedule e-mails a report to the members you choose: the daily report every evening, the monthly
          one on the 1st.
        </EmptyState>
      )}
      <Stack gap="xs" component="ul" aria-label="Report schedules" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((s) => (
          <Paper key={s.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>
                    {REPORT_LABELS[s.report]} as {REPORT_FORMAT_LABELS[s.format]}
                  </Text>
                  <Badge variant="light" color={s.active ? 'green' : 'gray'}>
                    {s.active ? 'Active' : 'Paused'}
                  </Badge>
                </Group>
                <Text size="sm">
                  To{' '}
                  {s.recipients
                    .map((r) => (r.receives ? r.name : `${r.name} (no longer receives reports)`))
                    .join(', ')}
                </Text>
                <Text size="xs" c="dimmed">
                  Sent {REPORT_SCHEDULE_TIMES[s.report]}; last sent: {sentFor(s.report, s.lastSentFor)}.
                </Text>
              </Stack>
              {mayChange && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(s)}
                    aria-label={`Change the ${REPORT_LABELS[s.report].toLowerCase()} schedule`}
                  >
                    Change
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => setRemoving(s)}
                    aria-label={`Remove the ${REPORT_LABELS[s.report].toLowerCase()} schedule`}
                  >
                    Remove
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <ScheduleDialog
        opened={editing !== null}
        schedule={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this schedule?"
        confirmLabel="Remove schedule"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
          })
        }
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      >
        The {removing ? REPORT_LABELS[removing.report].toLowerCase() : 'report'} will no longer be e-mailed.
        The reports already sent stay in their recipients’ mail.
      </ConfirmDialog>
    </Stack>
  );
}
