import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { booksClosedBodySchema } from '@plastrace/shared';
import { useMemo } from 'react';
import type { z } from 'zod';
import { isConflict, wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { todayIn } from '../../components/common/datetime.ts';
import { formatDate } from '../../components/common/format.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Organization, useCloseBooks } from './api.ts';

/** '31 Oct 2026': a day is a calendar day, shown as is (UTC), not shifted into a zone. */
const dayText = (day: string) => formatDate(day, 'UTC');

type BooksClosedBody = z.output<typeof booksClosedBodySchema>;

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

/**
 * `PUT /api/organization/books-closed`'s own body schema, plus what the browser knows ahead of the
 * server: today, in the organization's zone, stays open.
 */
const booksFormSchema = (today: string) =>
  booksClosedBodySchema.superRefine((body, ctx) => {
    if (body.through && body.through >= today)
      ctx.addIssue({
        code: 'custom',
        path: ['through'],
        message: `Close the books through a past day: today (${dayText(today)}) is still open`,
      });
  });

function BooksClosedForm({ through }: { through: string | null }) {
  const { timeZone } = useMe();
  const today = todayIn(timeZone); // the books can be closed only before it
  const schema = useMemo(() => booksFormSchema(today), [today]);
  const form = useSchemaForm(schema, { through: through ?? '', reason: '' });
  const close = useCloseBooks();
  const { showToast } = useToast();

  function send(body: BooksClosedBody) {
    close.reset();
    close.mutate(body, {
      onSuccess: (saved) =>
        showToast({
          message: saved.booksClosedThrough
            ? `The books are closed through ${dayText(saved.booksClosedThrough)}.`
            : 'Every period of the books is open again.',
        }),
      // The server's words under the field they are about; an unchanged date (409) is the date's.
      onError: (error) => {
        const fields = wireFieldErrorsOf(error);
        if (isConflict(error)) fields.through ??= error.message;
        form.setErrors(fields);
      },
    });
  }
  const submit = form.onSubmit((values) => send(schema.parse(values)));
  // Reopening sends no day: only the reason is checked.
  function reopen() {
    if (form.validateField('reason').hasError) return;
    send(booksClosedBodySchema.parse({ through: null, reason: form.values.reason }));
  }

  const onFields = Object.values(form.errors).some(Boolean);
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
          {...form.getInputProps('through')}
        />
        <Textarea
          label="Reason"
          description="Kept in the audit trail and the activity log."
          required
          rows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
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
              onClick={reopen}
            >
              Reopen every period
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
