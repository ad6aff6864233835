import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

// The marketplace as two new organizations use it: a recycler in Valenzuela lists 5 t of PET flakes backed
// by its lots, a bottle maker in Calamba finds it by polymer, form and distance, offers less, the recycler
// counters and the maker accepts — both then have their orders and the lot's kilograms are held for the
// sale. Then 20 EPR credits are sold, paid for and retired. Set-up through the API, the trade in Chromium.

const b = useBrowser();
/** Today's year in Manila, the organizations' zone: the vintage of what they recover now. */
const THIS_YEAR = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' }).slice(0, 4));
const HOUR = 3600_000;
const WAIT = { timeout: 30_000 };

async function must<T = { id: string }>(api: Api, path: string, body: unknown): Promise<T> {
  const res = await api.call<T>('POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A recycler with 22,800 kg of PET flake washed from eight deliveries: 22 whole tonnes of recovery. */
async function recycler() {
  const { api, email } = await registerAdmin('Valenzuela Flake Recyclers');
  const bottles = await must(api, '/materials', {
    code: 'PET-BTL',
    name: 'PET bottles',
    polymer: 'PET',
    form: 'bottles',
    type_code: 'PET_BOTTLES_CLEAR',
  });
  const flake = await must(api, '/materials', {
    code: 'PET-FLK',
    name: 'PET flake',
    polymer: 'PET',
    form: 'flake',
    type_code: 'PET_FLAKE',
  });
  const plant = await must(api, '/facilities', {
    code: 'VAL1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
    latitude: '14.700000',
    longitude: '120.983000',
  });
  const other = await must(api, '/customers', { code: 'OTH', name: 'Another Buyer', type: 'manufacturer' });
  const collector = await must(api, '/suppliers', {
    code: 'COL-1',
    name: 'Collector 1',
    type: 'cooperative',
  });
  type Made = { lines?: { lot: { id: string } }[]; outputs?: { lot: { id: string; code: string } }[] };
  const now = Date.now();
  const inputs = [];
  for (let i = 0; i < 8; i++) {
    const made = await must<Made>(api, '/receive-records?post=true', {
      supplier_id: collector.id,
      facility_id: plant.id,
      received_at: new Date(now - (10 - i) * HOUR).toISOString(),
      weighbridge_ticket: `WB-${2000 + i}`,
      lines: [{ material_id: bottles.id, gross_kg: '3000', tare_kg: '0', unit_price: '18' }],
    });
    inputs.push({ lot_id: made.lines?.[0]?.lot.id ?? '', kg: '3000' });
  }
  const washed = await must<Made>(api, '/production-records?post=true', {
    facility_id: plant.id,
    process_code: 'washing',
    started_at: new Date(now - 2 * HOUR).toISOString(),
    ended_at: new Date(now - HOUR).toISOString(),
    inputs,
    outputs: [{ material_id: flake.id, kg: '22800' }],
    losses: [{ kind: 'contamination', fate: 'landfill', kg: '1200' }],
  });
  const lot = washed.outputs?.[0]?.lot;
  if (!lot) throw new Error('no flake lot');
  return { api, email, plant, other, lot };
}

async function manufacturer() {
  const { api, email } = await registerAdmin('Laguna Bottle Makers');
  await must(api, '/facilities', {
    code: 'LAG1',
    name: 'Calamba Plant',
    type: 'recycling_plant',
    city: 'Calamba',
    latitude: '14.211700',
    longitude: '121.165300',
  });
  return { api, email };
}

/** Opens the thread of the offer on `title` from the Offers tab. */
async function openThread(page: Page, title: string) {
  await page.goto('/marketplace?tab=offers');
  await page
    .getByRole('button', { name: `Open the offer on ${title}` })
    .first()
    .click(WAIT);
  return page.getByRole('dialog');
}

describe('the marketplace', () => {
  it('lists flakes backed by lots, negotiates, and places both parties’ orders with the kg held', async () => {
    const seller = await recycler();
    const buyer = await manufacturer();
    const { page } = b;
    const title = 'Hot-washed PET flakes, 5 t';

    // The recycler lists 5,000 kg of its flake lot at ₱42/kg.
    await signInFresh(page, seller.email, PASSWORD);
    await page.goto('/marketplace?tab=listings');
    await page.getByRole('button', { name: 'New listing' }).first().click(WAIT);
    const form = page.getByRole('form', { name: 'New listing' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('combobox', { name: 'Material' }).selectOption({ label: 'PET flake (PET-FLK)' });
    await form.getByLabel(`List lot ${seller.lot.code}`).check(WAIT);
    await form.getByLabel(`kg of lot ${seller.lot.code}`).fill('5000');
    await form.getByLabel('Price (₱ per kg)').fill('42');
    await form.getByLabel('Location').selectOption({ label: 'Valenzuela Plant, Valenzuela' });
    await form.getByRole('button', { name: 'Publish the listing' }).click();
    await page.getByRole('table', { name: 'My listings' }).getByText(title).waitFor(WAIT);

    // The bottle maker finds it by polymer, form and distance from its Calamba plant (about 57 km).
    await signInFresh(page, buyer.email, PASSWORD);
    await page.goto('/marketplace');
    await page.getByLabel('Polymer').selectOption('PET');
    await page.getByLabel('Form').selectOption('flake');
    await page.getByLabel('Distance from').selectOption({ label: 'Near Calamba Plant' });
    await page.getByLabel('Within (km)').fill('80');
    await page.getByLabel('Within (km)').press('Enter');
    const results = page.getByRole('table', { name: 'Listings' });
    await results.getByRole('link', { name: title }).click(WAIT);
    await page.getByText('Valenzuela Flake Recyclers').first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const offer = page.getByRole('form', { name: /offer/i });
    await offer.getByLabel('Quantity (kg)').fill('5000');
    await offer.getByLabel('Price (₱ per kg)').fill('38');
    await offer.getByRole('button', { name: 'Send the offer' }).click();
    await offer.waitFor({ state: 'detached', ...WAIT });

    // The recycler counters at ₱40/kg.
    await signInFresh(page, seller.email, PASSWORD);
    let thread = await openThread(page, title);
    await thread.getByRole('button', { name: 'Counter' }).click(WAIT);
    const counter = page.getByRole('form', { name: /counter/i });
    await counter.getByLabel('Price (₱ per kg)').fill('40');
    await counter.getByRole('button', { name: 'Send the counter-offer' }).click();
    await counter.waitFor({ state: 'detached', ...WAIT });

    // The bottle maker accepts the counter-offer.
    await signInFresh(page, buyer.email, PASSWORD);
    thread = await openThread(page, title);
    await thread.getByText('Valenzuela Flake Recyclers’s offer (counter)').waitFor(WAIT);
    await thread.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('button', { name: 'Accept and make the deal' });
    await accept.click();
    await accept.waitFor({ state: 'detached', ...WAIT });
    await page.goto('/marketplace?tab=deals');
    const buyerDeals = page.getByRole('table', { name: 'Deals' });
    await buyerDeals.getByText(title).waitFor(WAIT);
    const po = await buyerDeals.getByRole('link', { name: /^PO-/ }).textContent();

    // Both have their orders: the maker's purchase order from the recycler, the recycler's sales order.
    type Orders = { items: { number: string; status: string; total_amount?: string }[] };
    const purchases = await buyer.api.call<Orders>('GET', '/orders?kind=purchase');
    expect(purchases.body.items.map((o) => [o.number, o.status])).toEqual([[po, 'confirmed']]);
    await signInFresh(page, seller.email, PASSWORD);
    await page.goto('/marketplace?tab=deals');
    const sellerDeals = page.getByRole('table', { name: 'Deals' });
    await sellerDeals.getByText(title).waitFor(WAIT);
    const so = await sellerDeals.getByRole('link', { name: /^SO-/ }).textContent();
    const sales = await seller.api.call<Orders>('GET', '/orders?kind=sales');
    expect(sales.body.items.map((o) => [o.number, o.status])).toEqual([[so, 'confirmed']]);

    // The 5,000 kg stay held for that order: the lot cannot send them to anyone else.
    const lot = await seller.api.call<{ qty_kg: string; reserved_kg: string }>(
      'GET',
      `/lots/${seller.lot.id}`,
    );
    expect(lot.body).toMatchObject({ qty_kg: '22800.000', reserved_kg: '5000.000' });
    const elsewhere = await seller.api.call<{ message: string }>('POST', '/dispatch-records?post=true', {
      customer_id: seller.other.id,
      facility_id: seller.plant.id,
      dispatched_at: new Date().toISOString(),
      lines: [{ lot_id: seller.lot.id, kg: '20000', unit_price: '40.00' }],
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toContain('reserved on the marketplace');
  });

  it('sells 20 EPR credits: paid, moved to the buyer, who retires them', async () => {
    const seller = await recycler();
    const buyer = await manufacturer();
    const batch = await must<{ blocks: { id: string }[] }>(seller.api, '/credits/batches', {
      facility_id: seller.plant.id,
      vintage: THIS_YEAR,
      fate: 'recycling',
      quantity: 20,
    });
    const listing = await must(seller.api, '/market/listings', {
      side: 'sell',
      kind: 'credits',
      title: 'EPR credits, PET recycling',
      credit_block_id: batch.blocks[0]?.id,
      quantity: '20',
      price: '1500',
    });
    const offer = await must(buyer.api, `/market/listings/${listing.id}/offers`, {
      quantity: '20',
      price: '1500',
    });
    await must(seller.api, `/market/offers/${offer.id}/accept`, {});

    // The recycler confirms the payment on its Deals tab: the credits move.
    const { page } = b;
    await signInFresh(page, seller.email, PASSWORD);
    await page.goto('/marketplace?tab=deals');
    await page.getByRole('button', { name: 'Confirm payment: EPR credits, PET recycling' }).click(WAIT);
    await page.getByRole('button', { name: 'Payment received: move the credits' }).click();
    await page.getByText('Payment confirmed: the credits moved to the buyer.').waitFor(WAIT);

    type Holdings = { items: { id: string; quantity: number }[] };
    const held = await buyer.api.call<Holdings>('GET', '/credits/holdings?status=held');
    expect(held.body.items.map((h) => h.quantity)).toEqual([20]);
    const retired = await buyer.api.call<{ status: string; quantity: number }>(
      'POST',
      '/credits/retirements',
      {
        block_id: held.body.items[0]?.id,
        quantity: 20,
        beneficiary: 'Laguna Bottle Makers',
        compliance_year: THIS_YEAR,
        purpose: 'RA 11898 plastic footprint',
      },
    );
    expect(retired.status).toBe(201);
    expect(retired.body).toMatchObject({ status: 'retired', quantity: 20 });
    expect(b.errors).toEqual([]);
  });
});
