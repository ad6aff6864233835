import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { BLOCK_ID, holdings } from '../epr-credits/testCredits.ts';
import { MarketplacePage } from './MarketplacePage.tsx';
import { BUYER_ORG, deal, dealPage, offer, thread } from './testMarket.ts';

const routes = [{ path: '/marketplace', Component: MarketplacePage }];
const ORDER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7601';

const buyingMaterial = deal({
  my_order: { id: ORDER_ID, number: 'PO-2026-000012', kind: 'purchase', status: 'confirmed' },
});
const sellingCredits = deal({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7402',
  listing_title: '20 EPR credits, 2026 recycling',
  kind: 'credits',
  unit: 'credit',
  role: 'seller',
  counterparty: { organization_id: BUYER_ORG, name: 'Pacific Bottling Corp.' },
  quantity: '20.000',
  price: '850.00',
  amount: '17000.00',
});
const completedUnrated = deal({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7403',
  listing_title: 'HDPE regrind',
  role: 'seller',
  status: 'completed',
  completed_at: '2026-11-25T02:00:00.000Z',
  their_rating: { stars: 5, comment: null, created_at: '2026-11-25T03:00:00.000Z' },
});

/** The negotiation behind the credit deal: on our sell listing, or on the buyer's buy request. */
const creditThread = (side: 'sell' | 'buy') => {
  const t = thread([offer({ id: sellingCredits.offer_id, unit: 'credit', side: 'seller' })]);
  return { ...t, listing: { ...t.listing, side, kind: 'credits', unit: 'credit' } };
};

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('Marketplace deals', () => {
  it('offers each party only the steps its role may take, and links my order', async () => {
    fakeApi({
      ...signInAs('manager'),
      'GET /api/market/deals': json(dealPage([buyingMaterial, sellingCredits, completedUnrated])),
    });
    renderWithAuth(routes, '/marketplace?tab=deals');
    const table = await screen.findByRole('table', { name: 'Deals' });
    const [buying, selling, completed] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(buttonsOf(buying as HTMLElement)).toEqual(['Confirm receipt', 'Cancel']);
    expect(within(buying as HTMLElement).getByRole('link', { name: 'PO-2026-000012' })).toHaveAttribute(
      'href',
      `/order-records/${ORDER_ID}`,
    );
    expect(buttonsOf(selling as HTMLElement)).toEqual(['Confirm payment', 'Cancel']);
    expect(selling).toHaveTextContent('Awaiting payment');
    expect(selling).toHaveTextContent('₱17,000.00');
    expect(buttonsOf(completed as HTMLElement)).toEqual(['Rate']);
    expect(completed).toHaveTextContent('They rated 5 of 5');
  });

  it('shows an auditor the deals without any step to take', async () => {
    fakeApi({
      ...signInAs('auditor'),
      'GET /api/market/deals': json(dealPage([buyingMaterial, sellingCredits])),
    });
    renderWithAuth(routes, '/marketplace?tab=deals');
    const table = await screen.findByRole('table', { name: 'Deals' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('confirms a credit payment as the seller, after asking, and shows a refusal in the server’s words', async () => {
    const path = `/api/market/deals/${sellingCredits.id}/confirm-payment`;
    const server = fakeApi({
      ...signInAs('admin'),
      'GET /api/market/deals': json(dealPage([sellingCredits])),
      [`GET /api/market/offers/${sellingCredits.offer_id}/thread`]: json(creditThread('sell')),
      [`POST ${path}`]: apiError(409, 'conflict', 'The deal changed: reload it'),
    });
    renderWithAuth(routes, '/marketplace?tab=deals');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm payment: 20 EPR credits, 2026 recycling' }),
    );
    expect(screen.getByText(/You received ₱17,000.00 from Pacific Bottling Corp./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Payment received: move the credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The deal changed: reload it');
    expect(server.calls('POST', path)[0]?.body).toEqual({ version: 1 });

    server.on(
      `POST ${path}`,
      json(deal({ ...sellingCredits, payment_confirmed_at: '2026-11-26T02:00:00.000Z' })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Payment received: move the credits' }));
    expect(await screen.findByText('Payment confirmed: the credits moved to the buyer.')).toBeInTheDocument();
  });

  it('asks the seller on a buy request which held credits to deliver, and shows the refusal under it', async () => {
    const path = `/api/market/deals/${sellingCredits.id}/confirm-payment`;
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/deals': json(dealPage([sellingCredits])),
      [`GET /api/market/offers/${sellingCredits.offer_id}/thread`]: json(creditThread('buy')),
      'GET /api/credits/holdings': json(holdings()),
      [`POST ${path}`]: apiError(422, 'unprocessable', 'These credits are of another vintage', {
        fields: { 'body.credit_block_id': 'These credits are of another vintage' },
      }),
    });
    renderWithAuth(routes, '/marketplace?tab=deals');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm payment: 20 EPR credits, 2026 recycling' }),
    );
    const blocks = await screen.findByRole('combobox', { name: 'Credits you deliver' });
    await userEvent.selectOptions(blocks, await screen.findByRole('option', { name: /PH-PTEPR-/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Payment received: move the credits' }));
    await waitFor(() => expect(server.calls('POST', path)).toHaveLength(1));
    expect(server.calls('POST', path)[0]?.body).toEqual({ version: 1, credit_block_id: BLOCK_ID });
    expect(await screen.findByText('These credits are of another vintage')).toBeInTheDocument();
    expect(blocks).toHaveAccessibleDescription(/These credits are of another vintage/);
  });

  it('cancels with a reason the wire accepts', async () => {
    const path = `/api/market/deals/${buyingMaterial.id}/cancel`;
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/deals': json(dealPage([buyingMaterial])),
      [`POST ${path}`]: json(deal({ status: 'cancelled', cancel_reason: 'Truck not available this month' })),
    });
    renderWithAuth(routes, '/marketplace?tab=deals');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel: PET flakes, hot-washed' }));
    const form = screen.getByRole('form', { name: 'Cancel the deal?' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Too late');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the deal' }));
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /at least 10 characters/,
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), ': truck not available');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the deal' }));
    await waitFor(() => expect(server.calls('POST', path)).toHaveLength(1));
    expect(server.calls('POST', path)[0]?.body).toEqual({
      reason: 'Too late: truck not available',
      version: 1,
    });
  });

  it('lists deals as cards on a phone', async () => {
    fakeApi({ ...signInAs('manager'), 'GET /api/market/deals': json(dealPage([buyingMaterial])) });
    await onPhone(async () => {
      renderWithAuth(routes, '/marketplace?tab=deals');
      const cards = await screen.findByRole('list', { name: 'Deals' });
      expect(cards).toHaveTextContent('Buying from EcoPlast Recycling Inc.');
      expect(
        within(cards).getByRole('button', { name: 'Confirm receipt: PET flakes, hot-washed' }),
      ).toBeInTheDocument();
    });
  });
});

describe('Marketplace offers', () => {
  it('answers an offer received: accept after asking, in its negotiation', async () => {
    const received = offer({
      side: 'seller',
      from_me: false,
      counterparty: { organization_id: BUYER_ORG, name: 'Pacific Bottling Corp.' },
    });
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/market/offers': json({ items: [received], next_cursor: null }),
      [`GET /api/market/offers/${received.id}/thread`]: json(thread([received])),
      [`POST /api/market/offers/${received.id}/accept`]: json(deal({ role: 'seller' }), 201),
    });
    renderWithAuth(routes, '/marketplace?tab=offers');
    const table = await screen.findByRole('table', { name: 'Offers' });
    expect(table).toHaveTextContent('Pacific Bottling Corp. to us');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Open the offer on PET flakes, hot-washed' }),
    );
    const history = await screen.findByRole('list', { name: 'Offers, oldest first' });
    expect(history).toHaveTextContent('Pacific Bottling Corp.’s offer');
    expect(history).toHaveTextContent('2,000 kg at ₱30.00/kg = ₱60,000.00');
    expect(screen.getByRole('button', { name: 'Counter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and make the deal' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/market/offers/${received.id}/accept`)).toHaveLength(1),
    );
    expect(await screen.findByText('Deal made: it is on the Deals tab.')).toBeInTheDocument();
  });

  it('opens the negotiation an address names (a quote, a notification)', async () => {
    const mine = offer();
    fakeApi({
      ...signInAs('manager'),
      'GET /api/market/offers': json({ items: [mine], next_cursor: null }),
      [`GET /api/market/offers/${mine.id}/thread`]: json(thread([mine])),
    });
    const { router } = renderWithAuth(routes, `/marketplace?tab=offers&offer=${mine.id}`);
    const history = await screen.findByRole('list', { name: 'Offers, oldest first' });
    expect(history).toHaveTextContent('Our offer');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=offers'));
  });

  it('shows an expired offer as expired, with nothing to answer', async () => {
    const expired = offer({ status: 'expired', from_me: false, side: 'seller' });
    fakeApi({
      ...signInAs('manager'),
      'GET /api/market/offers': json({ items: [expired], next_cursor: null }),
      [`GET /api/market/offers/${expired.id}/thread`]: json(thread([expired])),
    });
    renderWithAuth(routes, '/marketplace?tab=offers');
    const table = await screen.findByRole('table', { name: 'Offers' });
    expect(table).toHaveTextContent('Expired');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Open the offer on PET flakes, hot-washed' }),
    );
    await screen.findByRole('list', { name: 'Offers, oldest first' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
