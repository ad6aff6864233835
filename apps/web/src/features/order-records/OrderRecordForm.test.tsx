import {
  facilitySchema,
  materialSchema,
  page as pageOf,
  priceSchema,
  supplierLookupSchema,
} from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { EditOrderRecordPage, NewOrderRecordPage } from './NewOrderRecordPage.tsx';
import { OrderRecordDetailPage } from './OrderRecordDetailPage.tsx';
import {
  CUSTOMER,
  customerRecord,
  detailAnswer,
  draftOrder,
  FACILITY,
  FLAKE,
  ORDER_ID,
  PELLETS,
  SUPPLIER,
} from './testData.ts';

const ONE = `/api/orders/${ORDER_ID}`;
const CURRENT = '/api/prices/current';

/** The price list holds flake at grade A (either kind, as asked) in NCR, and nothing else. */
const flakeListPrice = (r: RecordedRequest) => {
  const q = new URL(r.url, 'http://x').searchParams;
  return q.get('material_id') === FLAKE.id && q.get('grade') === 'A'
    ? Response.json(
        wire(priceSchema, {
          id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7040',
          kind: q.get('kind'),
          material: FLAKE,
          grade: 'A',
          region: 'NCR',
          price_per_kg: '16.50',
          currency: 'PHP',
          effective_from: '2026-01-05',
          created_at: '2026-01-05T00:00:00Z',
        }),
      )
    : apiError(404, 'not_found', 'No price')(r);
};
const queryOf = (r: RecordedRequest | undefined) => new URL(r?.url ?? '', 'http://x').searchParams;

function renderForm(path = '/order-records/new', handlers = {}) {
  const server = fakeApi({
    ...signInAs('manager'),
    'GET /api/customers': json({ items: [customerRecord], next_cursor: null }),
    'GET /api/suppliers/lookup': json(
      wire(itemsOf(supplierLookupSchema), { items: [{ ...SUPPLIER, type: 'junkshop' }] }),
    ),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), {
        items: [materialRecord(FLAKE), materialRecord({ ...PELLETS, grade: 'B' })],
        next_cursor: null,
      }),
    ),
    [`GET ${CURRENT}`]: flakeListPrice,
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/order-records/new', NewOrderRecordPage),
      ...page('/order-records/:id/edit', EditOrderRecordPage),
      ...page('/order-records/:id', OrderRecordDetailPage),
    ],
    path,
  );
  return { server, user: userEvent.setup() };
}

