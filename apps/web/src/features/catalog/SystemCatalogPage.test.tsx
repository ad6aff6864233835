import {
  energyResultSchema,
  eprCountrySchema,
  materialTypeSchema,
  page as pageOf,
  processTypeSchema,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { SystemCatalogPage } from './SystemCatalogPage.tsx';

const materialType = wire(materialTypeSchema, {
  code: 'PET_BOTTLE_CLEAR',
  name: 'PET bottles, clear',
  polymer: 'PET',
  form: 'bottles',
  resin_code: 1,
  description: '',
  recycling_kg_co2e_per_t: -1000,
  virgin_kg_co2e_per_t: 2200,
  factor_source: 'x',
  factor_verified: true,
  ref_version: '1',
});
const ph = wire(eprCountrySchema, {
  code: 'PH',
  name: 'Philippines',
  law: 'RA 11898',
  regulation: 'DAO 2023-02',
  currency: 'PHP',
  baseline_year: 2022,
  obliged_enterprises: 'Large enterprises',
  covered_packaging: 'Plastic packaging',
  penalty: 'Fines',
  source: 'https://www.officialgazette.gov.ph/ra11898',
  ref_version: '1',
  targets: [
    { year: 2023, recovery_target_pct: 20, source: 'RA 11898 §44' },
    { year: 2028, recovery_target_pct: 80, source: 'RA 11898 §44' },
  ],
});

function renderCatalog(url: string, handlers = {}) {
  const server = fakeApi({
    ...signInAs('admin'),
    'GET /api/materials': emptyPage,
    'GET /api/process-types': emptyPage,
    'GET /api/calculations/material-types': json(
      wire(pageOf(materialTypeSchema), { items: [materialType], next_cursor: null }),
    ),
    'GET /api/calculations/process-types': json(
      wire(itemsOf(processTypeSchema), {
        items: [
          {
            code: 'SHRED',
            name: 'Shredding',
            description: 'Size reduction',
            kwh_per_tonne: 45,
            energy_source: 'https://example.org/s',
            manufacturing: false,
            ref_version: '1',
          },
        ],
      }),
    ),
    'GET /api/calculations/epr-countries': json(wire(itemsOf(eprCountrySchema), { items: [ph] })),
    ...handlers,
  });
  renderWithAuth(page('/system-catalog', SystemCatalogPage), url);
  return server;
}

describe('System catalog', () => {
  it('creates a material counted as a reference material type', async () => {
    const server = renderCatalog('/system-catalog', {
      'POST /api/materials': json(
        materialRecord({
          id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4e09',
          code: 'PET-A',
          name: 'PET clear',
          resin_code: 1,
          type_code: 'PET_BOTTLE_CLEAR',
        }),
        201,
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New material' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New material' }));
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'PET-A');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'PET clear');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Polymer/ }), 'PET');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Form/ }), 'Bottles');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Resin code/ }), '1');
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Reference material type/ }),
      'PET bottles, clear (PET_BOTTLE_CLEAR)',
    );
    await user.click(dialog.getByRole('button', { name: 'Create material' }));
    await waitFor(() => expect(server.calls('POST', '/api/materials')).toHaveLength(1));
    expect(server.calls('POST', '/api/materials')[0]?.body).toEqual({
      code: 'PET-A',
      name: 'PET clear',
      polymer: 'PET',
      form: 'bottles',
      grade: 'A',
      resin_code: 1,
      type_code: 'PET_BOTTLE_CLEAR',
      is_virgin: 'false',
    });
  });

  it('shows the reference process types with kWh/t and the EPR targets by year', async () => {
    renderCatalog('/system-catalog?tab=process-types');
    const table = await screen.findByRole('table', { name: 'Reference process types' });
    expect(within(table).getByText('Shredding').closest('tr')).toHaveTextContent('45');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'EPR countries' }));
    const targets = await screen.findByRole('table', { name: 'Philippines recovery targets' });
    expect(within(targets).getByText('2028 onward').closest('tr')).toHaveTextContent('80%');
    expect(screen.getByRole('heading', { name: 'Philippines: RA 11898' })).toBeInTheDocument();
  });

  it('calculates the energy of a mass through a step with its basis, cost and emissions', async () => {
    const server = renderCatalog('/system-catalog?tab=energy', {
      'POST /api/calculations/energy-consumption': json(
        wire(energyResultSchema, {
          process_code: 'SHRED',
          mass_kg: '2000',
          kwh: '90.00',
          basis: 'process_factor',
          source: 'https://example.org/s',
          ref_version: '1',
          kwh_per_tonne: '45.0',
          tariff_php_per_kwh: '11.5',
          cost_php: '1035.00',
          grid_kg_co2e_per_kwh: '0.7122',
          kg_co2e: '64.1',
          grid_source: 'DOE',
          grid_verified: false,
          grid_ref_version: 'ref-2026.2',
        }),
      ),
    });
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Energy calculator' }));
    await screen.findByRole('option', { name: 'Shredding' });
    await user.selectOptions(form.getByRole('combobox', { name: 'Process step' }), 'Shredding');
    const mass = form.getByRole('textbox', { name: /^Mass/ });
    await user.clear(mass);
    await user.type(mass, '1,250');
    await user.click(form.getByRole('button', { name: 'Calculate' }));
    await waitFor(() => expect(mass).toHaveAccessibleDescription(/Mass: /));
    await user.clear(mass);
    await user.type(mass, '2000');
    await user.type(form.getByRole('textbox', { name: /^Tariff/ }), '11.5');
    await user.click(form.getByRole('button', { name: 'Calculate' }));
    const result = await screen.findByLabelText('Energy result');
    expect(result).toHaveTextContent('90.00 kWh (calculated from kWh per tonne)');
    expect(result).toHaveTextContent('₱1,035.00');
    expect(result).toHaveTextContent('64.1 kg CO2e at 0.7122 kg/kWh (DOE; unverified)');
    expect(server.calls('POST', '/api/calculations/energy-consumption')[0]?.body).toEqual({
      process_code: 'SHRED',
      mass_kg: '2000',
      tariff_php_per_kwh: '11.5',
      country: 'PH',
    });
  });
});
