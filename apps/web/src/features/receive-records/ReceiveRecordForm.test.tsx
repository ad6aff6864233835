import {
  facilitySchema,
  materialSchema,
  PHOTO_MAX_BYTES,
  page as pageOf,
  priceSchema,
  RECEIVE_LINE_RULES,
  receiveRecordSchema,
  supplierLookupSchema,
} from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, fakeApi, type Handler, json, type RecordedRequest } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { detailAnswer, listAnswer, purchaseOrder } from '../order-records/testData.ts';
import { EditReceiveRecordPage, NewReceiveRecordPage } from './NewReceiveRecordPage.tsx';
import { ReceiveRecordDetailPage } from './ReceiveRecordDetailPage.tsx';
import {
  FACILITY,
  HDPE,
  jpegFile,
  PET,
  PHOTO_ID,
  photoResponse,
  postedRecord,
  RECORD_ID,
  SUPPLIER,
  stubObjectUrls,
  wirePhoto,
  wireRecord,
} from './testData.ts';

const listPrice = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5f01',
  kind: 'buying',
  material: { id: PET.id, code: PET.code, name: PET.name },
  grade: 'A',
  region: 'NCR',
  price_per_kg: '18.75',
  currency: 'PHP',
  effective_from: '2026-01-01',
  created_at: '2026-01-01T00:00:00Z',
};

/** "Save and post", then "Post" in the confirmation that shows what posting owes. */
async function saveAndPost(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save and post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Post this delivery?' }));
  await user.click(dialog.getByRole('button', { name: 'Post' }));
}

/** A receive record as the API sends it. */
const record = (value: unknown, status?: number) => json(wire(receiveRecordSchema, value), status);

function renderForm(handlers = {}, path = '/receive-records/new') {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/suppliers/lookup': json(wire(itemsOf(supplierLookupSchema), { items: [SUPPLIER] })),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), {
        items: [materialRecord(PET), materialRecord(HDPE)],
        next_cursor: null,
      }),
    ),
    'GET /api/receive-records': emptyPage,
    // The supplier has no purchase order open.
    'GET /api/orders': emptyPage,
    // The price list has PET in NCR (the facility's region), not HDPE.
    'GET /api/prices/current': (r: RecordedRequest) =>
      r.url.includes(PET.id)
        ? Response.json(wire(priceSchema, listPrice))
        : apiError(404, 'not_found', 'No price')(r),
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/receive-records/new', NewReceiveRecordPage),
      ...page('/receive-records/:id/edit', EditReceiveRecordPage),
      ...page('/receive-records/:id', ReceiveRecordDetailPage),
    ],
    path,
  );
  return { server, user: userEvent.setup() };
}

async function fillHeader(user: ReturnType<typeof userEvent.setup>) {
  const form = within(await screen.findByRole('form', { name: 'New delivery' }));
  await user.click(form.getByRole('combobox', { name: /^Supplier/ }));
  await user.keyboard('Juan');
  await user.click(await screen.findByRole('option', { name: 'Juan Junkshop (SUP-001)' }));
  await screen.findByRole('option', { name: 'Manila MRF (MNL1)' });
  await user.selectOptions(form.getByRole('combobox', { name: /^Facility/ }), 'Manila MRF (MNL1)');
  await user.type(form.getByRole('textbox', { name: 'Weighbridge ticket' }), 'WB-778');
  await user.type(form.getByRole('textbox', { name: 'Vehicle plate' }), 'abc1234');
  return form;
}

const line = (n: number) => within(screen.getByRole('group', { name: `Line ${n}` }));

