import { notificationSchema } from '@plastrace/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { notificationPageSchema, unreadCountSchema, wire } from '../../test/wire.ts';
import { useUnreadCount } from './api.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

const unread = wire(notificationSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e01',
  kind: 'invitation_accepted',
  title: 'Juan Cruz joined',
  body: 'Juan Cruz accepted your invitation and joined as Operator.',
  read_at: null,
  created_at: '2026-05-20T02:00:00Z',
});
const read = wire(notificationSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e02',
  kind: 'security',
  title: 'Password changed',
  body: 'Your password was changed and your other sessions were signed out.',
  read_at: '2026-05-19T00:00:00Z',
  created_at: '2026-05-18T02:00:00Z',
});
const notifications = (value: unknown) => json(wire(notificationPageSchema, value));
const unreadCount = (n: number) => json(wire(unreadCountSchema, { unread_count: n }));

describe('NotificationsPage', () => {
  it('marks one notification read and updates the unread count', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/notifications': notifications({ items: [unread, read], next_cursor: null, unread_count: 1 }),
      [`POST /api/notifications/${unread.id}/read`]: unreadCount(0),
    });
    renderWithAuth(page('/notifications', NotificationsPage), '/notifications');
    const user = userEvent.setup();

    const item = await screen.findByRole('listitem', { name: 'Juan Cruz joined' });
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByLabelText('Team')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Password changed' })).getByLabelText('Security'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Password changed' })).queryByRole('button'),
    ).toBeNull();

    server.on(
      'GET /api/notifications',
      notifications({
        items: [{ ...unread, read_at: '2026-05-21T00:00:00Z' }, read],
        next_cursor: null,
        unread_count: 0,
      }),
    );
    await user.click(within(item).getByRole('button', { name: 'Mark “Juan Cruz joined” as read' }));

    await waitFor(() => expect(server.calls('POST', `/api/notifications/${unread.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('1 unread')).not.toBeInTheDocument());
    expect(within(screen.getByRole('listitem', { name: 'Juan Cruz joined' })).queryByText('New')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('marks everything read and can show only unread ones', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      'GET /api/notifications': notifications({ items: [unread, read], next_cursor: null, unread_count: 1 }),
      'POST /api/notifications/read-all': unreadCount(0),
    });
    renderWithAuth(page('/notifications', NotificationsPage), '/notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.calls('POST', '/api/notifications/read-all')).toHaveLength(1));

    await user.click(screen.getByText('Unread'));
    await waitFor(() =>
      expect(server.calls('GET', '/api/notifications').at(-1)?.url).toContain('unread=true'),
    );
  });

  it('shows a failure with a retry', async () => {
    fakeApi({
      ...signInAs('operator'),
      'GET /api/notifications': apiError(500, 'internal_error', 'Boom'),
    });
    renderWithAuth(page('/notifications', NotificationsPage), '/notifications');
    expect(await screen.findByText('Your notifications could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('useUnreadCount', () => {
  it('asks for one unread notification and returns the count', async () => {
    signInAs('operator');
    const server = fakeApi({
      'GET /api/notifications': notifications({ items: [unread], next_cursor: 'c', unread_count: 4 }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(4));
    expect(server.calls('GET', '/api/notifications')[0]?.url).toBe('/api/notifications?unread=true&limit=1');
  });
});
