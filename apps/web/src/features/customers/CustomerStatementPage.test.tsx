import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { CustomerStatementPage } from './CustomerStatementPage.tsx';
import { CUSTOMER_REF, customerEntry, customerStatement, LEDGER, STATEMENT_PATH } from './testData.ts';

const receivable = customerEntry();
const payment = customerEntry({
  kind: 'payment',
  amount: '-1000.00',
  balance: '800.00',
  method: 'cheque',
  reference: 'BPI 004512',
  source_type: 'payment',
  source_id: null,
  posted_at: '2026-10-26T04:00:00Z',
});
const afterPayment = customerStatement([receivable, payment], {
  closing_balance: '800.00',
  total_decrease: '1000.00',
});
const PAY = `${LEDGER}/payments`;
const CREDIT = `${LEDGER}/credit-notes`;

function renderStatement(role: 'manager' | 'operator' | 'auditor', handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs(role),
    [`GET ${STATEMENT_PATH}`]: json(afterPayment),
    ...handlers,
  });
  renderWithAuth(
    page('/customer-management/:customerId', CustomerStatementPage),
    `/customer-management/${CUSTOMER_REF.id}`,
  );
  return server;
}

describe('Customer statement', () => {
  it('shows the running balance, links a receivable to its dispatch, and lets auditors export only', async () => {
    const click = catchDownloads();
    const server = renderStatement('auditor', {
      [`GET ${STATEMENT_PATH}/statement.csv`]: () =>
        new Response('customer_code\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Pasig Pellet Works (CUS-001)' })).toBeInTheDocument();
    expect(screen.getByTestId('increase')).toHaveTextContent('Dispatches and reversed payments₱1,800.00');
    expect(screen.getByTestId('decrease')).toHaveTextContent(
      'Payments, credit notes and voided dispatches₱1,000.00',
    );
    const table = screen.getByRole('table', { name: 'Statement' });
    expect(within(table).getByRole('link', { name: 'Dispatch record' })).toHaveAttribute(
      'href',
      `/dispatch-records/${receivable.source_id}`,
    );
    expect(table).toHaveTextContent('Cheque · BPI 004512');
    expect(screen.getByRole('link', { name: 'Back to the customer balances' })).toHaveAttribute(
      'href',
      '/customer-management?tab=balances',
    );
    for (const name of ['Record payment', 'Credit note'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', `${STATEMENT_PATH}/statement.csv`)).toHaveLength(1);
  });

  it('records a cheque with its number, never more than is owed and with no advance', async () => {
    const server = renderStatement('manager', { [`POST ${PAY}`]: json(payment, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    expect(await dialog.findByTestId('owed-now')).toHaveTextContent(
      'From Pasig Pellet Works. Owed now: ₱800.00.',
    );
    expect(dialog.queryByRole('checkbox', { name: /^Advance/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '900');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Method' }), 'Cheque');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('More than the ₱800.00 owed')).toBeInTheDocument();
    expect(dialog.getByText('Enter the cheque number')).toBeInTheDocument();
    expect(server.calls('POST', PAY)).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: /^Amount/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '800');
    await user.type(dialog.getByRole('textbox', { name: /^Reference/ }), 'BPI 004513');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(server.calls('POST', PAY)).toHaveLength(1));
    expect(server.calls('POST', PAY)[0]?.body).toEqual({
      customer_id: CUSTOMER_REF.id,
      amount: '800',
      method: 'cheque',
      reference: 'BPI 004513',
    });
    expect(server.calls('POST', PAY)[0]?.headers['idempotency-key']).toMatch(/^[\w-]{36}$/);
    expect(
      await screen.findByText('Payment of ₱800.00 from Pasig Pellet Works recorded.'),
    ).toBeInTheDocument();
  });

  it('records a manager’s credit note with its reason, within what is owed', async () => {
    const credit = customerEntry({
      kind: 'credit_note',
      amount: '-300.00',
      balance: '500.00',
      note: 'Wet flakes',
    });
    const server = renderStatement('manager', { [`POST ${CREDIT}`]: json(credit, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit note' }));
    await dialog.findByText(/Owed now: ₱800.00/);
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '800.01');
    await user.click(dialog.getByRole('button', { name: 'Record credit note' }));
    expect(await dialog.findByText('More than the ₱800.00 owed')).toBeInTheDocument();
    // packages/shared creditNoteInputSchema's words, as the API would answer.
    expect(dialog.getByText('Say why the customer is credited')).toBeInTheDocument();
    expect(server.calls('POST', CREDIT)).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: /^Amount/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '300');
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Wet flakes');
    await user.click(dialog.getByRole('button', { name: 'Record credit note' }));
    await waitFor(() => expect(server.calls('POST', CREDIT)).toHaveLength(1));
    expect(server.calls('POST', CREDIT)[0]?.body).toEqual({
      customer_id: CUSTOMER_REF.id,
      amount: '300',
      reason: 'Wet flakes',
    });
    expect(server.calls('POST', CREDIT)[0]?.headers['idempotency-key']).toMatch(/^[\w-]{36}$/);
    expect(
      await screen.findByText('Credit note of ₱300.00 to Pasig Pellet Works recorded.'),
    ).toBeInTheDocument();
  });

  it('reverses a payment with the reason: the customer owes it again', async () => {
    const REVERSE = `${LEDGER}/entries/${payment.id}/reverse`;
    const reversal = customerEntry({
      kind: 'payment_reversal',
      amount: '1000.00',
      balance: '1800.00',
      source_type: 'customer_ledger',
      source_id: payment.id,
      note: 'Cheque bounced',
    });
    const server = renderStatement('manager', { [`POST ${REVERSE}`]: json(reversal, 201) });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Statement' });
    // A receivable is corrected by voiding its dispatch: only the payment offers a reversal.
    expect(within(table).getAllByRole('button', { name: /^Reverse/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Reverse the payment of ₱1,000.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reverse this payment?' }));
    expect(dialog.getByText(/so Pasig Pellet Works owes that amount again/)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Cheque bounced');
    await user.click(dialog.getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(server.calls('POST', REVERSE)).toHaveLength(1));
    expect(
      await screen.findByText('The payment of ₱1,000.00 from Pasig Pellet Works has been reversed.'),
    ).toBeInTheDocument();
  });

  it('refuses operators, who may not see what customers owe', async () => {
    const server = renderStatement('operator');
    expect(await screen.findByText(/^Your role may not view what customers owe\./)).toBeInTheDocument();
    expect(server.calls('GET', STATEMENT_PATH)).toHaveLength(0);
  });

  it('says when the customer does not exist', async () => {
    renderStatement('auditor', {
      [`GET ${STATEMENT_PATH}`]: apiError(404, 'not_found', 'Customer not found'),
    });
    expect(await screen.findByText('This customer does not exist.')).toBeInTheDocument();
  });
});
