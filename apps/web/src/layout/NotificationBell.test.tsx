import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, storeSession } from '../test/fakeApi.ts';
import { renderWithAuth } from '../test/render.tsx';
import { useControlledTimers } from '../test/timers.ts';
import { notificationPageSchema, wire } from '../test/wire.ts';
import { NotificationBell } from './NotificationBell.tsx';

const routes = [{ path: '*', Component: NotificationBell }];

describe('NotificationBell', () => {
  it('shows the unread count of a signed-in member and links to /notifications', async () => {
    storeSession();
    fakeApi({
      'GET /api/notifications': json(
        wire(notificationPageSchema, { items: [], next_cursor: null, unread_count: 3 }),
      ),
    });
    renderWithAuth(routes, '/docs');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
  });

  it('asks nothing and shows nothing when signed out (public /docs)', async () => {
    // A second of the app's time passes in full, however slow the machine: whatever the bell would
    // do on its own by then, it has done.
    useControlledTimers();
    const api = fakeApi();
    renderWithAuth(routes, '/docs');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(api.calls('GET', '/api/notifications')).toHaveLength(0);
  });
});
