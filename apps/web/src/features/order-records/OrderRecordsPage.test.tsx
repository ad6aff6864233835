import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { fakeApi, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { OrderRecordsPage } from './OrderRecordsPage.tsx';
import { CUSTOMER, customerRecord, listAnswer, partlyFulfilled, purchaseOrder } from './testData.ts';

const LIST = '/api/orders';
const routes = page('/order-records', OrderRecordsPage);
const customers = { 'GET /api/customers': json({ items: [customerRecord], next_cursor: null }) };
const sent = (server: ReturnType<typeof fakeApi>, n = 0) =>
  new URL(server.calls('GET', LIST)[n]?.url ?? '', 'http://x').searchParams;

describe('Order records list', () => {
  it('lists orders with their party, totals, how much shipped and status, and sends the address’s filters', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      ...customers,
      [`GET ${LIST}`]: listAnswer([partlyFulfilled(), purchaseOrder()]),
    });
    renderWithAuth(routes, `/order-records?kind=sales&status=partly_fulfilled&customer=${CUSTOMER.id}&q=LBC`);
    const table = await screen.findByRole('table', { name: 'Order records' });
    const [, sales, purchase] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sales).getByRole('link', { name: 'SO-2026-000012' })).toHaveAttribute(
      'href',
      '/order-records/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001',
    );
    expect(sales).toHaveTextContent('Luzon Bottling Corp.');
    expect(sales).toHaveTextContent('LBC-PO-7781');
    expect(sales).toHaveTextContent('1,500 kg');
    expect(sales).toHaveTextContent('₱32,500.00');
    expect(within(sales).getByRole('progressbar', { name: 'SO-2026-000012 shipped' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(sales).toHaveTextContent('Partly fulfilled');
    // A purchase order is fulfilled by the receive records that name it.
    expect(within(purchase).getByRole('progressbar', { name: 'PO-2026-000003 received' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(purchase).toHaveTextContent('Juan Junkshop');
    const query = sent(server);
    expect([query.get('kind'), query.get('status'), query.get('customer_id'), query.get('q')]).toEqual([
      'sales',
      'partly_fulfilled',
      CUSTOMER.id,
      'LBC',
    ]);
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue(CUSTOMER.id);
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/order-records/new');
  });

  it('switches between sales and purchase orders with the tabs, and sorts', async () => {
    const server = fakeApi({ ...signInAs('manager'), [`GET ${LIST}`]: listAnswer([purchaseOrder()]) });
    renderWithAuth(routes, '/order-records');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Order records' });
    expect(sent(server).get('kind')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Purchase orders' }));
    await waitFor(() => expect(sent(server, 1).get('kind')).toBe('purchase'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Soonest due first');
    await waitFor(() => expect(sent(server, 2).get('sort')).toBe('due_on'));
  });

  it('shows cards on a phone with the progress of each order', async () => {
    await onPhone(async () => {
      fakeApi({ ...signInAs('operator'), [`GET ${LIST}`]: listAnswer([partlyFulfilled()]) });
      renderWithAuth(routes, '/order-records');
      const list = await screen.findByRole('list', { name: 'Order records' });
      const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
      expect(card).toHaveTextContent('Luzon Bottling Corp.');
      expect(card).toHaveTextContent('1,500 kg · ₱32,500.00');
      expect(card).toHaveTextContent('40.00 %');
      expect(card).toHaveTextContent('Sales order of 2026-11-02, due 2026-11-30');
    });
  });

  it('says what the list is for when empty; the loading bay reads orders but does not write them', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${LIST}`]: listAnswer([]) });
    renderWithAuth(routes, '/order-records');
    expect(await screen.findByText('No orders recorded yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /order/i })).not.toBeInTheDocument();
    // Operators do not export.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('tells a supplier member the page is not for their role, without asking the server', async () => {
    const server = fakeApi(signInAs('supplier'), { otherwise: hang });
    renderWithAuth(routes, '/order-records');
    expect(await screen.findByText(refusalText('orders.read'))).toBeInTheDocument();
    expect(server.calls('GET', LIST)).toHaveLength(0);
  });
});
