import { Button, Paper, Stack, Text } from '@mantine/core';
import { isConflict, isNotFound } from '../../components/common/apiErrors.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useRecordBundle, useRecordHistory } from './api.ts';
import { LOGGED_ONLY } from './facts.ts';
import { RecordLogPanel, WithLogKey } from './RecordLogPanel.tsx';
import { ChangedWarning } from './Verdict.tsx';

/**
 * A record looked up in the record log by its id and verified in the browser: its bundle and the log's
 * key are fetched, then checked here. A record the log does not hold is said so plainly; one whose
 * latest change is still being placed (a second at most) is asked again a few times before saying so.
 * `pastedKey` replaces the server's key (a key the reader got elsewhere).
 */
export function RecordById({
  id,
  timeZone,
  pastedKey,
  version,
}: {
  id: string;
  /** A logged version of the record, verified with its own snapshot; the latest when left out. */
  version?: number | undefined;
  timeZone: string;
  pastedKey?: string | undefined;
}) {
  const bundle = useRecordBundle(id, version);
  // Whether the database still says what was logged: the proof below holds either way.
  const history = useRecordHistory(bundle.isSuccess ? id : '');
  const changed = history.data?.current_matches === false && (
    <ChangedWarning detail="The facts below are what was logged, and the proof shows they were not changed since." />
  );

  if (bundle.isPending)
    return (
      <Text c="dimmed" role="status">
        Looking the record up in the record log…
      </Text>
    );
  if (isNotFound(bundle.error))
    return <Notice>{`This record is not in the record log. ${LOGGED_ONLY}`}</Notice>;
  if (isConflict(bundle.error))
    return (
      <Notice>
        <Text size="sm" mb="sm">
          Its latest change is being added to the record log: refresh in a moment.
        </Text>
        <Button variant="default" size="xs" loading={bundle.isFetching} onClick={() => bundle.refetch()}>
          Check again
        </Button>
      </Notice>
    );
  if (bundle.isError)
    return (
      <QueryError
        error={bundle.error}
        what="The record log"
        onRetry={() => bundle.refetch()}
        retrying={bundle.isFetching}
      />
    );
  return (
    <>
      {changed}
      <WithLogKey pastedKey={pastedKey}>
        {(key) => <RecordLogPanel bundle={bundle.data} logKey={key} timeZone={timeZone} />}
      </WithLogKey>
    </>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={0}>{typeof children === 'string' ? <Text size="sm">{children}</Text> : children}</Stack>
    </Paper>
  );
}
