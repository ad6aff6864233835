import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import classes from '../../features/receive-records/print.module.css';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { isNotFound } from '../common/apiErrors.ts';
import { formatDate } from '../common/format.ts';
import { LoadMore } from '../common/LoadMore.tsx';
import { ActionError, QueryError } from '../common/QueryError.tsx';
import { useCan, useMe } from '../common/useMe.ts';
import { exportStatement, type LedgerEntry, type PartyRef, type Period, useStatement } from './api.ts';
import type { LedgerBook } from './books.ts';
import { isBackwards, readPeriod, toPeriod, writePeriod } from './filters.ts';
import { PaymentDialog } from './PaymentDialog.tsx';
import { ReverseDialog } from './ReverseDialog.tsx';
import { StatementSummary, StatementTable } from './StatementTable.tsx';

/** '1 Oct 2026 – 31 Oct 2026'; a day is a calendar day, so it is shown as is (UTC), not shifted. */
function periodText({ from, to }: Period) {
  if (!from && !to) return 'All entries';
  const day = (d: string | undefined) => (d ? formatDate(d, 'UTC') : '');
  if (!to) return `From ${day(from)}`;
  if (!from) return `Up to ${day(to)}`;
  return `${day(from)} – ${day(to)}`;
}

interface LedgerStatementProps {
  book: LedgerBook;
  partyId: string;
  /** Where 'Back' goes, and what it says. */
  back: { to: string; label: string };
  /** More actions of the roles that record payments, before 'Record payment' (a customer's credit note). */
  writeActions?: (party: PartyRef) => ReactNode;
}

/** A party's statement for a period with its running balance; export, print, pay, reverse a payment. */
export function LedgerStatement({ book, partyId, back, writeActions }: LedgerStatementProps) {
  const { timeZone } = useMe();
  const mayPay = useCan('payments.write');
  const mayExport = useCan('data.export');
  const [params, setParams] = useSearchParams();
  const range = readPeriod(params);
  const period = toPeriod(range);
  const backwards = isBackwards(period);
  const statement = useStatement(book, partyId, period, !backwards);
  const first = statement.data?.pages[0];
  const entries = statement.data?.pages.flatMap((p) => p.items) ?? [];
  const party = first?.[book.party];
  const statementOf = `${book.Party} statement`;
  const [paying, setPaying] = useState(false);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [busy, setBusy] = useState<'export' | 'print' | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  usePageTitle(party ? `Statement: ${party.name}` : statementOf);

  const setRange = (patch: Partial<typeof range>) =>
    setParams(writePeriod({ ...range, ...patch }), { replace: true, preventScrollReset: true });

  async function run(what: 'export' | 'print', action: () => Promise<unknown>) {
    setBusy(what);
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(null);
    }
  }
  // A printout holds the whole period, so the pages not loaded yet are fetched first.
  const print = () =>
    run('print', async () => {
      let more = statement.hasNextPage;
      while (more) more = (await statement.fetchNextPage({ throwOnError: true })).hasNextPage;
      window.print();
    });

  return (
    <Stack gap="md" maw={1000} className={classes.sheet}>
      <Anchor component={Link} to={back.to} size="sm" className={classes.noPrint}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{party ? `${party.name} (${party.code})` : statementOf}</Title>
          <Text c="dimmed" size="sm">
            Statement of account · {periodText(period)}
          </Text>
        </div>
        {first && (
          <Group gap="xs" className={classes.noPrint}>
            {mayPay && party && writeActions?.(party)}
            {mayPay && <Button onClick={() => setPaying(true)}>Record payment</Button>}
            {mayExport && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={busy === 'export'}
                onClick={() => run('export', () => exportStatement(book, partyId, period))}
              >
                Export CSV
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              loading={busy === 'print'}
              onClick={print}
            >
              Print
            </Button>
          </Group>
        )}
      </Group>
      <Group
        gap="sm"
        align="flex-start"
        wrap="wrap"
        role="search"
        aria-label="Statement period"
        className={classes.noPrint}
      >
        <TextInput
          label="From"
          type="date"
          value={range.from}
          onChange={(e) => setRange({ from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={range.to}
          error={backwards ? 'The end date is before the start date' : null}
          onChange={(e) => setRange({ to: e.currentTarget.value })}
        />
        {(range.from || range.to) && (
          <Button variant="subtle" mt={25} onClick={() => setRange({ from: '', to: '' })}>
            All entries
          </Button>
        )}
      </Group>
      <ActionError error={actionError} onClose={() => setActionError(null)} />

      {statement.isLoading && (
        <Text c="dimmed" role="status">
          Loading the statement…
        </Text>
      )}
      {statement.isError &&
        (isNotFound(statement.error) ? (
          <Paper withBorder p="lg">
            <Text>This {book.party} does not exist.</Text>
          </Paper>
        ) : (
          <QueryError
            error={statement.error}
            what="The statement"
            onRetry={() => statement.refetch()}
            retrying={statement.isFetching}
          />
        ))}
      {first && (
        <>
          <StatementSummary statement={first} book={book} />
          {entries.length === 0 ? (
            <Text c="dimmed">
              {period.from || period.to ? 'No entries in this period.' : 'No entries yet.'}
            </Text>
          ) : (
            <StatementTable
              entries={entries}
              book={book}
              timeZone={timeZone}
              onReverse={mayPay ? setReversing : undefined}
            />
          )}
          <div className={classes.noPrint}>
            <LoadMore
              hasNextPage={statement.hasNextPage}
              isFetchingNextPage={statement.isFetchingNextPage}
              fetchNextPage={statement.fetchNextPage}
            />
          </div>
          <PaymentDialog
            opened={paying}
            book={book}
            party={{ id: partyId, name: party?.name ?? `this ${book.party}` }}
            onClose={() => setPaying(false)}
          />
          <ReverseDialog
            entry={reversing}
            book={book}
            partyName={party?.name ?? `the ${book.party}`}
            timeZone={timeZone}
            onClose={() => setReversing(null)}
          />
        </>
      )}
    </Stack>
  );
}
