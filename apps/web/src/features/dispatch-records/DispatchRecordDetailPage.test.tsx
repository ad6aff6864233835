import { dispatchRecordSchema, organizationSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DispatchRecordDetailPage } from './DispatchRecordDetailPage.tsx';
import {
  DELIVERY,
  DISPATCH_ID,
  deliveredWithDiscrepancy,
  draftDispatch,
  OPEN_DISCREPANCY,
  postedDispatch,
} from './testData.ts';

const asWire = (value: unknown) => json(wire(dispatchRecordSchema, value));
const ONE = `/api/dispatch-records/${DISPATCH_ID}`;
const organization = json(
  wire(organizationSchema, {
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
    weighing_tolerance_pct: '0.50',
    electricity_tariff_php: null,
    version: 1,
  }),
);
const renderDetail = () =>
  renderWithAuth(page('/dispatch-records/:id', DispatchRecordDetailPage), `/dispatch-records/${DISPATCH_ID}`);
const receipt = () => new File(['fake jpeg'], 'receipt.jpg', { type: 'image/jpeg' });
const delivered = deliveredWithDiscrepancy();

/** Opens the proof-of-delivery dialog of a posted dispatch and fills in when, how much and who. */
async function openDelivery(user: ReturnType<typeof userEvent.setup>, receivedKg: string) {
  await user.click(await screen.findByRole('button', { name: 'Record delivery' }));
  const dialog = await screen.findByRole('dialog', { name: 'Proof of delivery for DS-2026-000012' });
  const form = within(dialog);
  fireEvent.change(form.getByLabelText(/^Delivered at/), { target: { value: '2026-11-22T13:00' } });
  const received = form.getByRole('textbox', { name: /^Received \(kg\)/ });
  await user.clear(received);
  await user.type(received, receivedKg);
  await user.type(form.getByRole('textbox', { name: /^Received by/ }), 'Lito Cruz');
  return { dialog, form };
}

