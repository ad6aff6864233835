import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type OwnSession, useRevokeSessions, useSessions } from './api.ts';
import { describeUserAgent, isMobileUserAgent } from './userAgent.ts';

/** The member's own signed-in devices; any but this one can be signed out from here. */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const { timeZone } = useMe();
  const { showToast } = useToast();
  const others = sessions.data?.items.filter((s) => !s.current) ?? [];

  function signOut(ids: string[]) {
    revoke.mutate(ids, {
      onSuccess: () =>
        showToast({
          message:
            ids.length === 1
              ? 'The session has been signed out.'
              : 'Your other sessions have been signed out.',
        }),
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sessions">
      <Group justify="space-between" mb="md" gap="xs">
        <div>
          <Title order={2} fz="h4" id="sessions">
            Where you are signed in
          </Title>
          <Text size="sm" c="dimmed">
            Sign out any device you do not recognise, then change your password.
          </Text>
        </div>
        {others.length > 0 && (
          <Button
            variant="light"
            color="red"
            loading={revoke.isPending && revoke.variables?.length !== 1}
            disabled={revoke.isPending}
            onClick={() => signOut(others.map((s) => s.id))}
          >
            Sign out all other sessions
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        <ActionError error={revoke.error} onClose={() => revoke.reset()} />
        {sessions.isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading your sessions…</Text>
          </Group>
        )}
        {sessions.isError && (
          <QueryError
            error={sessions.error}
            what="Your sessions"
            onRetry={() => sessions.refetch()}
            retrying={sessions.isFetching}
          />
        )}
        {sessions.data?.items.length === 0 && <Text c="dimmed">No active sessions.</Text>}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {sessions.data?.items.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              timeZone={timeZone}
              busy={revoke.isPending && !!revoke.variables?.includes(session.id)}
              onSignOut={() => signOut([session.id])}
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

interface SessionItemProps {
  session: OwnSession;
  timeZone: string;
  busy: boolean;
  onSignOut: () => void;
}

function SessionItem({ session, timeZone, busy, onSignOut }: SessionItemProps) {
  const Icon = isMobileUserAgent(session.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
  const device = describeUserAgent(session.userAgent);
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={device}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon size={22} aria-hidden />
          <div>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {device}
              </Text>
              {session.current && (
                <Badge size="sm" color="teal" variant="light">
                  This device
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              IP {session.ip ?? 'unknown'} · Last seen {formatDateTime(session.lastSeenAt, timeZone)} · Signed
              in {formatDateTime(session.createdAt, timeZone)}
            </Text>
          </div>
        </Group>
        {!session.current && (
          <Button
            size="xs"
            variant="default"
            loading={busy}
            onClick={onSignOut}
            aria-label={`Sign out ${device}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
