import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { DashboardOverview } from './DashboardOverview.tsx';

const summary = {
  organization: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
    name: 'EcoPlast Recycling Inc.',
    country: 'PH',
    default_currency: 'PHP',
    time_zone: 'Asia/Manila',
    business_role: 'Recycler',
    epr_license: 'EPR-2026-001',
    is_demo: true,
    version: 2,
  },
  team: {
    active_members: 6,
    by_role: { admin: 1, manager: 2, operator: 2, auditor: 0, supplier: 1 },
    pending_invitations: 3,
  },
  recent_activity: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
      user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02',
      user_name: 'Juan Cruz',
      transaction_type: 'LOGIN',
      description: 'Signed in with a password',
      amount: '0.00',
      currency: 'PHP',
      status: 'Completed',
      reference_id: null,
      payment_method: 'System',
      metadata: {},
      created_at: '2026-05-20T02:00:00Z',
    },
  ],
};

describe('DashboardOverview', () => {
  it('shows the organization, the team by role and recent activity', async () => {
    fakeApi({ ...signInAs('manager'), 'GET /api/dashboard/summary': json(summary) });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');

    const org = await screen.findByRole('region', { name: 'Organization' });
    expect(org).toHaveTextContent('EcoPlast Recycling Inc.');
    expect(within(org).getByText('Demo')).toBeInTheDocument();
    expect(org).toHaveTextContent('EPR-2026-001');
    expect(org).toHaveTextContent('Asia/Manila');

    const team = screen.getByRole('region', { name: 'Team' });
    expect(team).toHaveTextContent('6 active members · 3 pending invitations');
    expect(team).toHaveTextContent(/Administrator\s*1/);
    expect(team).toHaveTextContent(/Manager\s*2/);
    expect(within(team).getByRole('link', { name: 'Manage team' })).toHaveAttribute(
      'href',
      '/user-management',
    );

    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(activity).getByRole('link', { name: 'Signed in with a password' })).toHaveAttribute(
      'href',
      `/transactions/${summary.recent_activity[0]?.id}`,
    );
    expect(within(activity).getByRole('link', { name: 'View the activity log' })).toHaveAttribute(
      'href',
      '/user-transactions',
    );
    expect(screen.queryByText('Please verify your email address')).not.toBeInTheDocument();
  });

  it('has no team link for operators and asks unverified members to verify', async () => {
    const server = fakeApi({
      ...signInAs('operator', { email_verified: false }),
      'GET /api/dashboard/summary': json(summary),
      'POST /api/auth/verify-email/resend': json({ message: 'A new link is on its way.' }),
    });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(within(team).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(server.calls('POST', '/api/auth/verify-email/resend')).toHaveLength(1));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/dashboard/summary': () =>
        Response.json({ code: 'internal_error', message: 'Boom', error: 'Boom' }, { status: 500 }),
    });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    server.on('GET /api/dashboard/summary', json(summary));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Team' })).toBeInTheDocument();
  });
});
