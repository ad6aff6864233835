import {
  customerSchema,
  dispatchRecordSchema,
  driverSchema,
  facilitySchema,
  haulerSchema,
  lotSchema,
  orderRecordDetailSchema,
  orderRecordSchema,
  organizationSchema,
  page as pageOf,
  vehicleSchema,
} from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, wire } from '../../test/wire.ts';
import { DispatchRecordDetailPage } from './DispatchRecordDetailPage.tsx';
import { EditDispatchRecordPage, NewDispatchRecordPage } from './NewDispatchRecordPage.tsx';
import {
  CUSTOMER,
  customerRecord,
  DISPATCH_ID,
  DRIVER,
  draftDispatch,
  FACILITY,
  FLAKE,
  HAULER,
  LOT,
  ORDER,
  ORDER_LINE_ID,
  postedDispatch,
  VEHICLE,
} from './testData.ts';

const STAMP = '2026-01-01T00:00:00Z';
const record = { archived_at: null, version: 1, created_at: STAMP, updated_at: STAMP };
const ONE = `/api/dispatch-records/${DISPATCH_ID}`;
const CEBU = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7040', code: 'CEB1', name: 'Cebu yard' };

const lot = wire(lotSchema, {
  ...LOT,
  status: 'available',
  material: FLAKE,
  facility: { ...FACILITY, city: 'Manila' },
  qty_kg: '850.000',
  reserved_kg: '0.000',
  value_php: '25500.00',
  origin_type: 'production_output',
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
  weighing_tolerance_pct: '0.20',
  electricity_tariff_php: null,
  version: 1,
});
const person = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'Maria Santos' };
const order = {
  ...ORDER,
  kind: 'sales',
  status: 'confirmed',
  customer: CUSTOMER,
  supplier: null,
  facility: null,
  ordered_on: '2026-11-01',
  due_on: null,
  delivery_terms: null,
  customer_reference: null,
  tolerance_pct: '5.00',
  currency: 'PHP',
  notes: null,
  total_kg: '2000.000',
  amount: '85000.00',
  shipped_kg: '0.000',
  fulfilled_pct: '0.00',
  created_by: person,
  created_at: STAMP,
  confirmed_by: person,
  confirmed_at: STAMP,
  closed_by: null,
  closed_at: null,
  cancelled_by: null,
  cancelled_at: null,
  cancel_reason: null,
  version: 2,
};
const orderDetail = wire(orderRecordDetailSchema, {
  ...order,
  lines: [
    {
      id: ORDER_LINE_ID,
      line_no: 1,
      material: FLAKE,
      grade: 'A',
      kg: '2000.000',
      unit_price: '42.50',
      amount: '85000.00',
      fulfilment: { shipped_kg: '0.000', remaining_kg: '2000.000', fulfilled_pct: '0.00' },
    },
  ],
  dispatches: [],
  receipts: [],
});

function renderForm(handlers = {}, path = '/dispatch-records/new') {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/organization': json(organization),
    'GET /api/customers': json(wire(pageOf(customerSchema), { items: [customerRecord], next_cursor: null })),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), {
        items: [facilityRecord(FACILITY), facilityRecord(CEBU)],
        next_cursor: null,
      }),
    ),
    'GET /api/vehicles': json(
      wire(pageOf(vehicleSchema), {
        items: [{ ...VEHICLE, type: 'wing_van', hauler: HAULER, ...record }],
        next_cursor: null,
      }),
    ),
    'GET /api/drivers': json(
      wire(pageOf(driverSchema), {
        items: [
          {
            ...DRIVER,
            phone: null,
            licence_number: 'N01-12-345678',
            licence_expires_on: '2028-01-01',
            licence_status: 'valid',
            ...record,
          },
        ],
        next_cursor: null,
      }),
    ),
    'GET /api/haulers': json(
      wire(pageOf(haulerSchema), {
        items: [
          {
            ...HAULER,
            contact_name: null,
            phone: null,
            accreditation_number: null,
            accreditation_valid_until: null,
            accreditation_status: 'none',
            ...record,
          },
        ],
        next_cursor: null,
      }),
    ),
    // Open orders, as the server filters them (open=true).
    'GET /api/orders': (request) =>
      json(
        wire(pageOf(orderRecordSchema), {
          items: new URL(request.url, 'http://x').searchParams.get('open') === 'true' ? [order] : [],
          next_cursor: null,
        }),
      )(request),
    [`GET /api/orders/${ORDER.id}`]: json(orderDetail),
    'GET /api/lots': json(wire(pageOf(lotSchema), { items: [lot], next_cursor: null })),
    'POST /api/dispatch-records': json(wire(dispatchRecordSchema, draftDispatch()), 201),
    [`GET ${ONE}`]: json(wire(dispatchRecordSchema, draftDispatch())),
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/dispatch-records/new', NewDispatchRecordPage),
      ...page('/dispatch-records/:id', DispatchRecordDetailPage),
      ...page('/dispatch-records/:id/edit', EditDispatchRecordPage),
    ],
    path,
  );
  // No pause between keys: each one re-renders the whole form, slow enough in jsdom.
  return { server, user: userEvent.setup({ delay: null }) };
}

