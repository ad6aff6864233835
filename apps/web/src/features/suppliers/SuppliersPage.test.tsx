import { page, supplierSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { supplierRecord, wire } from '../../test/wire.ts';
import { SuppliersPage } from './SuppliersPage.tsx';

describe('Suppliers', () => {
  it('asks for the GCash number of a GCash supplier and sends it nested in payment details', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/suppliers': emptyPage,
      'POST /api/suppliers': json(
        supplierRecord({
          id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a98',
          code: 'SUP-9',
          name: 'Aling Nena',
          type: 'waste_picker',
          payment_method: 'gcash',
          payment_details: { gcash_number: '0917 123 4567' },
        }),
        201,
      ),
    });
    renderWithAuth(route('/supplier-management', SuppliersPage), '/supplier-management?payment_method=gcash');
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

  it('lets a supplier member change only the contact and payment details of their own record', async () => {
    const own = supplierRecord({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a97',
      code: 'SUP-7',
      name: 'Aling Nena',
      type: 'waste_picker',
      phone: '0917 000 0000',
    });
    const server = fakeApi({
      ...signInAs('supplier', { supplier_id: own.id }),
      'GET /api/suppliers': json(wire(page(supplierSchema), { items: [own], next_cursor: null })),
      [`PATCH /api/suppliers/${own.id}`]: json(
        supplierRecord({ ...own, phone: '0918 111 2222', version: 2 }),
      ),
    });
    renderWithAuth(route('/suppliers', SuppliersPage), '/suppliers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit .+: Aling Nena$/ }));
    expect(screen.queryByRole('button', { name: 'New supplier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Aling Nena' }));
    expect(dialog.getByRole('textbox', { name: /^Code/ })).toBeDisabled();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    const phone = dialog.getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '0918 111 2222');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls('PATCH', `/api/suppliers/${own.id}`)).toHaveLength(1));
    expect(server.calls('PATCH', `/api/suppliers/${own.id}`)[0]?.body).toEqual({
      phone: '0918 111 2222',
      version: 1,
    });
  });
});
