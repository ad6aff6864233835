import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { SuppliersPage } from './SuppliersPage.tsx';

describe('Suppliers', () => {
  it('asks for the GCash number of a GCash supplier and sends it nested in payment details', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/suppliers': emptyPage,
      'POST /api/suppliers': json(
        { id: 's1', code: 'SUP-9', name: 'Aling Nena', archived_at: null, version: 1 },
        201,
      ),
    });
    renderWithAuth(page('/supplier-management', SuppliersPage), '/supplier-management?payment_method=gcash');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New supplier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New supplier' }));
    expect(dialog.queryByRole('textbox', { name: /^GCash number/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'SUP-9');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Aling Nena');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Type/ }), 'Waste picker');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Payment method/ }), 'GCash');
    await user.click(dialog.getByRole('button', { name: 'Create supplier' }));
    expect(await dialog.findByText('GCash number is required')).toBeInTheDocument();
    expect(server.calls('POST', '/api/suppliers')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^GCash number/ }), '0917 123 4567');
    await user.click(dialog.getByRole('button', { name: 'Create supplier' }));
    await waitFor(() => expect(server.calls('POST', '/api/suppliers')).toHaveLength(1));
    expect(server.calls('POST', '/api/suppliers')[0]?.body).toEqual({
      code: 'SUP-9',
      name: 'Aling Nena',
      type: 'waste_picker',
      payment_method: 'gcash',
      payment_details: { gcash_number: '0917 123 4567', bank: '', account_name: '', account_number: '' },
    });
  });

  it('tells supplier accounts they may not see the list, without asking the server', async () => {
    const server = fakeApi({ ...signInAs('supplier'), 'GET /api/suppliers': emptyPage });
    renderWithAuth(page('/suppliers', SuppliersPage), '/suppliers');
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
    expect(server.calls('GET', '/api/suppliers')).toHaveLength(0);
  });
});
