import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, storeSession } from '../test/fakeApi.ts';
import { renderWithAuth } from '../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const routes = [{ path: '*', Component: NotificationBell }];

describe('NotificationBell', () => {
  it('shows the unread count of a signed-in member and links to /notifications', async () => {
    storeSession();
    fakeApi({ 'GET /api/notifications': json({ items: [], next_cursor: null, unread_count: 3 }) });
    renderWithAuth(routes, '/docs');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
  });

  it('asks nothing and shows nothing when signed out (public /docs)', async () => {
    const api = fakeApi();
    renderWithAuth(routes, '/docs');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(api.calls('GET', '/api/notifications')).toHaveLength(0);
  });
});
