import { receiveRecordSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { ReceiveRecordDetailPage } from './ReceiveRecordDetailPage.tsx';
import { LOT_ID, postedRecord, RECORD_ID, wireRecord } from './testData.ts';

/** A receive record as the API sends it. */
const asWire = (value: unknown, status?: number) => json(wire(receiveRecordSchema, value), status);
const ONE = `/api/receive-records/${RECORD_ID}`;
const renderDetail = () =>
  renderWithAuth(page('/receive-records/:id', ReceiveRecordDetailPage), `/receive-records/${RECORD_ID}`);

describe('Receive record detail', () => {
  it('posts a draft after confirmation, with an Idempotency-Key, and links the new lot', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: asWire(wireRecord()),
      [`POST ${ONE}/post`]: asWire(postedRecord()),
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post RR-0042?' });
    expect(dialog).toHaveTextContent('owes the supplier ₱21,942.08');
    server.on(`GET ${ONE}`, asWire(postedRecord()));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('RR-0042 posted: 1 lot(s) created.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/post`)[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('link', { name: 'MNL1-260520-0001' })).toHaveAttribute(
      'href',
      `/batch-management/${LOT_ID}`,
    );
    expect(screen.getByText('Posted')).toBeInTheDocument();
  });

  it('lets a manager void with a reason and shows the server’s refusal', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(postedRecord()),
      [`POST ${ONE}/void`]: apiError(
        422,
        'unprocessable',
        'Lot MNL1-260520-0001 no longer holds its 1200.250 kg.',
      ),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Void RR-0042?' }));
    await user.click(dialog.getByRole('button', { name: 'Void record' }));
    // The void route's own rule and words (packages/shared voidBodySchema), gone once the reason is typed.
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Say why the record is voided'));
    expect(server.calls('POST', `${ONE}/void`)).toHaveLength(0);

    await user.type(reason, 'Wrong supplier');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Void record' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('no longer holds its 1200.250 kg');
    expect(server.calls('POST', `${ONE}/void`)[0]?.body).toEqual({ reason: 'Wrong supplier' });

    const voided = {
      ...postedRecord(),
      status: 'voided',
      voided_at: '2026-05-21T02:00:00Z',
      void_reason: 'Wrong supplier',
    };
    server.on(`POST ${ONE}/void`, asWire(voided));
    server.on(`GET ${ONE}`, asWire(voided));
    await user.click(dialog.getByRole('button', { name: 'Void record' }));
    expect(await screen.findByText('RR-0042 voided.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Voided')).toBeInTheDocument());
  });

  it('puts the server’s refusal of the void reason under the field, not above the form', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(postedRecord()),
      [`POST ${ONE}/void`]: fieldError({
        'body.reason': 'Remove control characters (such as NUL) from this text',
      }),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Void RR-0042?' }));
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    await user.type(reason, 'Wrong supplier');
    await user.click(dialog.getByRole('button', { name: 'Void record' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Remove control characters (such as NUL) from this text'),
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(reason, '!');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('links the purchase order the delivery was received against', async () => {
    const ORDER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5040';
    fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: asWire({ ...postedRecord(), order: { id: ORDER_ID, number: 'PO-2026-000003' } }),
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'PO-2026-000003' })).toHaveAttribute(
      'href',
      `/order-records/${ORDER_ID}`,
    );
    expect(screen.getByText('Purchase order')).toBeInTheDocument();
  });

  it('names no purchase order for a delivery received without one', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: asWire(postedRecord()) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Receive record RR-0042' })).toBeInTheDocument();
    expect(screen.queryByText('Purchase order')).not.toBeInTheDocument();
  });

  it('offers no Void to operators, and prints', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: asWire(postedRecord()) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('says not found at once for an address whose id is not an id, without retrying', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      'GET /api/receive-records/not-an-id': apiError(400, 'validation_failed', 'Some fields are invalid', {
        fields: { 'params.id': 'Invalid UUID' },
      }),
    });
    renderWithAuth(page('/receive-records/:id', ReceiveRecordDetailPage), '/receive-records/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Receive record not found' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/receive-records/not-an-id')).toHaveLength(1);
  });

  it('says so when the record does not exist', async () => {
    fakeApi({ ...signInAs('operator'), [`GET ${ONE}`]: apiError(404, 'not_found', 'Not found') });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Receive record not found' })).toBeInTheDocument();
  });
});
