import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBuildingStore, IconShieldLock, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import {
  type Notification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from './api.ts';

interface Kind {
  icon: typeof IconBell;
  color: string;
  label: string;
  /** Where to act on it. */
  link?: { to: string; text: string };
}

const KINDS: Record<string, Kind> = {
  invitation_accepted: {
    icon: IconUserCheck,
    color: 'teal',
    label: 'Team',
    link: { to: '/user-management', text: 'Open the team' },
  },
  market: {
    icon: IconBuildingStore,
    color: 'blue',
    label: 'Marketplace',
    link: { to: '/marketplace?tab=offers', text: 'Open the marketplace' },
  },
  security: {
    icon: IconShieldLock,
    color: 'orange',
    label: 'Security',
    link: { to: '/profile#sessions', text: 'Review your sessions' },
  },
};
const OTHER: Kind = { icon: IconBell, color: 'gray', label: 'Notification' };

/** /notifications: what happened to the member's account and team, newest first. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const list = useNotifications(show === 'unread');
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { timeZone } = useMe();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Every page carries the current count; the newest page has the freshest one.
  const unread = list.data?.pages.at(-1)?.unreadCount ?? 0;

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>Notifications</Title>
          {unread > 0 && (
            <Badge color="red" aria-label={`${unread} unread`}>
              {unread} unread
            </Badge>
          )}
        </Group>
        <Button
          variant="default"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined)}
        >
          Mark all read
        </Button>
      </Group>
      <SegmentedControl
        w="fit-content"
        value={show}
        onChange={(value) => setShow(value === 'unread' ? 'unread' : 'all')}
        data={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread' },
        ]}
        aria-label="Show"
      />
      <ActionError
        error={markRead.error ?? markAll.error}
        onClose={() => {
          markRead.reset();
          markAll.reset();
        }}
      />

      {list.isPending && (
        <Text c="dimmed" role="status">
          Loading notifications…
        </Text>
      )}
      {list.isError && (
        <QueryError
          error={list.error}
          what="Your notifications"
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.isSuccess && items.length === 0 && (
        <Text c="dimmed">{show === 'unread' ? 'You have read everything.' : 'No notifications yet.'}</Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications">
        {items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            timeZone={timeZone}
            busy={markRead.isPending && markRead.variables === n.id}
            onMarkRead={() => markRead.mutate(n.id)}
          />
        ))}
      </Stack>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </Stack>
  );
}

interface NotificationItemProps {
  notification: Notification;
  timeZone: string;
  busy: boolean;
  onMarkRead: () => void;
}

function NotificationItem({ notification: n, timeZone, busy, onMarkRead }: NotificationItemProps) {
  const kind = KINDS[n.kind] ?? OTHER;
  const Icon = kind.icon;
  const unread = n.readAt === null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      bg={unread ? 'teal.0' : undefined}
      aria-label={n.title}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon color={kind.color} variant="light" radius="xl" size="lg" aria-label={kind.label}>
          <Icon size={18} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={unread ? 700 : 500} size="sm">
              {n.title}
            </Text>
            {unread && (
              <Badge size="xs" color="teal">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm">{n.body}</Text>
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {formatDateTime(n.createdAt, timeZone)}
            </Text>
            {kind.link && (
              <Text component={Link} to={kind.link.to} size="xs" c="teal.8" td="underline">
                {kind.link.text}
              </Text>
            )}
          </Group>
        </Stack>
        {unread && (
          <Button
            size="xs"
            variant="subtle"
            loading={busy}
            onClick={onMarkRead}
            aria-label={`Mark “${n.title}” as read`}
          >
            Mark read
          </Button>
        )}
      </Group>
    </Paper>
  );
}