describe('New delivery form', () => {
  // Much typing: on a busy CI machine it takes well over the default 20 s.
  it('previews each line and the total, then sends the body with an Idempotency-Key', {
    timeout: 90_000,
  }, async () => {
    const { server, user } = renderForm({
      'POST /api/receive-records': record(wireRecord(), 201),
      [`GET /api/receive-records/${RECORD_ID}`]: record(wireRecord()),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);

    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '1250.5');
    await user.type(line(1).getByRole('textbox', { name: 'Tare kg' }), '50.25');
    await user.type(line(1).getByRole('textbox', { name: 'Deduction %' }), '2.5');
    await user.type(line(1).getByRole('textbox', { name: 'Unit price (PHP/kg)' }), '18.75');
    expect(screen.getByTestId('line-1-figures')).toHaveTextContent(
      'Net 1,200.25 kg · Payable 1,170.244 kg · ₱21,942.08',
    );

    // Enter in the last field adds a line and moves to it.
    await user.keyboard('{Enter}');
    const material2 = line(2).getByRole('combobox', { name: /^Material/ });
    await waitFor(() => expect(material2).toHaveFocus());
    await user.selectOptions(material2, 'HDPE rigid (PET-BTL)'.replace('PET-BTL', 'HDPE-RIG'));
    await user.type(line(2).getByRole('textbox', { name: /^Gross kg/ }), '100');
    expect(screen.getByTestId('line-2-figures')).toHaveTextContent('Amount from the price list');
    expect(screen.getByTestId('totals')).toHaveTextContent(
      'Total net 1,300.25 kg · ₱21,942.08 + lines priced from the price list',
    );

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', '/api/receive-records')).toHaveLength(1));
    const request = server.calls('POST', '/api/receive-records')[0];
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      supplier_id: SUPPLIER.id,
      facility_id: FACILITY.id,
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+08:00$/),
      weighbridge_ticket: 'WB-778',
      vehicle_plate: 'ABC1234',
      lines: [
        {
          material_id: PET.id,
          gross_kg: '1250.5',
          tare_kg: '50.25',
          deduction_pct: '2.5',
          unit_price: '18.75',
        },
        { material_id: HDPE.id, gross_kg: '100' },
      ],
    });
    // Other calls never carry the key.
    expect(server.calls('GET', '/api/materials')[0]?.headers['idempotency-key']).toBeUndefined();
    expect(await screen.findByText('Draft RR-0042 saved.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Receive record RR-0042' })).toBeInTheDocument();
  });

  it('prices lines from the price list as posting will, and shows what posting owes before it posts', async () => {
    const { server, user } = renderForm({
      'POST /api/receive-records': record(wireRecord(), 201),
      [`POST /api/receive-records/${RECORD_ID}/post`]: record(postedRecord()),
      [`GET /api/receive-records/${RECORD_ID}`]: record(postedRecord()),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '1000');
    const price = line(1).getByRole('textbox', { name: 'Unit price (PHP/kg)' });
    await waitFor(() => expect(price).toHaveAttribute('placeholder', 'Price list: 18.75'));
    expect(screen.getByTestId('line-1-figures')).toHaveTextContent(
      "Net 1,000 kg · Payable 1,000 kg · ₱18,750.00 at the price list's ₱18.75/kg",
    );
    // HDPE has no row in NCR: the line says so, and the total cannot be known yet.
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(line(2).getByRole('combobox', { name: /^Material/ }), 'HDPE rigid (HDPE-RIG)');
    await user.type(line(2).getByRole('textbox', { name: /^Gross kg/ }), '10');
    await waitFor(() =>
      expect(line(2).getByRole('textbox', { name: 'Unit price (PHP/kg)' })).toHaveAccessibleDescription(
        /No price list row for this material/,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save and post' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Post this delivery?' }));
    expect(dialog.getByRole('row', { name: /Owed to the supplier/ })).toHaveTextContent('—');
    expect(dialog.getByText(/A line has no price yet/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST', '/api/receive-records')).toHaveLength(0);

    await user.type(line(2).getByRole('textbox', { name: 'Unit price (PHP/kg)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save and post' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Post this delivery?' }));
    expect(dialog.getByRole('row', { name: /Owed to the supplier/ })).toHaveTextContent('₱18,800.00');
    expect(dialog.getByRole('row', { name: /Supplier/ })).toHaveTextContent('Juan Junkshop');
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/receive-records/${RECORD_ID}/post`)).toHaveLength(1),
    );
  });

  it('puts a 422 on a line under that line’s field', async () => {
    const { server, user } = renderForm({
      'POST /api/receive-records': fieldError(
        { 'body.lines.1.unit_price': 'No price list entry for HDPE rigid; enter a unit price' },
        'No price for a line',
        422,
      ),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(line(2).getByRole('combobox', { name: /^Material/ }), 'HDPE rigid (HDPE-RIG)');
    await user.type(line(2).getByRole('textbox', { name: /^Gross kg/ }), '20');
    await saveAndPost(user);

    const price2 = line(2).getByRole('textbox', { name: 'Unit price (PHP/kg)' });
    await waitFor(() => expect(price2).toHaveAccessibleDescription(/No price list entry for HDPE rigid/));
    expect(line(1).getByRole('textbox', { name: 'Unit price (PHP/kg)' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server.calls('POST', `/api/receive-records/${RECORD_ID}/post`)).toHaveLength(0);

    // The retry of the same submission reuses its key; the server kept no trace of the failure.
    const firstKey = server.calls('POST', '/api/receive-records')[0]?.headers['idempotency-key'];
    server.on('POST /api/receive-records', record(wireRecord(), 201));
    server.on(`POST /api/receive-records/${RECORD_ID}/post`, record(postedRecord()));
    server.on(`GET /api/receive-records/${RECORD_ID}`, record(postedRecord()));
    await user.type(price2, '12');
    await saveAndPost(user);
    await waitFor(() =>
      expect(server.calls('POST', `/api/receive-records/${RECORD_ID}/post`)).toHaveLength(1),
    );
    expect(server.calls('POST', '/api/receive-records')[1]?.headers['idempotency-key']).toBe(firstKey);
    expect(
      server.calls('POST', `/api/receive-records/${RECORD_ID}/post`)[0]?.headers['idempotency-key'],
    ).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('RR-0042 posted: 1 lot(s) created.')).toBeInTheDocument();
  });

  it('checks the body with the API’s own schema, in its words, before calling the server', async () => {
    const { server, user } = renderForm();
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    const gross = line(1).getByRole('textbox', { name: /^Gross kg/ });
    await user.type(gross, '1,250');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // packages/shared receiveRecordInputSchema's messages, under their fields.
    expect(await screen.findByText('Choose a supplier')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Facility/ })).toHaveAccessibleDescription(
      'Choose a facility',
    );
    expect(line(1).getByRole('combobox', { name: /^Material/ })).toHaveAccessibleDescription(
      'Choose a material',
    );
    expect(gross).toHaveAccessibleDescription('Gross weight: write 1250, without commas');

    // A message goes as its field is edited; the others stay.
    await user.clear(gross);
    await user.type(gross, '1250');
    expect(gross).not.toHaveAttribute('aria-invalid', 'true');
    expect(line(1).getByRole('combobox', { name: /^Material/ })).toHaveAttribute('aria-invalid', 'true');

    // The rule between figures the database enforces, before "Save and post" asks anything.
    const tare = line(1).getByRole('textbox', { name: 'Tare kg' });
    await user.type(tare, '1250');
    await user.click(screen.getByRole('button', { name: 'Save and post' }));
    await waitFor(() => expect(tare).toHaveAccessibleDescription(RECEIVE_LINE_RULES.tare));
    expect(screen.queryByRole('dialog', { name: 'Post this delivery?' })).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/receive-records')).toHaveLength(0);
  });

  it('puts the server’s refusal of a header field under that field, until it is edited', async () => {
    const { user } = renderForm({
      'POST /api/receive-records': fieldError({
        'body.received_at': 'The time received cannot be in the future',
      }),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const receivedAt = screen.getByLabelText(/^Received at/);
    await waitFor(() =>
      expect(receivedAt).toHaveAccessibleDescription(/The time received cannot be in the future/),
    );
    fireEvent.change(receivedAt, { target: { value: '2026-05-20T08:00' } });
    expect(receivedAt).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Photos in the delivery form', () => {
  beforeEach(stubObjectUrls);
  const ONE = `/api/receive-records/${RECORD_ID}`;
  const PHOTOS = `${ONE}/photos`;
  const renderNew = (handlers: Record<string, Handler>) =>
    renderForm({
      'POST /api/receive-records': record(wireRecord(), 201),
      [`GET ${ONE}`]: record(wireRecord({ photos: [wirePhoto()] })),
      [`GET ${PHOTOS}/${PHOTO_ID}/thumbnail`]: photoResponse,
      ...handlers,
    });

  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '100');
  }

  it('takes photos with the rear camera, previews them, and uploads them once the draft is saved', async () => {
    const { server, user } = renderNew({
      [`POST ${PHOTOS}`]: record(wireRecord({ photos: [wirePhoto()] }), 201),
    });
    await fillIn(user);
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('multiple');

    await user.upload(camera, [jpegFile('load.jpg'), jpegFile('ticket.jpg')]);
    const previews = within(screen.getByRole('list', { name: 'Photos to upload' }));
    expect(previews.getAllByRole('listitem')).toHaveLength(2);
    expect(previews.getByRole('img', { name: 'New photo 2: ticket.jpg' })).toHaveAttribute(
      'src',
      'blob:photo-2',
    );
    await user.click(previews.getByRole('button', { name: 'Remove new photo 2' }));
    expect(previews.getAllByRole('listitem')).toHaveLength(1);

    // Too big for the server: refused here, with the reason, before any upload.
    const huge = jpegFile('huge.jpg');
    Object.defineProperty(huge, 'size', { value: PHOTO_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Add photos'), huge);
    expect(screen.getByRole('alert')).toHaveTextContent('“huge.jpg” is larger than 10 MB.');
    expect(previews.getAllByRole('listitem')).toHaveLength(1);
    expect(server.calls('POST', PHOTOS)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', PHOTOS)).toHaveLength(1));
    const upload = server.calls('POST', PHOTOS)[0];
    expect(upload?.headers['x-csrf-token']).toBe('csrf-1');
    const sent = (upload?.body as FormData | undefined)?.getAll('photos') as File[];
    expect(sent.map((f) => f.name)).toEqual(['load.jpg']);
    expect(server.requests.findIndex((r) => r.path === PHOTOS)).toBeGreaterThan(
      server.requests.findIndex((r) => r.method === 'POST' && r.path === '/api/receive-records'),
    );
    expect(await screen.findByText('Draft RR-0042 saved.')).toBeInTheDocument();
    // Save, upload, then the detail page and its thumbnail: several round trips, slow on a busy machine.
    expect(await screen.findByRole('img', { name: 'Photo 1 of RR-0042' })).toBeInTheDocument();
  }, 20_000);

  it('keeps the draft but does not post when a photo is refused, and says why', async () => {
    const { server, user } = renderNew({
      [`POST ${PHOTOS}`]: apiError(415, 'unsupported_media_type', '“scan.jpg” is not a photo.'),
    });
    await fillIn(user);
    await user.upload(screen.getByLabelText('Add photos'), jpegFile('scan.jpg'));
    await saveAndPost(user);
    expect(
      await screen.findByText(
        'RR-0042 was saved as a draft and not posted, because a photo could not be uploaded: “scan.jpg” is not a photo.',
      ),
    ).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/post`)).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Receive record RR-0042' })).toBeInTheDocument();
  }, 20_000);
});

// ---- against a purchase order ----

const PO_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5040';
const OTHER_PO_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5041';
const supplierRef = { id: SUPPLIER.id, code: SUPPLIER.code, name: SUPPLIER.name };
const MARIA = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5005',
  code: 'SUP-002',
  name: 'Maria Metals',
  type: 'junkshop',
};
/** A confirmed purchase order from Juan Junkshop of PET at ₱21.00 (HDPE is not on it), arriving at Manila. */
const po = (over: Record<string, unknown> = {}) => {
  const base = purchaseOrder();
  return purchaseOrder({
    id: PO_ID,
    supplier: supplierRef,
    facility: FACILITY,
    lines: [
      {
        ...base.lines[0],
        material: { id: PET.id, code: PET.code, name: PET.name },
        unit_price: '21.00',
        amount: '21000.00',
      },
    ],
    total_kg: '1000.000',
    amount: '21000.00',
    ...over,
  });
};
const openOrders = listAnswer([
  po(),
  po({
    id: OTHER_PO_ID,
    number: 'PO-2026-000004',
    status: 'partly_fulfilled',
    due_on: null,
    shipped_kg: '400.000',
    fulfilled_pct: '40.00',
  }),
]);
const orderField = () => screen.getByRole('combobox', { name: 'Purchase order' });

