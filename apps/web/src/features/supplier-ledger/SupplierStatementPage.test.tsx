import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { SUPPLIER } from '../receive-records/testData.ts';
import { SupplierStatementPage } from './SupplierStatementPage.tsx';

const ref = { id: SUPPLIER.id, code: SUPPLIER.code, name: SUPPLIER.name };
const payable = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5040',
  kind: 'payable',
  amount: '21942.08',
  balance: '21942.08',
  currency: 'PHP',
  method: null,
  reference: null,
  source_type: 'receive_record',
  source_id: null,
  note: null,
  posted_at: '2026-05-20T02:00:00Z',
};
const afterPayment = {
  items: [
    payable,
    {
      ...payable,
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5041',
      kind: 'payment',
      amount: '-5000.00',
      balance: '16942.08',
      method: 'gcash',
      reference: 'GC-991',
    },
  ],
  balance: '16942.08',
};
const STATEMENT = `/api/supplier-ledger/${SUPPLIER.id}`;

function renderStatement(role: 'manager' | 'operator') {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/supplier-ledger': json({
      items: [{ supplier: ref, balance: '21942.08', currency: 'PHP', last_entry_at: payable.posted_at }],
    }),
    [`GET ${STATEMENT}`]: json({ items: [payable], balance: '21942.08' }),
    'POST /api/supplier-ledger/payments': json(afterPayment, 201),
  });
  renderWithAuth(
    page('/supplier-ledger/:supplierId', SupplierStatementPage),
    `/supplier-ledger/${SUPPLIER.id}`,
  );
  return server;
}

describe('Supplier statement', () => {
  it('shows the running balance and gives operators no payment button', async () => {
    renderStatement('operator');
    expect(await screen.findByTestId('balance')).toHaveTextContent('Balance owed: ₱21,942.08');
    expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('Delivery payable');
    expect(await screen.findByRole('heading', { name: 'Juan Junkshop (SUP-001)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('requires a reference for GCash, then records the payment', async () => {
    const server = renderStatement('manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('An amount above 0 with up to 2 decimals')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '5000');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Method' }), 'GCash');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Enter the GCash reference number')).toBeInTheDocument();
    expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Reference/ }), 'GC-991');
    server.on(`GET ${STATEMENT}`, json(afterPayment));
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(server.calls('POST', '/api/supplier-ledger/payments')).toHaveLength(1));
    expect(server.calls('POST', '/api/supplier-ledger/payments')[0]?.body).toEqual({
      supplier_id: SUPPLIER.id,
      amount: '5000',
      method: 'gcash',
      reference: 'GC-991',
    });
    expect(await screen.findByText('Payment of ₱5,000.00 to Juan Junkshop recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('₱16,942.08'));
    expect(screen.getByRole('table', { name: 'Statement' })).toHaveTextContent('GCash · GC-991');
  });
});
