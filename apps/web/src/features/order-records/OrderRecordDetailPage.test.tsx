import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { OrderRecordDetailPage } from './OrderRecordDetailPage.tsx';
import { OrderRecordsPage } from './OrderRecordsPage.tsx';
import {
  DISPATCH_ID,
  detailAnswer,
  draftOrder,
  ORDER_ID,
  PO_ID,
  partlyFulfilled,
  purchaseOrder,
  RECEIPT_ID,
  receivedPurchaseOrder,
} from './testData.ts';

const ONE = `/api/orders/${ORDER_ID}`;
const renderDetail = (id = ORDER_ID) =>
  renderWithAuth(
    [...page('/order-records/:id', OrderRecordDetailPage), ...page('/order-records', OrderRecordsPage)],
    `/order-records/${id}`,
  );

describe('Order detail', () => {
  it('shows what each line shipped and the dispatches against it, and closes the order short with a reason', async () => {
    const closed = partlyFulfilled({ status: 'closed', version: 4 });
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: detailAnswer(partlyFulfilled()),
      [`POST ${ONE}/close`]: detailAnswer(closed),
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Sales order SO-2026-000012' })).toBeInTheDocument();
    expect(screen.getByText('600 kg of 1,500 kg')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Lines' });
    const flake = within(lines).getAllByRole('row')[1] as HTMLElement;
    expect(flake).toHaveTextContent('PET flake (PET_FLAKE)');
    expect(flake).toHaveTextContent('₱20.00/kg');
    expect(flake).toHaveTextContent('1,000 kg₱20.00/kg₱20,000.00600 kg400 kg');
    expect(within(flake).getByRole('progressbar', { name: 'Line 1 shipped' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    const dispatches = screen.getByRole('table', { name: 'Dispatches against this order' });
    expect(within(dispatches).getByRole('link', { name: 'DS-2026-000044' })).toHaveAttribute(
      'href',
      `/dispatch-records/${DISPATCH_ID}`,
    );
    expect(dispatches).toHaveTextContent('DR-2026-000031');
    // Something shipped: the order is closed, no longer cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close SO-2026-000012 short?' }));
    expect(dialog.getByText(/600 kg of 1,500 kg shipped \(40.00 %\)/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(
        'Say why the order is closed',
      ),
    );
    expect(server.calls('POST', `${ONE}/close`)).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Buyer’s line is down');
    server.on(`GET ${ONE}`, detailAnswer(closed));
    await user.click(dialog.getByRole('button', { name: 'Close order' }));
    expect(await screen.findByText('SO-2026-000012 closed.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/close`)[0]?.body).toEqual({
      reason: 'Buyer’s line is down',
      version: 3,
    });
    expect(await screen.findByText('Closed')).toBeInTheDocument();
  });

  it('confirms a draft at the version read', async () => {
    const confirmed = draftOrder({ status: 'confirmed', version: 2 });
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: detailAnswer(draftOrder()),
      [`POST ${ONE}/confirm`]: detailAnswer(confirmed),
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/order-records/${ORDER_ID}/edit`,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm SO-2026-000012?' }));
    expect(dialog.getByText(/commits to 1,500 kg with Luzon Bottling Corp./)).toBeInTheDocument();
    server.on(`GET ${ONE}`, detailAnswer(confirmed));
    await user.click(dialog.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('SO-2026-000012 confirmed.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/confirm`)[0]?.body).toEqual({ version: 1 });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('cancels an order with a reason, and shows the server’s refusal in the dialog', async () => {
    const refusal =
      'SO-2026-000012 has a posted dispatch against it: it cannot be cancelled. Close it instead.';
    const server = fakeApi({
      ...signInAs('admin'),
      [`GET ${ONE}`]: detailAnswer(draftOrder({ status: 'confirmed', version: 2 })),
      [`POST ${ONE}/cancel`]: apiError(422, 'unprocessable', refusal),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel SO-2026-000012?' }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Customer changed their mind');
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByText(refusal)).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/cancel`)[0]?.body).toEqual({
      reason: 'Customer changed their mind',
      version: 2,
    });
  });

  it('deletes a draft and goes back to the list', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: detailAnswer(draftOrder()),
      [`DELETE ${ONE}`]: () => new Response(null, { status: 204 }),
      'GET /api/orders': emptyPage,
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete SO-2026-000012?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('Draft SO-2026-000012 deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order records' })).toBeInTheDocument();
    expect(server.calls('DELETE', ONE)).toHaveLength(1);
  });

  it('shows what each line of a purchase order received and the receipts naming it, and closes it', async () => {
    const PO = `/api/orders/${PO_ID}`;
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${PO}`]: detailAnswer(receivedPurchaseOrder()),
      [`POST ${PO}/close`]: detailAnswer(receivedPurchaseOrder({ status: 'closed', version: 4 })),
    });
    renderDetail(PO_ID);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-2026-000003' })).toBeInTheDocument();
    expect(screen.getByText('400 kg of 1,500 kg')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Order received' })).toHaveAttribute(
      'aria-valuenow',
      '26.67',
    );
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getByRole('columnheader', { name: 'Received' })).toBeInTheDocument();
    const flake = within(lines).getAllByRole('row')[1] as HTMLElement;
    expect(flake).toHaveTextContent('1,000 kg₱20.00/kg₱20,000.00400 kg600 kg');
    expect(within(flake).getByRole('progressbar', { name: 'Line 1 received' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const receipts = screen.getByRole('table', { name: 'Receipts' });
    const [, posted, draft] = within(receipts).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(posted).getByRole('link', { name: 'RR-2026-000101' })).toHaveAttribute(
      'href',
      `/receive-records/${RECEIPT_ID}`,
    );
    expect(posted).toHaveTextContent('400 kg');
    expect(posted).toHaveTextContent('Posted');
    expect(posted).toHaveTextContent('Nov 9, 2026, 9:15 AM');
    expect(draft).toHaveTextContent('RR-2026-000102');
    expect(draft).toHaveTextContent('Draft');
    expect(screen.queryByText(/not tracked/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Dispatches against this order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receive against this order' })).toHaveAttribute(
      'href',
      `/receive-records/new?order_id=${PO_ID}`,
    );
    // Something was received: the order is closed, no longer cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // Short of what was ordered: the office says why, as for a sales order.
    const dialog = within(await screen.findByRole('dialog', { name: 'Close PO-2026-000003 short?' }));
    expect(dialog.getByText(/400 kg of 1,500 kg received \(26.67 %\)/)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Supplier stopped collecting');
    server.on(`GET ${PO}`, detailAnswer(receivedPurchaseOrder({ status: 'closed', version: 4 })));
    await user.click(dialog.getByRole('button', { name: 'Close order' }));
    expect(await screen.findByText('PO-2026-000003 closed.')).toBeInTheDocument();
    expect(server.calls('POST', `${PO}/close`)[0]?.body).toEqual({
      reason: 'Supplier stopped collecting',
      version: 3,
    });
    // A closed order is no longer received against.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Receive against this order' })).not.toBeInTheDocument(),
    );
  });

  it('lets the loading bay receive against an open purchase order, and says when nothing arrived yet', async () => {
    fakeApi({ ...signInAs('operator'), [`GET /api/orders/${PO_ID}`]: detailAnswer(purchaseOrder()) });
    renderDetail(PO_ID);
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-2026-000003' })).toBeInTheDocument();
    expect(screen.getByText('0 kg of 1,500 kg')).toBeInTheDocument();
    expect(screen.getByText(/No receive record names this order yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Receipts' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receive against this order' })).toHaveAttribute(
      'href',
      `/receive-records/new?order_id=${PO_ID}`,
    );
    // The office's actions are not the loading bay's.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers receiving only to roles that record deliveries, and only while the order is open', async () => {
    fakeApi({ ...signInAs('auditor'), [`GET /api/orders/${PO_ID}`]: detailAnswer(purchaseOrder()) });
    renderDetail(PO_ID);
    expect(await screen.findByRole('heading', { name: 'Purchase order PO-2026-000003' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Receive against this order' })).not.toBeInTheDocument();
  });

  it('offers no receiving against a draft purchase order', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET /api/orders/${PO_ID}`]: detailAnswer(purchaseOrder({ status: 'draft', version: 1 })),
    });
    renderDetail(PO_ID);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Receive against this order' })).not.toBeInTheDocument();
  });

  it('says an order that does not exist is not found', async () => {
    fakeApi({ ...signInAs('manager'), [`GET ${ONE}`]: apiError(404, 'not_found', 'Order not found') });
    renderDetail();
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