describe('Dispatch detail', () => {
  // jsdom has no canvas: the signature pad finds no context (as in a browser without one).
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('offers a draft’s edit and post to an operator, and posts it after confirmation', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: asWire(draftDispatch()),
      [`POST ${ONE}/post`]: asWire(postedDispatch()),
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Dispatch DS-2026-000012' })).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/dispatch-records/${DISPATCH_ID}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record delivery' })).not.toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const load = within(screen.getByRole('table', { name: 'Lots loaded' }));
    expect(load.getByRole('link', { name: 'MNL1-261121-0001' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lots loaded' })).toHaveTextContent('₱34,000.00');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post DS-2026-000012?' });
    expect(dialog).toHaveTextContent('Posting takes 850 kg out of stock');
    server.on(`GET ${ONE}`, asWire(postedDispatch()));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('DS-2026-000012 posted: delivery receipt DR-2026-000004.'),
    ).toBeInTheDocument();
    const [call] = server.calls('POST', `${ONE}/post`);
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('On the way')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers a posted dispatch on its way to be voided by a manager only, and delivered by an operator', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: asWire(postedDispatch()) });
    const view = renderDetail();
    expect(await screen.findByRole('button', { name: 'Record delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.getByText('DR-2026-000004')).toBeInTheDocument();
    expect(
      screen.getByText('Gross 12,850 kg − tare 12,000 kg = net 850 kg (ticket WB-5521)'),
    ).toBeInTheDocument();
    view.unmount();

    fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(postedDispatch()),
      [`POST ${ONE}/void`]: asWire(
        postedDispatch({
          status: 'voided',
          voided_at: '2026-11-22T02:00:00.000Z',
          void_reason: 'Wrong customer',
        }),
      ),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Void DS-2026-000012?' }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Wrong customer');
    await user.click(dialog.getByRole('button', { name: 'Void dispatch' }));
    expect(await screen.findByText('DS-2026-000012 voided: its lots are back in stock.')).toBeInTheDocument();
  });

  it('refuses a delivery without the receiver’s signature or a photo, and sends the photo with the form', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      'GET /api/organization': organization,
      [`GET ${ONE}`]: asWire(postedDispatch()),
      [`POST ${ONE}/delivery`]: asWire(delivered),
    });
    renderDetail();
    const user = userEvent.setup();
    const { dialog, form } = await openDelivery(user, '800');
    await user.click(form.getByRole('button', { name: 'Record delivery' }));
    expect(
      await form.findByText('Add the receiver’s signature or a photo of the signed receipt'),
    ).toHaveAttribute('role', 'alert');
    expect(server.calls('POST', `${ONE}/delivery`)).toHaveLength(0);

    const file = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(file).toHaveAttribute('capture', 'environment');
    await user.upload(file, receipt());
    expect(
      form.queryByText('Add the receiver’s signature or a photo of the signed receipt'),
    ).not.toBeInTheDocument();
    server.on(`GET ${ONE}`, asWire(delivered));
    await user.click(form.getByRole('button', { name: 'Record delivery' }));
    await waitFor(() => expect(server.calls('POST', `${ONE}/delivery`)).toHaveLength(1));
    const [call] = server.calls('POST', `${ONE}/delivery`);
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toBeInstanceOf(FormData);
    const sent = call?.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      delivered_at: '2026-11-22T13:00:00+08:00',
      received_kg: '800',
      receiver_name: 'Lito Cruz',
    });
    expect((sent.get('photo') as File).name).toBe('receipt.jpg');
    expect(sent.has('signature')).toBe(false);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Proof of delivery/ })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/Received 800 kg of 850 kg by Lito Cruz/)).toBeInTheDocument();
    expect(screen.getByText('Discrepancy to settle')).toBeInTheDocument();
  });

  it('sends the receiver’s signature drawn on the pad', async () => {
    // jsdom draws nothing: a context that takes strokes, and a canvas that hands back a PNG.
    const context = { scale() {}, beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, clearRect() {} };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => {
      callback(new Blob(['png'], { type: 'image/png' }));
    });
    Object.defineProperty(HTMLCanvasElement.prototype, 'setPointerCapture', {
      configurable: true,
      value() {},
    });
    try {
      const server = fakeApi({
        ...signInAs('operator'),
        [`GET ${ONE}`]: asWire(postedDispatch()),
        [`POST ${ONE}/delivery`]: asWire(
          postedDispatch({ delivery: { ...DELIVERY, received_kg: '850.000', difference_kg: '0.000' } }),
        ),
      });
      renderDetail();
      const user = userEvent.setup();
      const { form } = await openDelivery(user, '850');
      const pad = form.getByRole('img', { name: 'Receiver’s signature' });
      fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
      fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 30 });
      fireEvent.pointerUp(pad, { pointerId: 1 });
      await user.click(form.getByRole('button', { name: 'Record delivery' }));
      await waitFor(() => expect(server.calls('POST', `${ONE}/delivery`)).toHaveLength(1));
      const sent = server.calls('POST', `${ONE}/delivery`)[0]?.body as FormData;
      expect((sent.get('signature') as File).name).toBe('signature.png');
      expect(sent.has('photo')).toBe(false);
    } finally {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).setPointerCapture;
    }
  });

  it('warns when the received kg is beyond the organization’s weighing tolerance, and puts a refused field under it', async () => {
    fakeApi({
      ...signInAs('operator'),
      'GET /api/organization': organization,
      [`GET ${ONE}`]: asWire(postedDispatch()),
      [`POST ${ONE}/delivery`]: fieldError({
        'body.received_kg': 'Received kg must be at most 99999999.999',
      }),
    });
    renderDetail();
    const user = userEvent.setup();
    const { dialog, form } = await openDelivery(user, '800');
    const hint =
      'More than 0.50 % from what was shipped: the delivery opens a discrepancy for a manager to settle.';
    expect(await form.findByText(hint)).toBeInTheDocument();
    // 4 kg of 850 is within 0.50 %.
    const received = form.getByRole('textbox', { name: /^Received \(kg\)/ });
    await user.clear(received);
    await user.type(received, '846');
    expect(form.queryByText(hint)).not.toBeInTheDocument();

    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, receipt());
    await user.click(form.getByRole('button', { name: 'Record delivery' }));
    await waitFor(() =>
      expect(received).toHaveAccessibleDescription(/Received kg must be at most 99999999\.999/),
    );
    // Said under the field, not again above the form.
    expect(form.queryByText('Some fields are invalid')).not.toBeInTheDocument();
  });

  it('offers an open discrepancy to a manager to settle, and sends the resolution and reason', async () => {
    const settled = asWire(
      deliveredWithDiscrepancy({
        discrepancy: {
          ...OPEN_DISCREPANCY,
          status: 'written_off',
          reason: 'Spilled at the gate',
          resolved_at: '2026-11-23T01:00:00.000Z',
        },
      }),
    );
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(delivered),
      [`POST ${ONE}/settle`]: settled,
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByText('Discrepancy to settle')).toBeInTheDocument();
    expect(screen.getByText(/50 kg less than shipped, beyond the weighing tolerance/)).toBeInTheDocument();
    // Delivered: no longer voided, nor delivered again.
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record delivery' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settle discrepancy' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Settle the discrepancy of DS-2026-000012' }),
    );
    expect(dialog.getByText('The customer received 50 kg less than was shipped.')).toBeInTheDocument();
    // A shortfall is credited by default, at the dispatch's average price: 34,000 × 50 / 850.
    expect(
      dialog.getByRole('radio', { name: /^A credit note: the customer is credited ₱2,000.00 for the 50 kg/ }),
    ).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /^A transit loss/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Spilled at the gate');
    server.on(`GET ${ONE}`, settled);
    await user.click(dialog.getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(server.calls('POST', `${ONE}/settle`)).toHaveLength(1));
    expect(server.calls('POST', `${ONE}/settle`)[0]?.body).toEqual({
      resolution: 'write_off',
      reason: 'Spilled at the gate',
    });
    expect(await screen.findByText(/Written off as transit loss: Spilled at the gate/)).toBeInTheDocument();
    expect(screen.getByText('Discrepancy settled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Settle/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settle discrepancy' })).not.toBeInTheDocument();
  });

  it('does not offer an operator to settle a discrepancy', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: asWire(delivered) });
    renderDetail();
    expect(await screen.findByText('Discrepancy to settle')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settle discrepancy' })).not.toBeInTheDocument();
  });

  it('says a dispatch that does not exist is not found', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: apiError(404, 'not_found', 'Dispatch record not found'),
    });
    renderDetail();
    expect(await screen.findByText('Dispatch not found')).toBeInTheDocument();
  });
});