const group = (name: string) => within(screen.getByRole('group', { name }));
const loadFigures = () => screen.getByTestId('load-figures');

/** Customer, facility, and one lot picked by its code (its balance offered as the kg). */
async function fillTheLoad(server: ReturnType<typeof fakeApi>, user: ReturnType<typeof userEvent.setup>) {
  const form = within(await screen.findByRole('form', { name: 'New dispatch' }));
  await user.click(form.getByRole('combobox', { name: /^Customer/ }));
  await user.click(await screen.findByRole('option', { name: 'Pellet Buyer Inc. (PBI)' }));
  await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
  await user.selectOptions(form.getByRole('combobox', { name: /^Leaves from/ }), 'Manila plant (MNL1)');
  await user.click(group('Lot 1').getByRole('combobox', { name: /^Lot/ }));
  await user.keyboard('0001');
  // The search's own answer, not the list offered before it was typed (which the search replaces).
  await waitFor(() =>
    expect(server.calls('GET', '/api/lots').some((c) => c.url.includes('q=0001'))).toBe(true),
  );
  await user.click(await screen.findByRole('option', { name: /MNL1-261121-0001 · PET flake · 850 kg/ }));
  return form;
}

describe('New dispatch form', () => {
  it('picks the customer, the facility and a lot, shows the load and saves a draft with a key', async () => {
    const { server, user } = renderForm();
    const form = await fillTheLoad(server, user);
    // The time is read in the organization's zone (one change: typing a datetime-local is slow in jsdom).
    fireEvent.change(form.getByLabelText(/^Dispatched at/), { target: { value: '2026-11-22T08:30' } });
    // The whole lot is the usual load.
    expect(group('Lot 1').getByRole('textbox', { name: /^Kg loaded/ })).toHaveValue('850.000');
    expect(group('Lot 1').getByRole('textbox', { name: /^Kg loaded/ })).toHaveAccessibleDescription(
      'Available 850 kg',
    );
    await user.type(group('Lot 1').getByRole('textbox', { name: /^Price per kg/ }), '40');
    expect(loadFigures()).toHaveTextContent('850 kg loaded · ₱34,000.00');
    expect(loadFigures()).not.toHaveTextContent('weighbridge');
    await screen.findByRole('option', { name: 'NBC 1234 · Isuzu wing van' });
    await user.selectOptions(form.getByRole('combobox', { name: 'Vehicle' }), 'NBC 1234 · Isuzu wing van');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft DS-2026-000012 saved.')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/dispatch-records');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      customer_id: CUSTOMER.id,
      facility_id: FACILITY.id,
      dispatched_at: '2026-11-22T08:30:00+08:00',
      vehicle_id: VEHICLE.id,
      hauler_id: HAULER.id,
      seal_numbers: [],
      lines: [{ lot_id: LOT.id, kg: '850.000', unit_price: '40' }],
    });
    // Only available lots of the facility are offered.
    const search = new URL(server.calls('GET', '/api/lots').at(-1)?.url ?? '', 'http://x').searchParams;
    expect([search.get('facility_id'), search.get('status'), search.get('q')]).toEqual([
      FACILITY.id,
      'available',
      '0001',
    ]);
  });

  it('offers only the kg of a lot the marketplace does not hold', async () => {
    const held = { ...lot, reserved_kg: '200.000' };
    const { user } = renderForm({
      'GET /api/lots': json(wire(pageOf(lotSchema), { items: [held], next_cursor: null })),
    });
    const form = within(await screen.findByRole('form', { name: 'New dispatch' }));
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Leaves from/ }), 'Manila plant (MNL1)');
    await user.click(group('Lot 1').getByRole('combobox', { name: /^Lot/ }));
    await user.click(await screen.findByRole('option', { name: /MNL1-261121-0001 · PET flake · 650 kg/ }));
    const kg = group('Lot 1').getByRole('textbox', { name: /^Kg loaded/ });
    expect(kg).toHaveValue('650.000');
    expect(kg).toHaveAccessibleDescription('Available 650 kg (200 kg reserved on the marketplace)');
  });

  it('gives the truck its hauler and says what it carries', async () => {
    const { user } = renderForm();
    const form = within(await screen.findByRole('form', { name: 'New dispatch' }));
    await screen.findByRole('option', { name: 'NBC 1234 · Isuzu wing van' });
    await user.selectOptions(form.getByRole('combobox', { name: 'Vehicle' }), 'NBC 1234 · Isuzu wing van');
    expect(form.getByRole('combobox', { name: 'Hauler' })).toHaveValue(HAULER.id);
    expect(form.getByRole('combobox', { name: 'Vehicle' })).toHaveAccessibleDescription(
      'Carries up to 8,000 kg',
    );
  });

  it('weighs the lots against the weighbridge, within the organization’s tolerance or not', async () => {
    const { server, user } = renderForm();
    const form = await fillTheLoad(server, user);
    await user.type(form.getByRole('textbox', { name: /^Gross/ }), '900');
    await user.type(form.getByRole('textbox', { name: /^Tare/ }), '50');
    expect(loadFigures()).toHaveTextContent(
      '850 kg loaded · ₱0.00 · weighbridge 850 kg net, difference 0 kg — within the weighing tolerance of 0.20 %.',
    );
    await user.clear(form.getByRole('textbox', { name: /^Gross/ }));
    await user.type(form.getByRole('textbox', { name: /^Gross/ }), '850');
    expect(loadFigures()).toHaveTextContent(
      'weighbridge 800 kg net, difference 50 kg — posting needs the lots to match the net within 0.20 %.',
    );
  });

  it('asks before saving and posting, then posts and opens the dispatch', async () => {
    const { server, user } = renderForm({
      [`POST ${ONE}/post`]: json(wire(dispatchRecordSchema, postedDispatch())),
      [`GET ${ONE}`]: json(wire(dispatchRecordSchema, postedDispatch())),
    });
    await fillTheLoad(server, user);
    await user.type(group('Lot 1').getByRole('textbox', { name: /^Price per kg/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Save and post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post this dispatch?' }));
    expect(
      dialog.getByText(/Posting takes 850 kg out of 1 lot\(s\), .* records ₱34,000\.00 owed by the customer/),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/dispatch-records')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('DS-2026-000012 posted: delivery receipt DR-2026-000004.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dispatch DS-2026-000012' })).toBeInTheDocument();
    const [post] = server.calls('POST', `${ONE}/post`);
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers['idempotency-key']).not.toBe(
      server.calls('POST', '/api/dispatch-records')[0]?.headers['idempotency-key'],
    );
  });

  it('checks the dispatch with the API’s own rules before sending anything', async () => {
    const { server, user } = renderForm();
    const form = within(await screen.findByRole('form', { name: 'New dispatch' }));
    await user.type(form.getByRole('textbox', { name: /^Gross/ }), '12850');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: /^Tare/ })).toHaveAccessibleDescription(
        /Enter both weighbridge weights, or neither/,
      ),
    );
    expect(form.getByRole('combobox', { name: /^Customer/ })).toHaveAccessibleDescription(
      'Choose a customer',
    );
    expect(form.getByRole('combobox', { name: /^Leaves from/ })).toHaveAccessibleDescription(
      'Choose the facility it leaves from',
    );
    expect(group('Lot 1').getByRole('combobox', { name: /^Lot/ })).toHaveAccessibleDescription(
      'Choose a lot',
    );
    // Save and post asks nothing while the form is refused.
    await user.click(screen.getByRole('button', { name: 'Save and post' }));
    expect(screen.queryByRole('dialog', { name: 'Post this dispatch?' })).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/dispatch-records')).toHaveLength(0);
  });

  it('puts the server’s refusal of a field under that field', async () => {
    const { server, user } = renderForm({
      'POST /api/dispatch-records': fieldError({
        'body.lines.0.kg': 'Only 600 kg of MNL1-261121-0001 is left',
      }),
    });
    await fillTheLoad(server, user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const kg = group('Lot 1').getByRole('textbox', { name: /^Kg loaded/ });
    await waitFor(() => expect(kg).toHaveAccessibleDescription(/Only 600 kg of MNL1-261121-0001 is left/));
    expect(screen.getByText('Some fields are invalid')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New dispatch' })).toBeInTheDocument();
  });

  it('takes the price of the sales order’s line when the price is left empty', async () => {
    const { server, user } = renderForm();
    const form = await fillTheLoad(server, user);
    const price = group('Lot 1').getByRole('textbox', { name: /^Price per kg/ });
    expect(price).not.toHaveAttribute('placeholder');
    await screen.findByRole('option', { name: /^SO-2026-000003/ });
    const sent = new URL(server.calls('GET', '/api/orders')[0]?.url ?? '', 'http://x').searchParams;
    expect([sent.get('kind'), sent.get('customer_id'), sent.get('open')]).toEqual([
      'sales',
      CUSTOMER.id,
      'true',
    ]);
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Sales order' }),
      'SO-2026-000003 · 2,000 kg · 0.00 % shipped',
    );
    await waitFor(() => expect(price).toHaveAttribute('placeholder', '42.50'));
    expect(price).toHaveAccessibleDescription('Order price ₱42.50');
    expect(loadFigures()).toHaveTextContent('850 kg loaded · ₱36,125.00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft DS-2026-000012 saved.');
    expect(server.calls('POST', '/api/dispatch-records')[0]?.body).toMatchObject({
      order_id: ORDER.id,
      lines: [{ lot_id: LOT.id, kg: '850.000' }],
    });
  });
  it('drops the lots picked at a facility when the truck leaves from another', async () => {
    const { server, user } = renderForm();
    const form = await fillTheLoad(server, user);
    await user.selectOptions(form.getByRole('combobox', { name: /^Leaves from/ }), 'Cebu yard (CEB1)');
    expect(group('Lot 1').getByRole('combobox', { name: /^Lot/ })).toHaveValue('');
    expect(group('Lot 1').getByRole('textbox', { name: /^Kg loaded/ })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(group('Lot 1').getByRole('combobox', { name: /^Lot/ })).toHaveAccessibleDescription(
        'Choose a lot',
      ),
    );
    expect(server.calls('POST', '/api/dispatch-records')).toHaveLength(0);
  });

  it('edits a draft: the record as the form, sent back with its version', async () => {
    const { server, user } = renderForm(
      { [`PUT ${ONE}`]: json(wire(dispatchRecordSchema, draftDispatch({ version: 2 }))) },
      `/dispatch-records/${DISPATCH_ID}/edit`,
    );
    await screen.findByRole('form', { name: 'Edit DS-2026-000012' });
    expect(loadFigures()).toHaveTextContent('850 kg loaded · ₱34,000.00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft DS-2026-000012 saved.')).toBeInTheDocument();
    const [call] = server.calls('PUT', ONE);
    expect(call?.body).toEqual({
      customer_id: CUSTOMER.id,
      facility_id: FACILITY.id,
      dispatched_at: '2026-11-22T08:30:00+08:00',
      vehicle_id: VEHICLE.id,
      driver_id: DRIVER.id,
      gross_kg: '12850.000',
      tare_kg: '12000.000',
      weighbridge_ticket: 'WB-5521',
      seal_numbers: ['S-100'],
      destination: 'Valenzuela plant',
      lines: [{ lot_id: LOT.id, kg: '850.000', unit_price: '40.00' }],
      version: 1,
    });
  });
});
