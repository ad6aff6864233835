import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { choose, receive } from './support/forms.ts';

const b = useBrowser();

/** A plant with flake in its catalog, a supplier, a buyer, a truck and its driver. */
async function setup() {
  const { api, email } = await registerAdmin('Outbound Flow Recyclers');
  const must = async (path: string, body: unknown) => {
    const res = await api.call<{ id: string }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must('/materials', { code: 'PET-FLK', name: 'PET flake', polymer: 'PET', form: 'flake' });
  await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  await must('/suppliers', { code: 'SUP-1', name: 'Malabon Junkshop', type: 'junkshop' });
  const buyer = await must('/customers', {
    code: 'BUY-1',
    name: 'Bulacan Bottle Makers',
    type: 'manufacturer',
  });
  await must('/vehicles', { code: 'NBC 1234', name: 'Wing van', type: 'wing_van', capacity_kg: '10000' });
  await must('/drivers', {
    code: 'DRV-1',
    name: 'Juan dela Cruz',
    licence_number: 'N01-12-345678',
    licence_expires_on: '2030-12-31',
  });
  return { email, buyer: buyer.id };
}

const flake = (kg: string) =>
  receive(b.page, {
    facility: 'Valenzuela Plant (PLT1)',
    material: 'PET flake (PET-FLK)',
    supplier: ['Malabon', /Malabon Junkshop/],
    kg,
    price: '30',
  });

describe('outbound in the browser', () => {
  it('takes a sales order, dispatches two lots on a trip, prints the receipt, settles a delivery 0.3 % short, and is paid', async () => {
    const m = await setup();
    await signInFresh(b.page, m.email, PASSWORD);
    const lots = [await flake('600'), await flake('400')];

    // The buyer's order: 1,000 kg of flake at ₱42.
    await b.page.goto('/order-records/new');
    const order = b.page.locator('form[aria-label="New order"]');
    await choose(
      b.page,
      order.getByRole('combobox', { name: 'Customer' }),
      'Bulacan',
      /Bulacan Bottle Makers/,
    );
    await order.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    const line = order.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Material').selectOption({ label: 'PET flake (PET-FLK)' });
    await line.getByRole('textbox', { name: 'Kg', exact: true }).fill('1000');
    await line.getByLabel('Price (PHP/kg)').fill('42');
    await order.getByRole('button', { name: 'Save and confirm' }).click();
    await b.page.waitForURL((u) => /^\/order-records\/[0-9a-f-]{36}$/.test(u.pathname));
    const orderUrl = new URL(b.page.url()).pathname;
    await b.page.getByText('Confirmed', { exact: true }).first().waitFor();
    const number = (await b.page.getByRole('heading', { level: 1 }).textContent())?.match(
      /SO-\d{4}-\d{6}/,
    )?.[0];
    expect(number).toBeTruthy();

    // The loading bay: both lots on the wing van, weighed out, posted.
    await b.page.goto('/dispatch-records/new');
    const form = b.page.locator('form[aria-label="New dispatch"]');
    await form.getByLabel('Leaves from').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    await form.getByLabel('Vehicle').selectOption({ label: 'NBC 1234 · Wing van' });
    await form.getByLabel('Driver').selectOption({ label: 'Juan dela Cruz (DRV-1)' });
    await choose(
      b.page,
      form.getByRole('combobox', { name: 'Customer' }),
      'Bulacan',
      /Bulacan Bottle Makers/,
    );
    // The customer's open orders load once the customer is chosen.
    const open = form.getByLabel('Sales order').locator('option', { hasText: number ?? '' });
    await expect.poll(() => open.count(), { timeout: 20_000 }).toBe(1);
    await form.getByLabel('Sales order').selectOption({ label: (await open.textContent()) ?? '' });
    const pick = (row: string, code: string) =>
      choose(
        b.page,
        form.getByRole('group', { name: row }).getByLabel('Lot', { exact: true }),
        code,
        new RegExp(code),
      );
    await pick('Lot 1', lots[0] ?? '');
    await form.getByRole('button', { name: 'Add a lot' }).click();
    await pick('Lot 2', lots[1] ?? '');
    await form.getByLabel('Gross (kg)').fill('15001');
    await form.getByLabel('Tare (kg)').fill('14000');
    await form
      .getByTestId('load-figures')
      .getByText(/1,000 kg loaded · ₱42,000\.00/)
      .waitFor();
    await form.getByRole('button', { name: 'Save and post' }).click();
    await b.page
      .getByRole('dialog', { name: 'Post this dispatch?' })
      .getByRole('button', { name: 'Post' })
      .click();
    await b.page.waitForURL((u) => /^\/dispatch-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await b.page.getByText('On the way', { exact: true }).first().waitFor();
    const dispatchUrl = new URL(b.page.url()).pathname;
    const ds =
      (await b.page.getByRole('heading', { level: 1 }).textContent())?.match(/DS-\d{4}-\d{6}/)?.[0] ?? '';

    // The wing van's trip: this dispatch is its delivery stop.
    await b.page.goto('/logistics/trips/new');
    const plan = b.page.locator('form[aria-label="Plan a trip"]');
    await plan.getByLabel('Vehicle').selectOption({ label: 'NBC 1234 · Wing van' });
    await plan.getByLabel('Driver').selectOption({ label: 'Juan dela Cruz (DRV-1)' });
    const stop = plan.getByRole('group', { name: 'Stop 1' });
    await stop.getByLabel('Kind').selectOption({ label: 'Delivery' });
    await choose(b.page, stop.getByRole('combobox', { name: 'Dispatch delivered' }), ds, new RegExp(ds));
    await plan.getByRole('button', { name: 'Plan trip' }).click();
    await b.page.waitForURL((u) => /^\/logistics\/trips\/[0-9a-f-]{36}$/.test(u.pathname));
    const tripUrl = new URL(b.page.url()).pathname;
    await b.page.getByRole('button', { name: 'Start', exact: true }).click();
    await b.page
      .getByRole('dialog', { name: /^Start TR-/ })
      .getByRole('button', { name: 'Start trip' })
      .click();
    await b.page.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    await b.page.goto(dispatchUrl);

    // The delivery receipt, as a PDF with its number.
    const [download] = await Promise.all([
      b.page.waitForEvent('download'),
      b.page.getByRole('button', { name: 'Delivery receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^DR-\d{4}-\d{6}\.pdf$/);

    // At the buyer's gate: 997 kg on their scale, signed on the driver's phone.
    await b.page.getByRole('button', { name: 'Record delivery' }).click();
    const pod = b.page.getByRole('dialog', { name: /^Proof of delivery/ });
    await pod.getByLabel('Received (kg)').fill('997');
    await pod.getByText(/opens a discrepancy/).waitFor();
    await pod.getByLabel('Received by').fill('Maria Reyes');
    const pad = pod.getByRole('img', { name: 'Receiver’s signature' });
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await b.page.mouse.move(box.x + 20, box.y + 60);
    await b.page.mouse.down();
    for (const [x, y] of [
      [60, 20],
      [100, 90],
      [160, 30],
      [220, 70],
    ] as const)
      await b.page.mouse.move(box.x + x, box.y + y, { steps: 5 });
    await b.page.mouse.up();
    await pod.getByRole('button', { name: 'Record delivery' }).click();
    await b.page.getByText('Discrepancy to settle').waitFor();
    await b.page.getByRole('img', { name: 'Signature of Maria Reyes' }).waitFor();

    // The manager credits the buyer the 3 kg.
    await b.page.getByRole('button', { name: 'Settle discrepancy' }).click();
    const settle = b.page.getByRole('dialog', { name: /^Settle the discrepancy/ });
    await settle.getByLabel(/A credit note: the customer is credited ₱126\.00/).check();
    await settle.getByLabel('Reason').fill('Shortage agreed with the buyer');
    await settle.getByRole('button', { name: 'Settle' }).click();
    await b.page.getByText('Discrepancy settled').waitFor();

    // The truck is back: 38 km driven, and what that emitted.
    await b.page.goto(tripUrl);
    await b.page.getByRole('button', { name: 'Complete', exact: true }).click();
    const done = b.page.getByRole('dialog', { name: /^Complete TR-/ });
    await done.getByLabel('Distance driven (km)').fill('38');
    await done.getByRole('button', { name: 'Complete trip' }).click();
    await b.page.getByText('Completed', { exact: true }).first().waitFor();
    // 1 t × 38 km × 0.19234 kg per tonne-km (a rigid truck over 17 t).
    await b.page.getByText(/^7\.309 kg at 0\.19234 kg per tonne-km/).waitFor();

    // The order is fulfilled.
    await b.page.goto(orderUrl);
    await b.page.getByText('Fulfilled', { exact: true }).first().waitFor();

    // The buyer owes ₱42,000 less the ₱126 credit, and pays it by bank transfer.
    await b.page.goto(`/customer-management/${m.buyer}`);
    await b.page.getByText('₱41,874.00').first().waitFor();
    await b.page.getByRole('button', { name: 'Record payment' }).click();
    const payment = b.page.getByRole('dialog', { name: 'Record payment' });
    await payment.getByLabel('Amount (PHP)').fill('41874');
    await payment.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await payment.getByLabel('Reference').fill('BDO-778812');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await b.page.getByText('BDO-778812').first().waitFor();
    await b.page.getByText('₱0.00').first().waitFor();
  }, 180_000);
});
