import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import {
  REPORT_DOCUMENT_FORMATS,
  REPORT_FORMAT_LABELS,
  REPORT_KINDS,
  REPORT_LABELS,
  REPORT_SCHEDULE_TIMES,
  type ReportKind,
  reportScheduleInputSchema,
} from '@plastrace/shared';
import { useRef } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Schedule, useRecipients, useSaveSchedule } from './api.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The schedule to change; none: a new one. */
  schedule?: Schedule | undefined;
  /** A new schedule's report. */
  report?: ReportKind | undefined;
};

/** A report schedule: which report, as what, to whom; checked by the route's own schema, in its words. */
export function ScheduleDialog({ opened, onClose, schedule, report }: Props) {
  const title = schedule
    ? `Change the ${REPORT_LABELS[schedule.report].toLowerCase()} schedule`
    : 'Schedule a report';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ScheduleForm title={title} schedule={schedule} report={report} onDone={onClose} />}
    </Modal>
  );
}

function ScheduleForm({
  title,
  schedule,
  report,
  onDone,
}: {
  title: string;
  schedule: Schedule | undefined;
  report: ReportKind | undefined;
  onDone: () => void;
}) {
  const { timeZone } = useMe();
  const { showToast } = useToast();
  const save = useSaveSchedule();
  const recipients = useRecipients(true);
  const key = useRef(newIdempotencyKey());
  const form = useSchemaForm(reportScheduleInputSchema, {
    report: schedule?.report ?? report ?? 'daily',
    format: schedule?.format ?? 'pdf',
    recipient_user_ids: schedule?.recipientUserIds ?? [],
    active: schedule?.active ?? true,
  });
  // The request's refusal of a field goes under that field; anything else above the form.
  const fieldLevel = Object.keys(useDialogFormErrors(form, true, save.error)).length > 0;
  const chosen = form.values.recipient_user_ids as string[];

  // Members who may receive reports, and any the schedule names who no longer may (to take off).
  const eligible = recipients.data?.items ?? [];
  const former = (schedule?.recipients ?? []).filter((r) => !eligible.some((e) => e.userId === r.userId));
  const options = [
    ...eligible.map((r) => ({ value: r.userId, label: `${r.name} (${r.email})` })),
    ...former.map((r) => ({ value: r.userId, label: `${r.name}: no longer receives reports` })),
  ];
  const nameOf = (id: string) => options.find((o) => o.value === id)?.label ?? id;
  const recipientErrors = Object.entries(form.errors)
    .filter(([k]) => k === 'recipient_user_ids' || k.startsWith('recipient_user_ids.'))
    .map(([k, message]) => {
      const at = Number(k.split('.')[1]);
      return Number.isInteger(at) && chosen[at]
        ? `${nameOf(chosen[at] as string)}: ${message}`
        : String(message);
    });

  const submit = form.onSubmit((values) => {
    const body = reportScheduleInputSchema.parse(values);
    save.mutate(
      { body, id: schedule?.id, version: schedule?.version, key: key.current },
      {
        onSuccess: (s) => {
          showToast({
            message: `The ${REPORT_LABELS[s.report].toLowerCase()} is sent ${REPORT_SCHEDULE_TIMES[s.report]}.`,
          });
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        {!fieldLevel && <ActionError error={save.error} />}
        <NativeSelect
          label="Report"
          required
          data={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_LABELS[k] }))}
          description={`Sent ${REPORT_SCHEDULE_TIMES[form.values.report as ReportKind] ?? ''} (${timeZone})`}
          {...form.getInputProps('report')}
        />
        <NativeSelect
          label="Format"
          required
          data={REPORT_DOCUMENT_FORMATS.map((f) => ({ value: f, label: REPORT_FORMAT_LABELS[f] }))}
          {...form.getInputProps('format')}
        />
        <QueryStatus query={recipients} what="The members" loading="Loading the members…" />
        {recipients.data && (
          <Checkbox.Group
            label="Recipients"
            description="Active members who may read reports: administrators, managers and auditors"
            required
            value={chosen}
            onChange={(ids) => form.setFieldValue('recipient_user_ids', ids)}
            error={recipientErrors.length ? recipientErrors.join(' ') : undefined}
          >
            <Stack gap={6} mt={6}>
              {options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={o.label} />
              ))}
              {options.length === 0 && (
                <Text size="sm" c="dimmed">
                  No member may receive reports yet.
                </Text>
              )}
            </Stack>
          </Checkbox.Group>
        )}
        <Switch label="Send on schedule" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {schedule ? 'Save schedule' : 'Schedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
