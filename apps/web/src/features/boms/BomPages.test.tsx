import { bomSchema, componentSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { BomDetailPage } from './BomDetailPage.tsx';
import { NewBomPage } from './NewBomPage.tsx';

const STAMP = '2026-01-01T00:00:00Z';
const record = { archived_at: null, version: 1, created_at: STAMP, updated_at: STAMP };
const bottle = wire(componentSchema, {
  ...record,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001',
  code: 'BTL-500',
  name: '500 ml bottle',
  polymer: 'PET',
  packaging_category: 'rigid',
  mass_g: '24.500',
  recycled_content_pct: '30.00',
  colour: null,
  material: null,
  supplier: null,
});
const cap = wire(componentSchema, {
  ...bottle,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002',
  code: 'CAP-28',
  name: '28 mm cap',
  polymer: 'PP',
  mass_g: '2.100',
  recycled_content_pct: '0.00',
});
const BOM_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7010';
const asLine = (c: typeof bottle, n: number) => ({
  line_no: n,
  component: {
    id: c.id,
    code: c.code,
    name: c.name,
    polymer: c.polymer,
    packaging_category: c.packaging_category,
    mass_g: c.mass_g,
    recycled_content_pct: c.recycled_content_pct,
  },
  quantity: '1.0000',
});
const figures = {
  grams_per_unit: '26.600',
  by_polymer: [
    { polymer: 'PET', grams_per_unit: '24.500' },
    { polymer: 'PP', grams_per_unit: '2.100' },
  ],
  by_category: [{ category: 'rigid', grams_per_unit: '26.600' }],
  recycled_content_pct: '27.63',
  units: '1',
  footprint_kg: '0.027',
};
const bom = wire(bomSchema, {
  ...record,
  id: BOM_ID,
  code: 'SKU-H2O',
  name: 'Malinis Water 500 ml',
  gtin: '04800888000361',
  unit: 'bottle',
  packaging_format: null,
  current_version: 1,
  versions: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7011',
      version_no: 1,
      effective_from: '2026-01-01',
      notes: null,
      lines: [asLine(bottle, 1), asLine(cap, 2)],
      figures,
      created_at: STAMP,
    },
  ],
});
const components = json(wire(pageOf(componentSchema), { items: [bottle, cap], next_cursor: null }));

describe('Bills of materials', () => {
  it('adds a product with its components, checking the GTIN and showing the plastic per unit as typed', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/components': components,
      'POST /api/boms': json(bom, 201),
      [`GET /api/boms/${BOM_ID}`]: json(bom),
    });
    renderWithAuth(
      [...page('/bom-management/new', NewBomPage), ...page('/bom-management/:id', BomDetailPage)],
      '/bom-management/new',
    );
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'New product' }));
    await user.type(form.getByRole('textbox', { name: /^SKU/ }), 'sku-h2o');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Malinis Water 500 ml');
    await user.type(form.getByRole('textbox', { name: /^GTIN/ }), '4800888000362');
    await screen.findByRole('option', { name: /500 ml bottle/ });
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Component 1' }),
      '500 ml bottle (BTL-500) · PET · 24.5 g',
    );
    await user.click(form.getByRole('button', { name: 'Add component' }));
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Component 2' }),
      '28 mm cap (CAP-28) · PP · 2.1 g',
    );
    expect(screen.getByTestId('plastic-per-unit')).toHaveTextContent('26.6 g of plastic per piece');
    await user.click(form.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: /^GTIN/ })).toHaveAccessibleDescription(
        /The check digit is wrong: it should be 1/,
      ),
    );
    expect(server.calls('POST', '/api/boms')).toHaveLength(0);
    await user.clear(form.getByRole('textbox', { name: /^GTIN/ }));
    await user.type(form.getByRole('textbox', { name: /^GTIN/ }), '4800888000361');
    await user.click(form.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('SKU-H2O created with its bill of materials.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/boms')[0]?.body).toMatchObject({
      code: 'SKU-H2O',
      gtin: '04800888000361',
      unit: 'piece',
      first_version: {
        lines: [
          { component_id: bottle.id, quantity: '1' },
          { component_id: cap.id, quantity: '1' },
        ],
      },
    });
  });

  it('computes the footprint of the units put on the market and adds a version from a day on', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/components': components,
      [`GET /api/boms/${BOM_ID}`]: json(bom),
      [`POST /api/boms/${BOM_ID}/versions`]: json(
        wire(bomSchema, {
          ...bom,
          versions: [
            { ...bom.versions[0], version_no: 2, id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7012' },
            ...bom.versions,
          ],
        }),
        201,
      ),
    });
    renderWithAuth(page('/bom-management/:id', BomDetailPage), `/bom-management/${BOM_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByTestId('footprint')).toHaveTextContent(
      'Footprint of 1,000,000 × bottle: 26,600 kg of plastic',
    );
    const units = screen.getByRole('textbox', { name: 'Units put on the market' });
    await user.clear(units);
    await user.type(units, '2,500');
    expect(screen.getByTestId('footprint')).toHaveTextContent(
      'Footprint of 2,500 × bottle: 66.5 kg of plastic',
    );
    await user.click(screen.getByRole('button', { name: 'New version' }));
    const form = within(screen.getByRole('form', { name: 'New BOM version' }));
    await user.type(form.getByRole('textbox', { name: 'What changed' }), 'Lighter cap');
    await user.click(form.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('Version 2 of SKU-H2O saved.')).toBeInTheDocument();
    expect(server.calls('POST', `/api/boms/${BOM_ID}/versions`)[0]?.body).toMatchObject({
      notes: 'Lighter cap',
      lines: [
        { component_id: bottle.id, quantity: '1.0000' },
        { component_id: cap.id, quantity: '1.0000' },
      ],
    });
  });
});
