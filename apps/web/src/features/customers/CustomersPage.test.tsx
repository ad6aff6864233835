import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { CustomersPage } from './CustomersPage.tsx';
import { CUSTOMER_REF, customerBalance, customerBalancePage, LEDGER, OTHER_CUSTOMER } from './testData.ts';

const rows = [
  customerBalance(CUSTOMER_REF, '800.00', {
    current: '200.00',
    days_31_to_60: '300.00',
    days_61_to_90: '300.00',
  }),
  customerBalance(OTHER_CUSTOMER, '-100.00'),
];

function renderCustomers(
  role: 'manager' | 'operator' | 'auditor',
  path = '/customer-management?tab=balances',
  handlers: Record<string, Handler> = {},
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/customers': emptyPage,
    [`GET ${LEDGER}`]: json(customerBalancePage(rows)),
    ...handlers,
  });
  renderWithAuth(page('/customer-management', CustomersPage), path);
  return server;
}
const lastUrl = (server: ReturnType<typeof fakeApi>) => server.calls('GET', LEDGER).at(-1)?.url ?? '';

describe('Customer balances', () => {
  it('lists what each customer owes with its ageing, credits marked, and the totals', async () => {
    const server = renderCustomers('manager');
    const table = await screen.findByRole('table', { name: 'Customer balances' });
    expect(screen.getByRole('tab', { name: 'Balances' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getByRole('link', { name: 'Pasig Pellet Works (CUS-001)' })).toHaveAttribute(
      'href',
      `/customer-management/${CUSTOMER_REF.id}`,
    );
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Pasig Pellet Works (CUS-001)',
      'Recycler',
      '₱800.00',
      '₱200.00',
      '₱300.00',
      '₱300.00',
      '₱0.00',
      expect.stringMatching(/2026/),
    ]);
    expect(table).toHaveTextContent('Credit-₱100.00');
    expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent('Owed by customers₱800.00');
    expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent(
      'Credits held by customers₱100.00',
    );
    const ageing = screen.getByRole('group', { name: 'Ageing of what is owed' });
    expect(ageing).toHaveTextContent('Current (0–30 days)₱200.00');
    expect(ageing).toHaveTextContent('Over 90 days₱0.00');
    expect(lastUrl(server)).toMatch(/\?sort=-balance&limit=50$/);
  });

  it('filters on the balances tab and stays on it, and sorts on the server', async () => {
    const server = renderCustomers('manager');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Customer balances' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Manufacturer');
    await user.click(screen.getByRole('switch', { name: 'Owing only' }));
    await waitFor(() =>
      expect(lastUrl(server)).toMatch(/\?type=manufacturer&owing=true&sort=-balance&limit=50$/),
    );
    await user.click(within(screen.getByRole('columnheader', { name: 'Customer' })).getByRole('button'));
    await waitFor(() => expect(lastUrl(server)).toContain('sort=name&'));
    expect(screen.getByRole('tab', { name: 'Balances' })).toHaveAttribute('aria-selected', 'true');
  });

  it('exports the filtered balances for roles that may export', async () => {
    const click = catchDownloads();
    const server = renderCustomers('auditor', '/customer-management?tab=balances&owing=1', {
      [`GET ${LEDGER}/export.csv`]: () =>
        new Response('customer_code\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="x.csv"' },
        }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', `${LEDGER}/export.csv`)[0]?.url).toMatch(/\?sort=-balance&owing=true$/);
    expect(await screen.findByText('The customer balances have been exported.')).toBeInTheDocument();
  });

  it('opens on the customers and switches to the balances', async () => {
    const server = renderCustomers('manager', '/customer-management');
    expect(await screen.findByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true');
    expect(server.calls('GET', LEDGER)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Balances' }));
    expect(await screen.findByRole('table', { name: 'Customer balances' })).toBeInTheDocument();
  });

  it('shows operators the customers only, never what they owe', async () => {
    const server = renderCustomers('operator');
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/customers')).not.toHaveLength(0));
    expect(screen.queryByRole('tab', { name: 'Balances' })).not.toBeInTheDocument();
    expect(server.calls('GET', LEDGER)).toHaveLength(0);
  });

  it('shows cards on a phone: who owes what first, then how old it is', async () => {
    await onPhone(async () => {
      renderCustomers('manager');
      const cards = within(await screen.findByRole('list', { name: 'Customer balances' })).getAllByRole(
        'listitem',
      );
      expect(cards[0]).toHaveTextContent('Current: ₱200.00 · 31–60 days: ₱300.00 · 61–90 days: ₱300.00');
      expect(within(cards[1] as HTMLElement).getByText('Credit')).toBeInTheDocument();
    });
  });

  it('says when no dispatch has been posted yet', async () => {
    renderCustomers('manager', undefined, { [`GET ${LEDGER}`]: json(customerBalancePage([])) });
    expect(await screen.findByText('No receivables yet: post a dispatch.')).toBeInTheDocument();
  });
});
