import { page, supplierSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { supplierRecord, wire } from '../../test/wire.ts';
import { SuppliersPage } from '../suppliers/SuppliersPage.tsx';

const PHONE_HINT = 'Enter a phone number such as 0917 123 4567 or +63 917 123 4567';
const nena = supplierRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a97',
  code: 'SUP-7',
  name: 'Aling Nena',
  type: 'waste_picker',
  phone: '0917 000 0000',
});

function renderSuppliers(handlers = {}) {
  const server = fakeApi({ ...signInAs('manager'), 'GET /api/suppliers': emptyPage, ...handlers });
  renderWithAuth(route('/suppliers', SuppliersPage), '/suppliers');
  return server;
}

describe('RecordFormModal', () => {
  it('checks a new record with the API’s own schema, in its words, and clears a message as its field is edited', async () => {
    const server = renderSuppliers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New supplier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New supplier' }));
    const code = dialog.getByRole('textbox', { name: /^Code/ });
    const phone = dialog.getByRole('textbox', { name: /^Phone/ });
    const email = dialog.getByRole('textbox', { name: /^Email/ });
    await user.type(phone, 'call me');
    await user.type(email, 'ana@');
    await user.click(dialog.getByRole('button', { name: 'Create supplier' }));

    // packages/shared supplierCreateSchema's messages, each under its input, before any request.
    expect(code).toHaveAccessibleDescription('Code is required');
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Name is required');
    expect(dialog.getByRole('combobox', { name: /^Type/ })).toHaveAccessibleDescription(
      'Choose a supplier type',
    );
    expect(phone).toHaveAccessibleDescription(PHONE_HINT);
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(server.calls('POST', '/api/suppliers')).toHaveLength(0);

    await user.type(code, 'sup-9');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks an edit with the update schema and puts a server refusal under its field', async () => {
    const server = renderSuppliers({
      'GET /api/suppliers': json(wire(page(supplierSchema), { items: [nena], next_cursor: null })),
      [`PATCH /api/suppliers/${nena.id}`]: fieldError({
        'body.payment_details.gcash_number': 'This GCash number is not registered',
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit .+: Aling Nena$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Aling Nena' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(server.calls('PATCH', `/api/suppliers/${nena.id}`)).toHaveLength(0);
    await user.type(name, 'Aling Nena Cruz');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(dialog.getByRole('combobox', { name: /^Payment method/ }), 'GCash');
    const gcash = dialog.getByRole('textbox', { name: /^GCash number/ });
    await user.type(gcash, '0917 555 0000');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls('PATCH', `/api/suppliers/${nena.id}`)).toHaveLength(1));
    expect(server.calls('PATCH', `/api/suppliers/${nena.id}`)[0]?.body).toMatchObject({
      name: 'Aling Nena Cruz',
      payment_method: 'gcash',
      version: 1,
    });
    await waitFor(() => expect(gcash).toHaveAccessibleDescription('This GCash number is not registered'));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
