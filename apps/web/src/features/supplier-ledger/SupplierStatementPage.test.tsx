import { ledgerEntrySchema, statementSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { SUPPLIER } from '../receive-records/testData.ts';
import { SupplierStatementPage } from './SupplierStatementPage.tsx';
import {
  csv,
  entry as ledgerEntry,
  statement as rawStatement,
  STATEMENT_PATH,
  stubDownloads,
} from './testData.ts';

/** A ledger entry and a statement page as the API sends them. */
const entry = (...args: Parameters<typeof ledgerEntry>) => wire(ledgerEntrySchema, ledgerEntry(...args));
const statement = (...args: Parameters<typeof rawStatement>) => wire(statementSchema, rawStatement(...args));

const payable = entry();
const payment = entry({
  kind: 'payment',
  amount: '-5000.00',
  balance: '16942.08',
  method: 'gcash',
  reference: 'GC-991',
  source_type: 'payment',
  source_id: null,
  posted_at: '2026-05-21T02:00:00Z',
});
const afterPayment = statement([payable, payment], {
  closing_balance: '16942.08',
  total_decrease: '5000.00',
});

function renderStatement(
  role: 'manager' | 'operator' | 'auditor',
  handlers: Record<string, Handler> = {},
  query = '',
) {
  const server = fakeApi({
    ...signInAs(role),
    [`GET ${STATEMENT_PATH}`]: json(statement([payable])),
    ...handlers,
  });
  renderWithAuth(
    page('/supplier-ledger/:supplierId', SupplierStatementPage),
    `/supplier-ledger/${SUPPLIER.id}${query}`,
  );
  return server;
}

describe('Supplier statement', () => {
  it('shows the balances and the running balance, and gives operators no payment or export button', async () => {
    renderStatement('operator');
    expect(await screen.findByRole('heading', { name: 'Juan Junkshop (SUP-001)' })).toBeInTheDocument();
    expect(screen.getByTestId('opening')).toHaveTextContent('₱0.00');
    expect(screen.getByTestId('closing')).toHaveTextContent('Closing balance₱21,942.08');
    // A reversed payment raises the balance too: the figures say what they add up.
    expect(screen.getByTestId('increase')).toHaveTextContent('Deliveries and reversed payments');
    expect(screen.getByTestId('decrease')).toHaveTextContent('Payments, advances and voided deliveries');
    const table = screen.getByRole('table', { name: 'Statement' });
    expect(table).toHaveTextContent('Delivery payable');
    expect(within(table).getByRole('link', { name: 'RR-2026-0042' })).toHaveAttribute(
      'href',
      `/receive-records/${payable.source_id}`,
    );
    expect(screen.getByText('Statement of account · All entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('asks for the chosen period and shows its opening balance; a backwards period is not asked for', async () => {
    const server = renderStatement(
      'auditor',
      {
        [`GET ${STATEMENT_PATH}`]: json(
          statement([payment], { from: '2026-05-21', to: '2026-05-31', opening_balance: '21942.08' }),
        ),
      },
      '?from=2026-05-21&to=2026-05-31',
    );
    expect(await screen.findByTestId('opening')).toHaveTextContent('₱21,942.08');
    expect(server.calls('GET', STATEMENT_PATH)[0]?.url).toContain('from=2026-05-21&to=2026-05-31&limit=50');
    expect(screen.getByText('Statement of account · May 21, 2026 – May 31, 2026')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-01' } });
    expect(await screen.findByText('The end date is before the start date')).toBeInTheDocument();
    expect(server.calls('GET', STATEMENT_PATH).some((r) => r.url.includes('to=2026-05-01'))).toBe(false);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await waitFor(() =>
      expect(server.calls('GET', STATEMENT_PATH).at(-1)?.url).toMatch(/\?to=2026-05-01&limit=50$/),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'All entries' }));
    await waitFor(() => expect(server.calls('GET', STATEMENT_PATH).at(-1)?.url).toMatch(/\?limit=50$/));
  });

  it('loads the next page of entries with the cursor', async () => {
    const server = renderStatement('auditor', {
      [`GET ${STATEMENT_PATH}`]: (r) =>
        Response.json(
          r.url.includes('cursor=c1') ? statement([payment]) : statement([payable], { next_cursor: 'c1' }),
        ),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('GCash · GC-991'),
    );
    expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('Delivery payable');
    expect(server.calls('GET', STATEMENT_PATH)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the period as CSV and prints it whole', async () => {
    const click = stubDownloads();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const server = renderStatement(
      'manager',
      {
        [`GET ${STATEMENT_PATH}`]: (r) =>
          Response.json(
            r.url.includes('cursor=c1') ? statement([payment]) : statement([payable], { next_cursor: 'c1' }),
          ),
        [`GET ${STATEMENT_PATH}/statement.csv`]: csv('statement-SUP-001.csv'),
      },
      '?from=2026-05-01',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', `${STATEMENT_PATH}/statement.csv`)[0]?.url).toMatch(/\?from=2026-05-01$/);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(server.calls('GET', STATEMENT_PATH).some((r) => r.url.includes('cursor=c1'))).toBe(true);
    expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('GC-991');
  });

  it('requires a reference for GCash, then records the payment', async () => {
    const server = renderStatement('manager', { 'POST /api/supplier-ledger/payments': json(payment, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    expect(await dialog.findByTestId('owed-now')).toHaveTextContent('Owed now: ₱21,942.08.');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    // packages/shared paymentInputSchema's words, as the API would answer.
    expect(await dialog.findByText('Amount must be a non-negative number')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '5000');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Method' }), 'GCash');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Enter the GCash reference number')).toBeInTheDocument();
    expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Reference/ }), 'GC-991');
    server.on(`GET ${STATEMENT_PATH}`, json(afterPayment));
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(1));
    expect(server.calls('POST', '/api/supplier-ledger/payments')[0]?.body).toEqual({
      supplier_id: SUPPLIER.id,
      amount: '5000',
      method: 'gcash',
      reference: 'GC-991',
      advance: false,
    });
    // A key per submission, so a retried request records the payment once.
    expect(server.calls('POST', '/api/supplier-ledger/payments')[0]?.headers['idempotency-key']).toMatch(
      /^[\w-]{36}$/,
    );
    expect(await screen.findByText('Payment of ₱5,000.00 to Juan Junkshop recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('closing')).toHaveTextContent('₱16,942.08'));
    expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('GCash · GC-991');
  });

  it('dates a payment made earlier in the organization’s time zone, never in the future', async () => {
    const server = renderStatement('manager', { 'POST /api/supplier-ledger/payments': json(payment, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '100');
    const paidAt = dialog.getByLabelText(/^Paid at/);
    fireEvent.change(paidAt, { target: { value: '2999-01-01T10:00' } });
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('The time paid cannot be in the future')).toBeInTheDocument();

    fireEvent.change(paidAt, { target: { value: '2026-11-05T16:00' } });
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(1));
    expect(server.calls('POST', '/api/supplier-ledger/payments')[0]?.body).toMatchObject({
      paid_at: '2026-11-05T16:00:00+08:00',
    });
  });

  it('refuses a typed amount in the API’s words, and puts a books-closed refusal under Paid at', async () => {
    const closed =
      'The books are closed through 2026-10-31: A payment dated 2026-10-30 cannot be posted. Post a correction on a later date, or ask an administrator to reopen the period.';
    const server = renderStatement('manager', {
      'POST /api/supplier-ledger/payments': apiError(422, 'unprocessable', closed, {
        books_closed_through: '2026-10-31',
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await dialog.findByText(/Owed now: ₱21,942.08/);
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '1,250');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount: write 1250, without commas'));
    expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1250');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');

    const paidAt = dialog.getByLabelText(/^Paid at/);
    fireEvent.change(paidAt, { target: { value: '2026-10-30T16:00' } });
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    // The refusal is about the date paid: it goes under that field, not above the form.
    await waitFor(() => expect(paidAt).toHaveAccessibleDescription(new RegExp(closed.slice(0, 40))));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.change(paidAt, { target: { value: '2026-11-05T16:00' } });
    expect(paidAt).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('pays more than is owed only as an advance', async () => {
    const advance = wire(ledgerEntrySchema, {
      ...payment,
      kind: 'advance',
      amount: '-30000.00',
      balance: '-8057.92',
    });
    const server = renderStatement('manager', { 'POST /api/supplier-ledger/payments': json(advance, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await dialog.findByText(/Owed now: ₱21,942.08/);
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '30000');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(
      await dialog.findByText('More than the ₱21,942.08 owed: tick “Advance” to pay more'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(0);

    await user.click(dialog.getByRole('checkbox', { name: /^Advance/ }));
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Advance of ₱30,000.00 to Juan Junkshop recorded.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/supplier-ledger/payments')[0]?.body).toMatchObject({
      amount: '30000',
      method: 'cash',
      advance: true,
    });
  });

  it('says when there are no entries yet', async () => {
    renderStatement('auditor', {
      [`GET ${STATEMENT_PATH}`]: json(statement([], { closing_balance: '0.00' })),
    });
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
  });

  it('says when the supplier does not exist', async () => {
    renderStatement('auditor', {
      [`GET ${STATEMENT_PATH}`]: apiError(404, 'not_found', 'Supplier not found'),
    });
    expect(await screen.findByText('This supplier does not exist.')).toBeInTheDocument();
  });

  it('reverses a payment with a reason, then marks it reversed and lists the reversal', async () => {
    const reversal = entry({
      kind: 'payment_reversal',
      amount: '5000.00',
      balance: '21942.08',
      method: 'gcash',
      reference: 'GC-991',
      source_type: 'supplier_ledger',
      source_id: payment.id,
      note: 'Paid to the wrong GCash number',
      posted_at: '2026-05-22T02:00:00Z',
    });
    const REVERSE = `/api/supplier-ledger/entries/${payment.id}/reverse`;
    const server = renderStatement('manager', {
      [`GET ${STATEMENT_PATH}`]: json(afterPayment),
      [`POST ${REVERSE}`]: json(reversal, 201),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Statement' });
    // Only payments and advances can be reversed: the delivery's payable has no button.
    expect(within(table).getAllByRole('button', { name: /^Reverse/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Reverse the payment of ₱5,000.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reverse this payment?' }));
    expect(dialog.getByText(/a reversal dated today cancels it/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reverse payment' }));
    expect(await dialog.findByText('Say why the payment is reversed')).toBeInTheDocument();
    expect(server.calls('POST', REVERSE)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Paid to the wrong GCash number');
    server.on(
      `GET ${STATEMENT_PATH}`,
      json(
        statement([payable, payment, reversal], { closing_balance: '21942.08', total_increase: '26942.08' }),
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(server.calls('POST', REVERSE)).toHaveLength(1));
    expect(server.calls('POST', REVERSE)[0]?.body).toEqual({ reason: 'Paid to the wrong GCash number' });
    expect(
      await screen.findByText('The payment of ₱5,000.00 to Juan Junkshop has been reversed.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent(
        'Reversed payment · Paid to the wrong GCash number',
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'Reverse this payment?' })).not.toBeInTheDocument();
    const paid = within(screen.getByRole('table', { name: 'Statement' }))
      .getByText('Payment')
      .closest('tr') as HTMLElement;
    expect(within(paid).getByText('Reversed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse the/ })).not.toBeInTheDocument();
  });

  it('marks a payment reversed after the period as reversed, with no second reversal', async () => {
    const reversedLater = { ...payment, reversed_by: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5999' };
    renderStatement('manager', {
      [`GET ${STATEMENT_PATH}`]: json(statement([payable, reversedLater], { to: '2026-05-21' })),
    });
    const table = await screen.findByRole('table', { name: 'Statement' });
    const paid = within(table).getByText('Payment').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Reversed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse the/ })).not.toBeInTheDocument();
  });

  it('shows why the server refused a reversal', async () => {
    const REVERSE = `/api/supplier-ledger/entries/${payment.id}/reverse`;
    const server = renderStatement('manager', {
      [`GET ${STATEMENT_PATH}`]: json(afterPayment),
      [`POST ${REVERSE}`]: apiError(409, 'conflict', 'This payment has already been reversed.'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reverse the payment of ₱5,000.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reverse this payment?' }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Duplicate entry');
    await user.click(dialog.getByRole('button', { name: 'Reverse payment' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This payment has already been reversed.');
    // The statement is read again, so a reversal someone else posted shows.
    await waitFor(() => expect(server.calls('GET', STATEMENT_PATH).length).toBeGreaterThan(1));

    server.on(
      `POST ${REVERSE}`,
      fieldError({ 'body.reason': 'Say why the payment is reversed' }, 'Some fields are invalid'),
    );
    await user.click(dialog.getByRole('button', { name: 'Reverse payment' }));
    expect(await dialog.findByText('Say why the payment is reversed')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Reason/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no reversal to roles that may not record payments', async () => {
    renderStatement('auditor', { [`GET ${STATEMENT_PATH}`]: json(afterPayment) });
    expect(await screen.findByRole('table', { name: 'Statement' })).toHaveTextContent('GCash · GC-991');
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });
});
