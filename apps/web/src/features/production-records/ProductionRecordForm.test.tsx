import {
  bomSchema,
  energyResultSchema,
  facilitySchema,
  lotSchema,
  materialSchema,
  organizationSchema,
  page as pageOf,
  processTypeSchema,
  productionLineSchema,
  productionRecordSchema,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { NewProductionRecordPage } from './NewProductionRecordPage.tsx';
import { ProductionRecordDetailPage } from './ProductionRecordDetailPage.tsx';
import { BOTTLES, draftRun, FACILITY, FLAKE, IN_LOT, LINE, RUN_ID } from './testData.ts';

const STAMP = '2026-01-01T00:00:00Z';
const lot = wire(lotSchema, {
  ...IN_LOT,
  status: 'available',
  material: BOTTLES,
  facility: { ...FACILITY, city: 'Manila' },
  qty_kg: '1000.000',
  reserved_kg: '0.000',
  value_php: '20000.00',
  origin_type: 'receive_line',
  recycled_content_pct: '100.00',
  quarantine_reason: null,
  created_at: STAMP,
  version: 1,
});
const organization = wire(organizationSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  name: 'EcoPlast',
  country: 'PH',
  default_currency: 'PHP',
  time_zone: 'Asia/Manila',
  business_role: null,
  epr_license: null,
  is_demo: false,
  books_closed_through: null,
  mass_balance_tolerance_pct: '0.50',
  electricity_tariff_php: '11.5000',
  weighing_tolerance_pct: '0.20',
  version: 1,
});

function renderForm(handlers = {}) {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/organization': json(organization),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), {
        items: [materialRecord(BOTTLES), materialRecord({ ...FLAKE, form: 'flake' })],
        next_cursor: null,
      }),
    ),
    'GET /api/production-lines': json(
      wire(pageOf(productionLineSchema), {
        items: [
          {
            ...LINE,
            facility: FACILITY,
            process_codes: ['washing'],
            capacity_kg_per_h: '500.0',
            rated_kw: '75.0',
            cost_per_kg_php: null,
            archived_at: null,
            version: 1,
            created_at: STAMP,
            updated_at: STAMP,
          },
        ],
        next_cursor: null,
      }),
    ),
    'GET /api/calculations/process-types': json(
      wire(itemsOf(processTypeSchema), {
        items: [
          {
            code: 'washing',
            name: 'Washing',
            description: '',
            kwh_per_tonne: null,
            energy_source: 'none',
            manufacturing: false,
            ref_version: 'r',
          },
          {
            code: 'moulding',
            name: 'Moulding',
            description: '',
            kwh_per_tonne: null,
            energy_source: 'none',
            manufacturing: true,
            ref_version: 'r',
          },
        ],
      }),
    ),
    'GET /api/lots': json(wire(pageOf(lotSchema), { items: [lot], next_cursor: null })),
    'POST /api/calculations/energy-consumption': json(
      wire(energyResultSchema, {
        process_code: 'washing',
        mass_kg: '1000.000',
        kwh: '600.00',
        basis: 'rated_power',
        source: 'Rated power 75.0 kW × 8.00 h × load factor 1',
        ref_version: null,
        kwh_per_tonne: '600.0',
        tariff_php_per_kwh: '11.5000',
        cost_php: '6900.00',
        grid_kg_co2e_per_kwh: '0.7122',
        kg_co2e: '427.3',
        grid_source: 'DOE',
        grid_verified: false,
        grid_ref_version: 'ref-2026.2',
      }),
    ),
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/production-records/new', NewProductionRecordPage),
      ...page('/production-records/:id', ProductionRecordDetailPage),
    ],
    '/production-records/new',
  );
  return { server, user: userEvent.setup() };
}

const group = (name: string) => within(screen.getByRole('group', { name }));

