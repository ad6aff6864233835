import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { isForbidden, problemText } from './apiErrors.ts';

interface QueryErrorProps {
  error: unknown;
  /** What could not be loaded, e.g. 'The team members'. */
  what: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: the reason and a retry, or a permission message (retrying would not help). */
export function QueryError({ error, what, onRetry, retrying }: QueryErrorProps) {
  if (isForbidden(error)) return <PermissionNotice message={error.message} />;
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={`${what} could not be loaded`}
    >
      <Text size="sm" mb={onRetry ? 'sm' : 0}>
        {problemText(error)}
      </Text>
      {onRetry && (
        <Button color="red" variant="outline" size="xs" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}

type QueryLike = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A query's loading line, or its failure with a retry; nothing once it has its data. */
export function QueryStatus({ query, what, loading }: { query: QueryLike; what: string; loading: string }) {
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        what={what}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        {loading}
      </Text>
    );
  return null;
}

/** "You do not have permission…", with the server's reason when there is one. */
export function PermissionNotice({ message }: { message?: string }) {
  return (
    <Alert
      color="yellow"
      role="alert"
      icon={<IconLock aria-hidden />}
      title="You do not have permission to see this"
    >
      {message ?? 'Ask an administrator of your organization for access.'}
    </Alert>
  );
}

/** A failed action (save, invite, sign out a session…), shown above or inside its form. */
export function ActionError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  if (!error) return null;
  const forbidden = isForbidden(error);
  return (
    <Alert
      color={forbidden ? 'yellow' : 'red'}
      role="alert"
      title={forbidden ? 'You do not have permission to do this' : undefined}
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {problemText(error)}
    </Alert>
  );
}
