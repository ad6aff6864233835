import { dashboardSummarySchema, messageSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DashboardOverview } from './DashboardOverview.tsx';

const summary = wire(dashboardSummarySchema, {
  organization: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
    name: 'EcoPlast Recycling Inc.',
    country: 'PH',
    default_currency: 'PHP',
    time_zone: 'Asia/Manila',
    business_role: 'Recycler',
    epr_license: 'EPR-2026-001',
    is_demo: true,
    books_closed_through: null,
    mass_balance_tolerance_pct: '0.50',
    electricity_tariff_php: null,
    weighing_tolerance_pct: '0.20',
    version: 2,
  },
  team: {
    active_members: 6,
    by_role: { admin: 1, manager: 2, operator: 2, auditor: 0, supplier: 1 },
    pending_invitations: 3,
  },
  supplier: null,
  operations: null,
  recent_activity: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
      user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02',
      user_name: 'Juan Cruz',
      transaction_type: 'LOGIN',
      source: 'client',
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
});

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
      'POST /api/auth/verify-email/resend': json(
        wire(messageSchema, { message: 'A new link is on its way.' }),
      ),
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
      'GET /api/dashboard/summary': apiError(500, 'internal_error', 'Boom'),
    });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    server.on('GET /api/dashboard/summary', json(summary));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Team' })).toBeInTheDocument();
  });

  it('shows a supplier member what they delivered, what they are owed, and their deliveries and payments', async () => {
    const supplierSummary = wire(dashboardSummarySchema, {
      organization: null,
      team: null,
      operations: null,
      supplier: {
        supplier: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001', code: 'SUP-001', name: 'Juan Junkshop' },
        balance: '12500.50',
        this_month: { deliveries: 3, net_kg: '1250.500', amount: '18757.50' },
        recent_deliveries: [
          {
            id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5003',
            number: 'RR-2026-0042',
            status: 'posted',
            received_at: '2026-05-20T02:00:00Z',
            net_kg: '500.000',
            amount: '7500.00',
            avg_price_per_kg: '15.00',
          },
        ],
        recent_payments: [
          {
            id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5004',
            kind: 'payment',
            amount: '5000.00',
            method: 'gcash',
            reference: 'GC-991',
            posted_at: '2026-05-21T02:00:00Z',
          },
        ],
        currency: 'PHP',
      },
      recent_activity: [],
    });
    const server = fakeApi({
      ...signInAs('supplier', { supplier_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001' }),
      'GET /api/dashboard/summary': json(supplierSummary),
    });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');

    const month = await screen.findByRole('region', { name: 'Delivered this month' });
    expect(month).toHaveTextContent('Deliveries3');
    expect(month).toHaveTextContent('Net weight1,250.5 kg');
    expect(month).toHaveTextContent('Amount₱18,757.50');
    const owed = screen.getByRole('region', { name: 'What you are owed' });
    expect(within(owed).getByTestId('supplier-balance')).toHaveTextContent('₱12,500.50');
    expect(within(owed).getByRole('link', { name: 'Your statement' })).toHaveAttribute(
      'href',
      '/supplier-ledger/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001',
    );

    const deliveries = within(screen.getByRole('table', { name: 'Recent deliveries' }));
    expect(deliveries.getByRole('link', { name: 'RR-2026-0042' })).toHaveAttribute(
      'href',
      '/receive-records/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5003',
    );
    const delivery = deliveries.getByRole('link', { name: 'RR-2026-0042' }).closest('tr') as HTMLElement;
    expect(delivery).toHaveTextContent('May 20, 2026');
    expect(delivery).toHaveTextContent('Posted');
    expect(delivery).toHaveTextContent('500 kg');
    expect(delivery).toHaveTextContent('₱15.00');
    expect(delivery).toHaveTextContent('₱7,500.00');
    const payment = within(screen.getByRole('table', { name: 'Recent payments' })).getByText(
      'GCash · GC-991',
    );
    expect(payment.closest('tr')).toHaveTextContent('May 21, 2026Payment');
    expect(payment.closest('tr')).toHaveTextContent('₱5,000.00');

    // No organization or team card, and nothing asked that a supplier member may not see.
    expect(screen.queryByRole('region', { name: 'Organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent activity' })).toHaveTextContent('No activity yet.');
    expect(server.calls('GET', '/api/organization')).toHaveLength(0);
  });

  it('calls a negative balance an advance', async () => {
    const withAdvance = wire(dashboardSummarySchema, {
      organization: null,
      team: null,
      operations: null,
      supplier: {
        supplier: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001', code: 'SUP-001', name: 'Juan Junkshop' },
        balance: '-2000.00',
        this_month: { deliveries: 0, net_kg: '0.000', amount: '0.00' },
        recent_deliveries: [],
        recent_payments: [],
        currency: 'PHP',
      },
      recent_activity: [],
    });
    fakeApi({ ...signInAs('supplier'), 'GET /api/dashboard/summary': json(withAdvance) });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
    const owed = await screen.findByRole('region', { name: 'What you are owed' });
    expect(within(owed).getByTestId('supplier-balance')).toHaveTextContent('₱2,000.00 advance');
    expect(owed).toHaveTextContent('your next deliveries are paid against it');
    expect(screen.getByText('No deliveries yet.')).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
  });

  it('shows staff without members.read the organization but no team card', async () => {
    fakeApi({
      ...signInAs('operator'),
      'GET /api/dashboard/summary': json(wire(dashboardSummarySchema, { ...summary, team: null })),
    });
    renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
    const org = await screen.findByRole('region', { name: 'Organization' });
    expect(org).toHaveTextContent('No period is closed');
    expect(within(org).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings/organization',
    );
    expect(screen.queryByRole('region', { name: 'Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delivered this month' })).not.toBeInTheDocument();
  });
});
