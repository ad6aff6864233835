import { dashboardSummarySchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DashboardOverview } from './DashboardOverview.tsx';

const change = (current: string, previous: string, change_pct: string | null) => ({
  current,
  previous,
  change_pct,
});
const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

const ops = (over: Record<string, unknown> = {}) => ({
  today: '2026-11-26',
  received: {
    today: change('1250.500', '1000.000', '25.1'),
    week: change('5000.000', '6000.000', '-16.7'),
    month: change('20000.000', '0.000', null),
    deliveries_month: 42,
    paid_month: '250000.00',
  },
  production: {
    runs: 3,
    input_kg: '3000.000',
    output_kg: '2700.000',
    yield_pct: '90.0',
    previous_yield_pct: '88.5',
  },
  dispatched: { kg: change('2000.000', '2000.000', '0.0'), sales: change('90000.00', '80000.00', '12.5') },
  stock: {
    total_kg: '12345.678',
    total_value: '456789.01',
    by_material: [
      {
        material_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001',
        name: 'PET bottles, clear',
        kg: '10000.000',
        value: '400000.00',
      },
      {
        material_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002',
        name: 'HDPE natural',
        kg: '2345.678',
        value: '56789.01',
      },
    ],
  },
  payables: '150000.00',
  receivables: '90000.00',
  credits: { year: 2026, issued: 120, retired: 50 },
  trend: months.map((month, i) => ({
    month,
    received_kg: `${1000 * (i + 1)}.000`,
    produced_kg: '500.000',
    dispatched_kg: '0.000',
  })),
  alerts: [
    {
      kind: 'quarantined_lots',
      severity: 'warning',
      count: 2,
      message: '2 lots are in quarantine',
      link: '/batch-management?status=quarantined',
    },
  ],
  iot_alerts: null,
  ...over,
});

/** The dashboard of a manager whose summary carries these operations. */
async function show(operations: ReturnType<typeof ops>) {
  const summary = wire(dashboardSummarySchema, {
    organization: null,
    team: null,
    supplier: null,
    operations,
    recent_activity: [],
  });
  fakeApi({ ...signInAs('manager'), 'GET /api/dashboard/summary': json(summary) });
  renderWithAuth(page('/dashboard', DashboardOverview), '/dashboard');
  await screen.findByRole('region', { name: 'Received today' }, { timeout: 10_000 });
}

describe('OperationsOverview', () => {
  it('shows each figure with its change against the period before', async () => {
    await show(ops());
    const today = screen.getByRole('region', { name: 'Received today' });
    expect(today).toHaveTextContent('1,250.5 kg');
    expect(today).toHaveTextContent('▲ 25.1 % vs yesterday');
    expect(screen.getByRole('region', { name: 'Received this week' })).toHaveTextContent(
      '▼ 16.7 % vs last week',
    );
    expect(screen.getByRole('region', { name: 'Received this month' })).toHaveTextContent(
      'Nothing vs last month',
    );
    expect(screen.getByRole('region', { name: 'Received this month' })).toHaveTextContent(
      '42 delivery lines · ₱250,000.00 owed',
    );
    expect(screen.getByRole('region', { name: 'Stock on hand' })).toHaveTextContent('12,345.678 kg');
    expect(screen.getByRole('region', { name: 'Stock on hand' })).toHaveTextContent('Valued at ₱456,789.01');
    expect(screen.getByRole('region', { name: 'Yield this month' })).toHaveTextContent('90.0 %');
    expect(screen.getByRole('region', { name: 'Dispatched this month' })).toHaveTextContent(
      'No change vs last month',
    );
    expect(screen.getByRole('region', { name: 'We owe suppliers' })).toHaveTextContent('₱150,000.00');
    expect(screen.getByRole('region', { name: 'Customers owe us' })).toHaveTextContent('₱90,000.00');
    expect(screen.getByRole('region', { name: 'EPR credits 2026' })).toHaveTextContent('120 issued');
  });

  it('lists alerts as links, stock by material, and the trend as a table for screen readers', async () => {
    await show(ops());
    const alerts = screen.getByRole('alert', { name: 'Needs attention' });
    expect(within(alerts).getByRole('link', { name: '2 lots are in quarantine' })).toHaveAttribute(
      'href',
      '/batch-management?status=quarantined',
    );
    const stock = screen.getByRole('table', { name: 'Stock by material' });
    expect(within(stock).getByText('PET bottles, clear')).toBeInTheDocument();
    expect(within(stock).getByText('₱56,789.01')).toBeInTheDocument();
    const trend = await screen.findByRole(
      'table',
      { name: 'Received, produced and dispatched by month' },
      { timeout: 10_000 },
    );
    expect(within(trend).getAllByRole('row')).toHaveLength(13);
    expect(within(trend).getByText('12,000 kg')).toBeInTheDocument();
  });

  it('shows the open device alerts, each to its record, with a link to IoT tracking', async () => {
    const alert = {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9001',
      rule: 'manual_weight',
      state: 'open',
      device: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9002', code: 'WB-1', name: 'Weighbridge' },
      subject: {
        type: 'receive_record',
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9003',
        number: 'RR-2026-000042',
        link: '/receive-records/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9003',
      },
      message: 'RR-2026-000042: 1 line weighed by hand (850 kg) at Valenzuela, where scale WB-1 stands',
      details: { kg: '850.000' },
      raised_at: '2026-11-26T01:00:00.000Z',
      resolved_at: null,
      acknowledged_at: null,
      acknowledged_by: null,
      acknowledged_note: null,
    };
    await show(ops({ iot_alerts: { open: 7, newest: [alert] } }));
    const card = screen.getByRole('region', { name: 'Device alerts (7 open)' });
    expect(within(card).getByRole('link', { name: 'IoT tracking' })).toHaveAttribute('href', '/iot-tracking');
    expect(within(card).getByRole('link', { name: alert.message })).toHaveAttribute(
      'href',
      alert.subject.link,
    );
    expect(card).toHaveTextContent('Weight typed by hand');
    expect(card).toHaveTextContent('and 6 more on the IoT tracking page');
  });

  it('leaves out money a role may not see, and says when there is nothing yet', async () => {
    await show(
      ops({
        payables: null,
        receivables: null,
        credits: null,
        alerts: [],
        dispatched: { kg: change('0.000', '0.000', null), sales: null },
        stock: { total_kg: '0.000', total_value: null, by_material: [] },
        trend: months.map((month) => ({
          month,
          received_kg: '0.000',
          produced_kg: '0.000',
          dispatched_kg: '0.000',
        })),
      }),
    );
    expect(screen.queryByRole('region', { name: 'We owe suppliers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Customers owe us' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Device alerts/ })).toBeNull();
    expect(screen.getByText('No stock on hand.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Nothing received, produced or dispatched in the last twelve months yet.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