describe('Receiving against a purchase order', () => {
  it('lists the supplier’s open orders, prices a blank line from its order line, and sends the order', async () => {
    const { server, user } = renderForm({
      'GET /api/orders': openOrders,
      [`GET /api/orders/${PO_ID}`]: detailAnswer(po()),
      'POST /api/receive-records': record(
        wireRecord({ order: { id: PO_ID, number: 'PO-2026-000003' } }),
        201,
      ),
      [`GET /api/receive-records/${RECORD_ID}`]: record(wireRecord()),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    // Shown once a supplier is chosen.
    expect(screen.queryByRole('combobox', { name: 'Purchase order' })).not.toBeInTheDocument();
    await fillHeader(user);
    await within(orderField()).findByRole('option', {
      name: 'PO-2026-000003 · due 2026-11-30 · 0.00 % received',
    });
    // Open ones only (confirmed or partly fulfilled), which the server filters.
    expect(
      within(orderField())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'No purchase order',
      'PO-2026-000003 · due 2026-11-30 · 0.00 % received',
      'PO-2026-000004 · no due date · 40.00 % received',
    ]);
    const asked = new URL(server.calls('GET', '/api/orders')[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      kind: 'purchase',
      supplier_id: SUPPLIER.id,
      open: 'true',
      limit: '100',
    });

    await user.selectOptions(orderField(), 'PO-2026-000003 · due 2026-11-30 · 0.00 % received');
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '1000');
    const price = line(1).getByRole('textbox', { name: 'Unit price (PHP/kg)' });
    // The order line's price comes first; the price list is not asked for it.
    await waitFor(() => expect(price).toHaveAttribute('placeholder', 'PO-2026-000003: 21.00'));
    expect(screen.getByTestId('line-1-figures')).toHaveTextContent(
      "Net 1,000 kg · Payable 1,000 kg · ₱21,000.00 at PO-2026-000003's ₱21.00/kg",
    );
    expect(server.calls('GET', '/api/prices/current').filter((r) => r.url.includes(PET.id))).toHaveLength(0);

    // HDPE is not on the order: the line says so, and is priced from the buying price list.
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(line(2).getByRole('combobox', { name: /^Material/ }), 'HDPE rigid (HDPE-RIG)');
    expect(line(2).getByRole('combobox', { name: /^Material/ })).toHaveAccessibleDescription(
      /^Not on PO-2026-000003/,
    );
    await waitFor(() => expect(server.calls('GET', '/api/prices/current').length).toBeGreaterThan(0));
    expect(server.calls('GET', '/api/prices/current')[0]?.url).toContain('kind=buying');
    await user.click(line(2).getByRole('button', { name: 'Remove line 2' }));

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', '/api/receive-records')).toHaveLength(1));
    expect(server.calls('POST', '/api/receive-records')[0]?.body).toMatchObject({
      supplier_id: SUPPLIER.id,
      order_id: PO_ID,
      lines: [{ material_id: PET.id, gross_kg: '1000' }],
    });
    expect(await screen.findByText('Draft RR-0042 saved.')).toBeInTheDocument();
  });

  it('clears the order when the supplier changes', async () => {
    const { server, user } = renderForm({
      'GET /api/suppliers/lookup': json(wire(itemsOf(supplierLookupSchema), { items: [SUPPLIER, MARIA] })),
      'GET /api/orders': openOrders,
      [`GET /api/orders/${PO_ID}`]: detailAnswer(po()),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await within(orderField()).findByRole('option', { name: /^PO-2026-000003/ });
    await user.selectOptions(orderField(), PO_ID);
    expect(orderField()).toHaveValue(PO_ID);

    server.on('GET /api/orders', listAnswer([]));
    // Reopened with a supplier chosen, the list scrolls to it: jsdom has no layout to scroll.
    Element.prototype.scrollIntoView = vi.fn();
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    await user.click(screen.getByRole('combobox', { name: /^Supplier/ }));
    await user.click(await screen.findByRole('option', { name: 'Maria Metals (SUP-002)' }));
    await waitFor(() => expect(orderField()).toHaveValue(''));
    expect(await screen.findByText('No open purchase order for this supplier')).toBeInTheDocument();
    const asked = new URL(server.calls('GET', '/api/orders').at(-1)?.url ?? '', 'http://x').searchParams;
    expect(asked.get('supplier_id')).toBe(MARIA.id);
  });

  it('takes the order, its supplier and facility from the address', async () => {
    const { server, user } = renderForm(
      {
        'GET /api/orders': openOrders,
        [`GET /api/orders/${PO_ID}`]: detailAnswer(po()),
        'POST /api/receive-records': record(wireRecord(), 201),
        [`GET /api/receive-records/${RECORD_ID}`]: record(wireRecord()),
      },
      `/receive-records/new?order_id=${PO_ID}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Supplier/ })).toHaveValue('Juan Junkshop (SUP-001)'),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Facility/ })).toHaveValue(FACILITY.id));
    await waitFor(() => expect(orderField()).toHaveValue(PO_ID));
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('POST', '/api/receive-records')).toHaveLength(1));
    expect(server.calls('POST', '/api/receive-records')[0]?.body).toMatchObject({
      supplier_id: SUPPLIER.id,
      facility_id: FACILITY.id,
      order_id: PO_ID,
    });
  });

  it('keeps a draft’s order when it is edited, even one no longer open', async () => {
    const draft = wireRecord({ order: { id: PO_ID, number: 'PO-2026-000003' } });
    const { server, user } = renderForm(
      {
        'GET /api/orders': listAnswer([]),
        [`GET /api/orders/${PO_ID}`]: detailAnswer(po({ status: 'fulfilled' })),
        [`GET /api/receive-records/${RECORD_ID}`]: record(draft),
        [`PUT /api/receive-records/${RECORD_ID}`]: record(draft),
      },
      `/receive-records/${RECORD_ID}/edit`,
    );
    const form = within(await screen.findByRole('form', { name: 'Edit RR-0042' }));
    await waitFor(() => expect(orderField()).toHaveValue(PO_ID));
    expect(orderField()).toHaveAccessibleDescription(
      'PO-2026-000003 is fulfilled: deliveries are no longer received against it',
    );
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(server.calls('PUT', `/api/receive-records/${RECORD_ID}`)).toHaveLength(1));
    expect(server.calls('PUT', `/api/receive-records/${RECORD_ID}`)[0]?.body).toMatchObject({
      order_id: PO_ID,
      version: 1,
    });
  });

  it('puts the server’s refusal of the order under the order', async () => {
    const { user } = renderForm({
      'GET /api/orders': openOrders,
      [`GET /api/orders/${PO_ID}`]: detailAnswer(po()),
      'POST /api/receive-records': fieldError(
        { 'body.order_id': 'PO-2026-000003 is not confirmed: receive against a confirmed purchase order' },
        'The order cannot be received against',
        422,
      ),
    });
    await screen.findByRole('option', { name: 'PET bottles (PET-BTL)' });
    await fillHeader(user);
    await within(orderField()).findByRole('option', { name: /^PO-2026-000003/ });
    await user.selectOptions(orderField(), PO_ID);
    await user.selectOptions(line(1).getByRole('combobox', { name: /^Material/ }), 'PET bottles (PET-BTL)');
    await user.type(line(1).getByRole('textbox', { name: /^Gross kg/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(orderField()).toHaveAccessibleDescription(/PO-2026-000003 is not confirmed/));
  });
});
