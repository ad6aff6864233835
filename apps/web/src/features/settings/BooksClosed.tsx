import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isConflict } from '../../components/common/apiErrors.ts';
import { formatDate } from '../../components/common/format.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { toLocalInput } from '../receive-records/datetime.ts';
import { type Organization, useCloseBooks } from './api.ts';

/** '31 Oct 2026': a day is a calendar day, shown as is (UTC), not shifted into a zone. */
const dayText = (day: string) => formatDate(day, 'UTC');

/** Today in the organization's zone, 'YYYY-MM-DD': the books can be closed only before it. */
const todayIn = (timeZone: string) => toLocalInput(new Date(), timeZone).slice(0, 10);
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * "Books closed through": everyone who sees the settings reads it; administrators (books.close) move it
 * forward to close a period or back (or to none) to reopen one, always with a reason.
 */
export function BooksClosed({ organization }: { organization: Organization }) {
  const mayClose = useCan('books.close');
  const through = organization.booksClosedThrough;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="books-closed-heading">
      <Title order={2} fz="h4" id="books-closed-heading" mb="xs">
        Books closed
      </Title>
      <Stack gap="xs">
        <Text size="sm" fw={500} data-testid="books-closed">
          {through ? `Books closed through ${dayText(through)}.` : 'No period is closed.'}
        </Text>
        <Text size="sm" c="dimmed">
          Deliveries, voids, payments and their reversals, stock movements and counts dated on or before the
          closed day are refused, so statements and reports already sent stay true. Corrections are posted on
          a later day.
        </Text>
        {/* Keyed by the date: after a change the form starts from the new one. */}
        {mayClose && <BooksClosedForm key={through ?? 'open'} through={through} />}
      </Stack>
    </Paper>
  );
}

type Errors = { through?: string | undefined; reason?: string | undefined };

function BooksClosedForm({ through }: { through: string | null }) {
  const { timeZone } = useMe();
  const [day, setDay] = useState(through ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const close = useCloseBooks();
  const { showToast } = useToast();
  const today = todayIn(timeZone);

  function send(next: string | null) {
    close.reset();
    const found: Errors = {};
    if (next !== null && !/^\d{4}-\d{2}-\d{2}$/.test(next)) found.through = 'Choose the last day to close';
    else if (next !== null && next >= today)
      found.through = `Close the books through a past day: today (${dayText(today)}) is still open`;
    if (reason.trim().length < 3) found.reason = 'Say why the books are closed or reopened';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    close.mutate(
      { through: next, reason: reason.trim() },
      {
        onSuccess: (saved) =>
          showToast({
            message: saved.booksClosedThrough
              ? `The books are closed through ${dayText(saved.booksClosedThrough)}.`
              : 'Every period of the books is open again.',
          }),
        // The server's words under the field they are about; an unchanged date (409) is the date's.
        onError: (error) => {
          const fields: Errors = fieldErrorsOf(error);
          if (isConflict(error)) fields.through ??= error.message;
          setErrors(fields);
        },
      },
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(day);
  };

  const onFields = Object.values(errors).some(Boolean);
  return (
    <form onSubmit={submit} noValidate aria-label="Close the books">
      <Stack gap="sm" maw={520} mt="xs">
        {!onFields && <ActionError error={close.error} />}
        <TextInput
          type="date"
          label="Close the books through"
          description="The last day of the closed period: a past day, today stays open."
          max={dayBefore(today)}
          required
          value={day}
          error={errors.through}
          onChange={(e) => {
            setDay(e.currentTarget.value);
            setErrors((v) => ({ ...v, through: undefined }));
          }}
        />
        <Textarea
          label="Reason"
          description="Kept in the audit trail and the activity log."
          required
          rows={2}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((v) => ({ ...v, reason: undefined }));
          }}
        />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={close.isPending && close.variables?.through !== null}>
            Close the books
          </Button>
          {through && (
            <Button
              variant="default"
              loading={close.isPending && close.variables?.through === null}
              disabled={close.isPending}
              onClick={() => send(null)}
            >
              Reopen every period
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