const PRODUCT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6060';
const V1 = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6061';
const V2 = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6062';
const figures = {
  grams_per_unit: '25.000',
  by_polymer: [{ polymer: 'PET', grams_per_unit: '25.000' }],
  by_category: [{ category: 'rigid', grams_per_unit: '25.000' }],
  recycled_content_pct: '0.00',
  units: '1',
  footprint_kg: '0.025',
};
const version = (id: string, n: number, day: string) => ({
  id,
  version_no: n,
  effective_from: day,
  notes: null,
  lines: [],
  figures,
  created_at: STAMP,
});
const boms = json(
  wire(pageOf(bomSchema), {
    items: [
      {
        id: PRODUCT_ID,
        code: 'BOTTLE-1L',
        name: 'Bottle 1 l',
        gtin: null,
        unit: 'bottle',
        packaging_format: null,
        current_version: 2,
        versions: [version(V2, 2, '2026-09-01'), version(V1, 1, '2026-01-01')],
        archived_at: null,
        version: 1,
        created_at: STAMP,
        updated_at: STAMP,
      },
    ],
    next_cursor: null,
  }),
);

describe('New production run form', () => {
  it('names the product a moulding run made, the BOM version in effect and the units', async () => {
    const { server, user } = renderForm({
      'GET /api/boms': boms,
      'POST /api/production-records': json(wire(productionRecordSchema, draftRun()), 201),
      [`GET /api/production-records/${RUN_ID}`]: json(wire(productionRecordSchema, draftRun())),
    });
    const form = within(await screen.findByRole('form', { name: 'New production run' }));
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    expect(form.queryByRole('combobox', { name: 'Product made' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Moulding' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Process/ }), 'Moulding');
    await screen.findByRole('option', { name: 'Bottle 1 l (BOTTLE-1L)' });
    await user.selectOptions(form.getByRole('combobox', { name: 'Product made' }), 'Bottle 1 l (BOTTLE-1L)');
    expect(form.getByRole('combobox', { name: 'BOM version' })).toHaveValue(V2);
    await user.type(form.getByRole('textbox', { name: 'Units made' }), '3900');
    await user.click(group('Input 1').getByRole('combobox', { name: /^Lot/ }));
    await user.keyboard('0001');
    await user.click(await screen.findByRole('option', { name: /MNL1-261120-0001/ }));
    await user.selectOptions(
      group('Output 1').getByRole('combobox', { name: /^Material/ }),
      'PET flake (PET_FLAKE)',
    );
    await user.type(group('Output 1').getByRole('textbox', { name: /^Kg/ }), '1000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft PR-2026-000007 saved.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/production-records')[0]?.body).toMatchObject({
      process_code: 'moulding',
      product_id: PRODUCT_ID,
      bom_version_id: V2,
      units: '3900',
    });
  });

  it('offers only the kg of an input lot the marketplace does not hold', async () => {
    const held = { ...lot, reserved_kg: '200.000' };
    const { user } = renderForm({
      'GET /api/lots': json(wire(pageOf(lotSchema), { items: [held], next_cursor: null })),
    });
    const form = within(await screen.findByRole('form', { name: 'New production run' }));
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    await user.click(group('Input 1').getByRole('combobox', { name: /^Lot/ }));
    await user.click(await screen.findByRole('option', { name: /MNL1-261120-0001 · PET bottles · 800 kg/ }));
    const kg = group('Input 1').getByRole('textbox', { name: /^Kg taken/ });
    expect(kg).toHaveValue('800.000');
    expect(kg).toHaveAccessibleDescription('Available 800 kg (200 kg reserved on the marketplace)');
  });

  it('picks an input lot by code, balances the mass live, estimates energy and saves a draft', async () => {
    const { server, user } = renderForm({
      'POST /api/production-records': json(wire(productionRecordSchema, draftRun()), 201),
      [`GET /api/production-records/${RUN_ID}`]: json(wire(productionRecordSchema, draftRun())),
    });
    const form = within(await screen.findByRole('form', { name: 'New production run' }));
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    await screen.findByRole('option', { name: 'Wash line 1 (WASH1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Production line/ }), 'Wash line 1 (WASH1)');
    // The line's first step becomes the process.
    expect(form.getByRole('combobox', { name: /^Process/ })).toHaveValue('washing');
    await user.clear(form.getByLabelText(/^Started at/));
    await user.type(form.getByLabelText(/^Started at/), '2026-11-21T06:00');
    await user.clear(form.getByLabelText(/^Ended at/));
    await user.type(form.getByLabelText(/^Ended at/), '2026-11-21T14:00');

    await user.click(group('Input 1').getByRole('combobox', { name: /^Lot/ }));
    await user.keyboard('0001');
    await user.click(
      await screen.findByRole('option', { name: /MNL1-261120-0001 · PET bottles · 1,000 kg/ }),
    );
    // The whole lot is offered.
    expect(group('Input 1').getByRole('textbox', { name: /^Kg taken/ })).toHaveValue('1000.000');
    await user.selectOptions(
      group('Output 1').getByRole('combobox', { name: /^Material/ }),
      'PET flake (PET_FLAKE)',
    );
    await user.type(group('Output 1').getByRole('textbox', { name: /^Kg/ }), '850');
    expect(screen.getByTestId('mass-balance')).toHaveTextContent('difference 150 kg (15.00 %)');
    await user.click(screen.getByRole('button', { name: 'Add loss' }));
    await user.type(group('Loss 1').getByRole('textbox', { name: /^Kg/ }), '150');
    expect(screen.getByTestId('mass-balance')).toHaveTextContent(
      'difference 0 kg (0.00 %) — within the tolerance of 0.50 %',
    );
    expect(await screen.findByRole('status', { name: 'Energy estimate' })).toHaveTextContent(
      'Without a reading, posting books 600.00 kWh (calculated from rated power',
    );
    expect(server.calls('POST', '/api/calculations/energy-consumption').at(-1)?.body).toMatchObject({
      process_code: 'washing',
      mass_kg: '1000.000',
      hours: '8.00',
      rated_kw: '75.0',
      tariff_php_per_kwh: '11.5000',
    });

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft PR-2026-000007 saved.')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/production-records');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      facility_id: FACILITY.id,
      production_line_id: LINE.id,
      process_code: 'washing',
      started_at: '2026-11-21T06:00:00+08:00',
      ended_at: '2026-11-21T14:00:00+08:00',
      inputs: [{ lot_id: IN_LOT.id, kg: '1000.000' }],
      outputs: [{ material_id: FLAKE.id, kg: '850' }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '150' }],
    });
  });

  it('checks the run with the API’s own rules before sending anything', async () => {
    const { server, user } = renderForm();
    await screen.findByRole('form', { name: 'New production run' });
    const ended = screen.getByLabelText(/^Ended at/);
    await user.clear(ended);
    await user.type(ended, '2020-01-01T00:00');
    await user.type(screen.getByRole('textbox', { name: /^Meter at start/ }), '100');
    await user.click(screen.getByRole('button', { name: 'Add loss' }));
    await user.selectOptions(
      group('Loss 1').getByRole('combobox', { name: /^Where it went/ }),
      'Kept as a reject lot',
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(ended).toHaveAccessibleDescription('The run must end after it starts'));
    expect(screen.getByRole('textbox', { name: /^Meter at end/ })).toHaveAccessibleDescription(
      'Enter both meter readings, or neither',
    );
    expect(screen.getByRole('combobox', { name: /^Facility/ })).toHaveAccessibleDescription(
      'Choose a facility',
    );
    expect(
      group('Loss 1').getByRole('combobox', { name: /^Reject lot material/ }),
    ).toHaveAccessibleDescription('Choose the material of the reject lot');
    expect(server.calls('POST', '/api/production-records')).toHaveLength(0);
  });
});
