import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.ts';
import { useUnreadCount } from '../features/notifications/api.ts';

/** Header bell with the unread count; only for a signed-in member (the layout also hosts public /docs). */
export function NotificationBell() {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount(isAuthenticated);
  if (!isAuthenticated) return null;
  const count = unread.data ?? 0;
  return (
    <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4}>
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        size="lg"
        aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
