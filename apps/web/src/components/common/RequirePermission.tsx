import { Stack, Text, Title } from '@mantine/core';
import { type Action, can, refusal } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { PermissionNotice, QueryError } from './QueryError.tsx';
import { useMe } from './useMe.ts';

/** "Your role may not view the team. Ask an administrator…": what a refused page says. */
export const refusalText = (action: Action) =>
  `${refusal(action)}. Ask an administrator of your organization if you need it.`;

interface RequirePermissionProps {
  /** The action of the permission table the page needs (the same its sidebar item names). */
  action: Action;
  /** The page's heading, shown above the refusal and while the member loads (none for a section). */
  title?: string;
  children: ReactNode;
}

/**
 * The one gate of a page some roles may not use: a role without `action` sees the refusal instead, and
 * the page — with its requests, which the server would refuse — is never rendered.
 */
export function RequirePermission({ action, title, children }: RequirePermissionProps) {
  const { me, query } = useMe();
  if (me && can(me.role, action)) return children;
  return (
    <Stack maw={720}>
      {title && <Title order={1}>{title}</Title>}
      {me ? (
        <PermissionNotice message={refusalText(action)} />
      ) : query.isError ? (
        <QueryError
          error={query.error}
          what="Your account"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Text c="dimmed" role="status">
          Loading…
        </Text>
      )}
    </Stack>
  );
}
