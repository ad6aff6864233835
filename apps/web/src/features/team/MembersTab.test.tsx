import { memberSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, wireUser } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { TeamPage } from './TeamPage.tsx';

const juan = wire(memberSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01',
  user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02',
  email: 'juan@ecoplast.ph',
  first_name: 'Juan',
  last_name: 'Cruz',
  phone: null,
  role: 'operator',
  status: 'active',
  supplier_id: null,
  supplier_name: null,
  last_sign_in_at: '2026-05-20T01:30:00Z',
  created_at: '2026-01-10T00:00:00Z',
  version: 3,
});
const self = wire(memberSchema, {
  ...juan,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b03',
  user_id: wireUser.id,
  email: wireUser.email,
  first_name: 'Maria',
  last_name: 'Santos',
  role: 'admin',
});

function renderMembers(role: 'admin' | 'manager' = 'admin', handlers = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/members': json(wire(pageOf(memberSchema), { items: [self, juan], next_cursor: null })),
    'GET /api/invitations': emptyPage,
    ...handlers,
  });
  renderWithAuth(page('/user-management', TeamPage), '/user-management');
  return server;
}

describe('Members', () => {
  it('lists members with role labels, time in the organization’s zone and only active ones at first', async () => {
    const server = renderMembers();
    const row = (await screen.findByText('juan@ecoplast.ph')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Juan Cruz')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // 01:30 UTC is 09:30 in Manila.
    expect(within(row).getByText(/9:30/)).toBeInTheDocument();
    expect(server.calls('GET', '/api/members')[0]?.url).toContain('status=active');
    // An admin cannot change their own role: the server would refuse it.
    expect(screen.queryByRole('combobox', { name: 'Role of Maria Santos' })).not.toBeInTheDocument();
  });

  it('changes a role with the version it was read at, and explains a conflict with a reload', async () => {
    const server = renderMembers('admin', {
      'PATCH /api/members/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01': apiError(
        409,
        'conflict',
        'Someone else changed this member. Reload and try again.',
      ),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Juan Cruz' }), 'Manager');

    await waitFor(() => expect(server.calls('PATCH', `/api/members/${juan.id}`)).toHaveLength(1));
    expect(server.calls('PATCH', `/api/members/${juan.id}`)[0]?.body).toEqual({
      role: 'manager',
      version: 3,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This member was changed by someone else');
    expect(alert).toHaveTextContent('Someone else changed this member. Reload and try again.');

    const before = server.calls('GET', '/api/members').length;
    await user.click(within(alert).getByRole('button', { name: 'Reload members' }));
    await waitFor(() => expect(server.calls('GET', '/api/members').length).toBeGreaterThan(before));
    expect(screen.queryByText('This member was changed by someone else')).not.toBeInTheDocument();
  });

  it('deactivates a member only after confirming', async () => {
    const server = renderMembers('admin', {
      [`POST /api/members/${juan.id}/deactivate`]: json(
        wire(memberSchema, { ...juan, status: 'deactivated', version: 4 }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Juan Cruz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate member?' });
    expect(server.calls('POST', `/api/members/${juan.id}/deactivate`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(server.calls('POST', `/api/members/${juan.id}/deactivate`)).toHaveLength(1));
    expect(await screen.findByText('Juan Cruz has been deactivated.')).toBeInTheDocument();
  });

  it('shows managers the roles without letting them change them', async () => {
    renderMembers('manager');
    await screen.findByText('juan@ecoplast.ph');
    expect(screen.queryByRole('combobox', { name: 'Role of Juan Cruz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Juan Cruz' })).not.toBeInTheDocument();
  });
});
