import { materialSchema, materialTypeSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { materialRecord, wire } from '../../test/wire.ts';
import { SystemCatalogPage } from '../catalog/SystemCatalogPage.tsx';

const flake = materialRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e21',
  code: 'RPET-FLK',
  name: 'rPET flake',
  form: 'flake',
  gtin: '04800888000361',
});
const TAKEN = 'GTIN 04800888123459 is already the GTIN of material PP-PEL (PP pellet)';

function renderMaterials(role: Parameters<typeof signInAs>[0], handlers = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/materials': json(wire(pageOf(materialSchema), { items: [flake], next_cursor: null })),
    'GET /api/calculations/material-types': json(
      wire(pageOf(materialTypeSchema), { items: [], next_cursor: null }),
    ),
    'GET /api/process-types': emptyPage,
    ...handlers,
  });
  renderWithAuth(page('/system-catalog', SystemCatalogPage), '/system-catalog');
  return server;
}

describe('Material GTIN', () => {
  it('lists the GTIN in a monospace column', async () => {
    renderMaterials('auditor');
    const table = await screen.findByRole('table', { name: 'Materials' });
    expect(within(table).getByRole('columnheader', { name: 'GTIN' })).toBeInTheDocument();
    const gtin = within(table).getByText('04800888000361');
    expect(gtin.closest('tr')).toHaveTextContent('RPET-FLK');
    expect(gtin).toHaveStyle({ fontFamily: 'var(--mantine-font-family-monospace)' });
  });

  it('checks a new material’s GTIN with the API’s rule, in its words, before sending it', async () => {
    const created = materialRecord({ ...flake, id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e22', code: 'PET-B' });
    const server = renderMaterials('manager', { 'POST /api/materials': json(created, 201) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New material' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New material' }));
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'PET-B');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'rPET flake B');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Polymer/ }), 'PET');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Form/ }), 'Flake');
    const gtin = dialog.getByRole('textbox', { name: /^GTIN/ });
    expect(gtin).toHaveAccessibleDescription(/GS1 company prefix/);
    await user.type(gtin, '4800888000362');
    await user.click(dialog.getByRole('button', { name: 'Create material' }));
    expect(gtin).toHaveAccessibleDescription(/^The check digit is wrong: it should be 1/);
    expect(server.calls('POST', '/api/materials')).toHaveLength(0);

    await user.clear(gtin);
    await user.type(gtin, '4800888000361');
    await user.click(dialog.getByRole('button', { name: 'Create material' }));
    await waitFor(() => expect(server.calls('POST', '/api/materials')).toHaveLength(1));
    expect(server.calls('POST', '/api/materials')[0]?.body).toMatchObject({
      code: 'PET-B',
      form: 'flake',
      gtin: '4800888000361',
    });
  });

  it('puts a taken GTIN under its field, and clears the GTIN with null', async () => {
    const url = `PATCH /api/materials/${flake.id}`;
    const server = renderMaterials('admin', {
      [url]: apiError(409, 'conflict', TAKEN, { fields: { 'body.gtin': TAKEN } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit RPET-FLK: rPET flake' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit rPET flake' }));
    const gtin = dialog.getByRole('textbox', { name: /^GTIN/ });
    expect(gtin).toHaveValue('04800888000361');
    await user.clear(gtin);
    await user.type(gtin, '4800888123459');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(gtin).toHaveAccessibleDescription(
        expect.stringMatching(/^GTIN 04800888123459 is already the GTIN of material PP-PEL \(PP pellet\)/),
      ),
    );
    expect(server.calls('PATCH', `/api/materials/${flake.id}`)[0]?.body).toEqual({
      gtin: '4800888123459',
      version: 1,
    });

    server.on(url, json(materialRecord({ ...flake, gtin: null, version: 2 })));
    await user.clear(gtin);
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls('PATCH', `/api/materials/${flake.id}`)).toHaveLength(2));
    expect(server.calls('PATCH', `/api/materials/${flake.id}`)[1]?.body).toEqual({ gtin: null, version: 1 });
  });
});