const line = (n: number) => within(screen.getByRole('group', { name: `Line ${n}` }));
/** Enters a whole value at once: these tests are about what the form makes of it, not the keystrokes. */
const change = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Order form', () => {
  it('shows each line’s amount and the totals as they are entered, rounded as the server stores them', async () => {
    const { user } = renderForm();
    await screen.findByRole('option', { name: 'PET flake (PET_FLAKE)' });
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    change(line(1).getByRole('textbox', { name: /^Kg/ }), '0.005');
    change(line(1).getByRole('textbox', { name: /^Price/ }), '1');
    // 0.005 kg × ₱1.00 is half a centavo: it rounds away from zero.
    expect(screen.getByTestId('line-1-amount')).toHaveTextContent('0.005 kg at ₱1.00/kg = ₱0.01');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(
      line(2).getByRole('combobox', { name: /^Material/ }),
      'rPET pellets (RPET_PELLET)',
    );
    // Left blank, the grade is the material's.
    expect(line(2).getByRole('textbox', { name: 'Grade' })).toHaveAttribute('placeholder', 'B');
    change(line(2).getByRole('textbox', { name: /^Kg/ }), '500');
    expect(screen.getByTestId('order-totals')).toHaveTextContent(
      '500.005 kg · ₱0.01 so far: a line still lacks its kg or price.',
    );
    change(line(2).getByRole('textbox', { name: /^Price/ }), '25');
    expect(screen.getByTestId('order-totals')).toHaveTextContent('500.005 kg · ₱12,500.01');
  });

  it('creates a confirmed sales order with the idempotency key and the wire’s body', async () => {
    const created = draftOrder({ status: 'confirmed', version: 1 });
    const { server, user } = renderForm('/order-records/new', {
      'POST /api/orders': detailAnswer(created),
      [`GET ${ONE}`]: detailAnswer(created),
    });
    const form = within(await screen.findByRole('form', { name: 'New order' }));
    await user.click(form.getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Luzon Bottling Corp. (CUS-001)' }));
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    change(form.getByLabelText(/^Ordered on/), '2026-11-02');
    change(form.getByRole('textbox', { name: 'Customer’s PO number' }), 'LBC-PO-7781');
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    change(line(1).getByRole('textbox', { name: /^Kg/ }), '1000');
    change(line(1).getByRole('textbox', { name: /^Price/ }), '20');

    await user.click(form.getByRole('button', { name: 'Save and confirm' }));
    expect(await screen.findByText('SO-2026-000012 created and confirmed.')).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/orders');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      kind: 'sales',
      customer_id: CUSTOMER.id,
      supplier_id: null,
      facility_id: FACILITY.id,
      ordered_on: '2026-11-02',
      due_on: null,
      delivery_terms: null,
      customer_reference: 'LBC-PO-7781',
      tolerance_pct: '0',
      notes: null,
      confirm: true,
      lines: [{ material_id: FLAKE.id, kg: '1000', unit_price: '20' }],
    });
    expect(await screen.findByRole('heading', { name: 'Sales order SO-2026-000012' })).toBeInTheDocument();
  });

  it('prices a line left blank from the selling price list of the facility’s region on the order day', async () => {
    const created = draftOrder();
    const { server, user } = renderForm('/order-records/new', {
      'POST /api/orders': detailAnswer(created),
      [`GET ${ONE}`]: detailAnswer(created),
    });
    const form = within(await screen.findByRole('form', { name: 'New order' }));
    await user.click(form.getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Luzon Bottling Corp. (CUS-001)' }));
    change(form.getByLabelText(/^Ordered on/), '2026-11-02');
    await screen.findByRole('option', { name: 'PET flake (PET_FLAKE)' });
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    change(line(1).getByRole('textbox', { name: /^Kg/ }), '1000');
    const price1 = line(1).getByRole('textbox', { name: /^Price/ });
    // No facility yet: nowhere to read the price list for.
    expect(price1).toHaveAccessibleDescription(
      'Enter a price, or choose a facility with a region for the selling price list',
    );
    expect(server.calls('GET', CURRENT)).toHaveLength(0);

    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    await waitFor(() =>
      expect(price1).toHaveAccessibleDescription(
        'Price list: ₱16.50/kg from 2026-01-05 (used when left blank)',
      ),
    );
    expect(price1).toHaveAttribute('placeholder', '16.50');
    expect(screen.getByTestId('line-1-amount')).toHaveTextContent(
      '1,000 kg at ₱16.50/kg (price list) = ₱16,500.00',
    );
    expect(Object.fromEntries(queryOf(server.calls('GET', CURRENT)[0]))).toEqual({
      kind: 'selling',
      material_id: FLAKE.id,
      grade: 'A',
      region: 'NCR',
      date: '2026-11-02',
    });

    // Pellets (grade B) have no selling price there: the line says so, and the total waits for it.
    await user.click(form.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(
      line(2).getByRole('combobox', { name: /^Material/ }),
      'rPET pellets (RPET_PELLET)',
    );
    change(line(2).getByRole('textbox', { name: /^Kg/ }), '500');
    const price2 = line(2).getByRole('textbox', { name: /^Price/ });
    await waitFor(() =>
      expect(price2).toHaveAccessibleDescription(
        'No selling price in the price list for this region: enter one',
      ),
    );
    expect(queryOf(server.calls('GET', CURRENT).at(-1)).get('grade')).toBe('B');
    expect(screen.getByTestId('order-totals')).toHaveTextContent(
      '1,500 kg · ₱16,500.00 so far: a line still lacks its kg or price.',
    );
    change(price2, '25');
    expect(price2).not.toHaveAccessibleDescription(/No selling price/);
    expect(screen.getByTestId('order-totals')).toHaveTextContent('1,500 kg · ₱29,000.00');
    // One request per material and grade, however often the form draws.
    expect(server.calls('GET', CURRENT).filter((r) => r.url.includes(FLAKE.id))).toHaveLength(1);

    await user.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('SO-2026-000012 saved as a draft.')).toBeInTheDocument();
    // The blank price is left out: the server prices it from the list.
    expect(server.calls('POST', '/api/orders')[0]?.body).toHaveProperty('lines', [
      { material_id: FLAKE.id, kg: '1000' },
      { material_id: PELLETS.id, kg: '500', unit_price: '25' },
    ]);
  });

  it('puts the server’s refusal of a blank price under that line’s price', async () => {
    const { user } = renderForm('/order-records/new', {
      'POST /api/orders': fieldError(
        {
          'body.lines.0.unit_price': 'No selling price for PET_FLAKE grade A in NCR on 2026-11-02: enter one',
        },
        'A line has no price',
        422,
      ),
    });
    const form = within(await screen.findByRole('form', { name: 'New order' }));
    await user.click(form.getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Luzon Bottling Corp. (CUS-001)' }));
    await screen.findByRole('option', { name: 'PET flake (PET_FLAKE)' });
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    change(line(1).getByRole('textbox', { name: /^Kg/ }), '1000');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    const price = line(1).getByRole('textbox', { name: /^Price/ });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(/No selling price for PET_FLAKE grade A in NCR/);
  });

  it('says in the server’s words what is missing or contradictory, and sends nothing', async () => {
    const { server, user } = renderForm();
    const form = within(await screen.findByRole('form', { name: 'New order' }));
    change(form.getByLabelText(/^Ordered on/), '2026-11-02');
    change(form.getByLabelText(/^Due on/), '2026-11-01');
    await screen.findByRole('option', { name: 'PET flake (PET_FLAKE)' });
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    await user.click(form.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(line(2).getByRole('combobox', { name: /^Material/ }), 'PET flake (PET_FLAKE)');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await form.findByText('Choose a customer')).toBeInTheDocument();
    expect(form.getByText('The due date cannot be before the order date')).toBeInTheDocument();
    expect(
      line(2).getByText('This material and grade are already on line 1: enter them once with the total kg'),
    ).toBeInTheDocument();
    expect(line(1).getByRole('textbox', { name: /^Kg/ })).toHaveAccessibleDescription(
      'Kg must be a non-negative number',
    );
    expect(server.calls('POST', '/api/orders')).toHaveLength(0);
  });

  it('orders from a supplier: the kind switches the party picker', async () => {
    const { server, user } = renderForm();
    const form = within(await screen.findByRole('form', { name: 'New order' }));
    await user.click(form.getByRole('radio', { name: 'Purchase order' }));
    await user.click(form.getByRole('combobox', { name: /^Supplier/ }));
    await user.keyboard('Juan');
    await user.click(await screen.findByRole('option', { name: 'Juan Junkshop (SUP-001)' }));
    await waitFor(() => expect(server.calls('GET', '/api/suppliers/lookup').length).toBeGreaterThan(0));
    expect(form.queryByRole('combobox', { name: /^Customer/ })).not.toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Supplier’s reference' })).toBeInTheDocument();

    // A purchase is priced from the buying price list.
    await screen.findByRole('option', { name: 'Manila plant (MNL1)' });
    await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila plant (MNL1)');
    await user.selectOptions(
      line(1).getByRole('combobox', { name: /^Material/ }),
      'rPET pellets (RPET_PELLET)',
    );
    await waitFor(() =>
      expect(line(1).getByRole('textbox', { name: /^Price/ })).toHaveAccessibleDescription(
        'No buying price in the price list for this region: enter one',
      ),
    );
    expect(queryOf(server.calls('GET', CURRENT)[0]).get('kind')).toBe('buying');
  });

  it('edits a draft with its version, and puts the server’s refusal under its field', async () => {
    const { server, user } = renderForm(`/order-records/${ORDER_ID}/edit`, {
      [`GET ${ONE}`]: detailAnswer(draftOrder({ version: 4 })),
      [`PATCH ${ONE}`]: fieldError(
        { 'body.customer_id': 'Luzon Bottling Corp. is archived: restore it to order with it' },
        'Luzon Bottling Corp. is archived: restore it to order with it',
        422,
      ),
    });
    const form = within(await screen.findByRole('form', { name: 'Edit SO-2026-000012' }));
    expect(form.getByRole('radio', { name: 'Sales order' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Customer/ })).toHaveValue('Luzon Bottling Corp. (CUS-001)');
    await user.clear(form.getByRole('textbox', { name: 'Delivery terms' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: /^Customer/ })).toHaveAccessibleDescription(
        'Luzon Bottling Corp. is archived: restore it to order with it',
      ),
    );
    const body = server.calls('PATCH', ONE)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 4, delivery_terms: null, tolerance_pct: '5.00' });
    expect(body).not.toHaveProperty('kind');
    expect(body).not.toHaveProperty('confirm');
    expect(body.lines).toEqual([
      { material_id: FLAKE.id, grade: 'A', kg: '1000.000', unit_price: '20.00' },
      { material_id: PELLETS.id, grade: 'A', kg: '500.000', unit_price: '25.00' },
    ]);
  });
});
