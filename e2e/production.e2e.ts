import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh, signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { choose, receive } from './support/forms.ts';

const b = useBrowser();

/** An organization with a plant, a wash line, an extruder and a supplier (the catalog is not what this flow is about). */
async function setup() {
  const { api, email } = await registerAdmin('Production Flow Recyclers');
  const must = async (path: string, body: unknown) => {
    const res = await api.call<{ id: string }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must('/materials', {
    code: 'PET-BTL',
    name: 'PET bottles',
    polymer: 'PET',
    form: 'bottles',
  });
  await must('/materials', { code: 'PET-FLK', name: 'PET flake', polymer: 'PET', form: 'flake' });
  await must('/materials', { code: 'PET-PLT', name: 'PET pellet', polymer: 'PET', form: 'pellet' });
  const plant = await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  await must('/production-lines', {
    code: 'WASH1',
    name: 'Wash line',
    facility_id: plant.id,
    process_codes: ['washing'],
    capacity_kg_per_h: '1000',
    rated_kw: '75',
  });
  await must('/production-lines', {
    code: 'EXT1',
    name: 'Extruder',
    facility_id: plant.id,
    process_codes: ['extrusion'],
    capacity_kg_per_h: '800',
    rated_kw: '150',
  });
  await must('/suppliers', { code: 'SUP-1', name: 'Malabon Junkshop', type: 'junkshop' });
  return { email };
}

/** A delivery of PET bottles weighed in and posted through the receive form; its lot code. */
const receiveBottles = (kg: string) =>
  receive(b.page, {
    facility: 'Valenzuela Plant (PLT1)',
    material: 'PET bottles (PET-BTL)',
    supplier: ['Malabon', /Malabon Junkshop/],
    kg,
    price: '16',
  });

describe('production in the browser', () => {
  it('washes two deliveries into flake, is refused a run 2 % off, extrudes the flake, sees lineage, voids a run', async () => {
    const m = await setup();
    await signInFresh(b.page, m.email, PASSWORD);
    const lots = [await receiveBottles('600'), await receiveBottles('400')];
    expect(lots[0]).toMatch(/^PLT1-\d{6}-\d{4}$/);

    await b.page.goto('/production-records');
    await b.page.getByText('No production runs recorded yet').waitFor();
    await b.page.getByRole('link', { name: 'Record the first run' }).click();
    const form = b.page.locator('form[aria-label="New production run"]');
    await form.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    await form.getByLabel('Production line').selectOption({ label: 'Wash line (WASH1)' });
    const pick = (input: string, code: string) =>
      choose(
        b.page,
        form.getByRole('group', { name: input }).getByLabel('Lot', { exact: true }),
        code,
        new RegExp(code),
      );
    await pick('Input 1', lots[0] ?? '');
    await form.getByRole('button', { name: 'Add input lot' }).click();
    await pick('Input 2', lots[1] ?? '');
    const output = form.getByRole('group', { name: 'Output 1' });
    await output.getByLabel('Material').selectOption({ label: 'PET flake (PET-FLK)' });
    await output.getByLabel('Kg', { exact: true }).fill('850');
    await form.getByRole('button', { name: 'Add loss' }).click();
    const loss = form.getByRole('group', { name: 'Loss 1' });
    await loss.getByLabel('Where it went').selectOption({ label: 'Evaporated or drained (water)' });
    await loss.getByLabel('Kg', { exact: true }).fill('150');
    await form
      .getByTestId('mass-balance')
      .getByText(/within the tolerance of 0\.50 %/)
      .waitFor();
    await form.getByRole('button', { name: 'Save and post' }).click();
    await b.page
      .getByRole('dialog', { name: 'Post this run?' })
      .getByRole('button', { name: 'Post' })
      .click();
    await b.page.waitForURL((u) => /^\/production-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await b.page.getByText('Posted', { exact: true }).first().waitFor();
    const washLineage = b.page.getByRole('table', { name: 'Lineage' });
    // 850 kg of flake from 600 + 400 kg in: 510 and 340 kg of it from each delivery.
    await washLineage.getByText('510 kg').waitFor();
    await washLineage.getByText('340 kg').waitFor();
    const flake =
      (await b.page.getByRole('table', { name: 'Output lots' }).getByRole('link').first().textContent()) ??
      '';
    expect(flake).toMatch(/^PLT1-\d{6}-\d{4}$/);

    // Extrusion, 2 % off: kept as a draft and refused with both sums.
    await b.page.goto('/production-records/new');
    await form.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    await form.getByLabel('Production line').selectOption({ label: 'Extruder (EXT1)' });
    await pick('Input 1', flake);
    const pellets = form.getByRole('group', { name: 'Output 1' });
    await pellets.getByLabel('Material').selectOption({ label: 'PET pellet (PET-PLT)' });
    await pellets.getByLabel('Kg', { exact: true }).fill('833');
    await form
      .getByTestId('mass-balance')
      .getByText(/posting needs in = out \+ loss/)
      .waitFor();
    await form.getByRole('button', { name: 'Save and post' }).click();
    const ask = b.page.getByRole('dialog', { name: 'Post this run?' });
    await ask.getByText(/The mass balance is off by 17 kg/).waitFor();
    await ask.getByRole('button', { name: 'Post' }).click();
    await b.page
      .getByText(/saved as a draft but not posted: The mass balance is off: inputs 850 kg/)
      .waitFor();
    await b.page.getByText('Draft', { exact: true }).first().waitFor();

    // Fixed with the loss the extruder's melt filter caught, then posted from the detail page.
    await b.page.getByRole('link', { name: 'Edit', exact: true }).click();
    const edit = b.page.locator('form[aria-label^="Edit PR-"]');
    await edit.getByRole('button', { name: 'Add loss' }).click();
    const filter = edit.getByRole('group', { name: 'Loss 1' });
    await filter.getByLabel('Kind').selectOption({ label: 'Contamination and rejects' });
    await filter.getByLabel('Where it went').selectOption({ label: 'Co-processing' });
    await filter.getByLabel('Kg', { exact: true }).fill('17');
    await edit.getByRole('button', { name: 'Save draft' }).click();
    await b.page.waitForURL((u) => /^\/production-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await b.page.getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByText('Posted', { exact: true }).first().waitFor();
    await b.page.getByRole('table', { name: 'Lineage' }).getByText('833 kg').waitFor();
    await b.page.getByText('In 850 kg = out 833 kg + loss 17 kg; difference 0 kg').waitFor();

    // Its pellets have not moved: the run can be voided, and the flake is back in stock.
    await b.page.getByRole('button', { name: 'Void' }).click();
    const dialog = b.page.getByRole('dialog', { name: /^Void PR-/ });
    await dialog.getByLabel('Reason').fill('Wrong extruder recorded');
    await dialog.getByRole('button', { name: 'Void run' }).click();
    await b.page.getByText('Voided', { exact: true }).first().waitFor();
    await b.page.goto('/production-records');
    await expect
      .poll(() => b.page.getByRole('table', { name: 'Production records' }).getByRole('row').count())
      .toBe(3);
  }, 120_000);

  it('adds a product with its packaging components and reads its plastic footprint', async () => {
    const { api, email } = await registerAdmin('BOM Flow Brands');
    for (const c of [
      {
        code: 'BTL',
        name: 'PET bottle',
        polymer: 'PET',
        packaging_category: 'rigid',
        mass_g: '24.5',
        recycled_content_pct: '30',
      },
      { code: 'CAP', name: 'PP cap', polymer: 'PP', packaging_category: 'rigid', mass_g: '2.1' },
    ]) {
      const res = await api.call('POST', '/components', c);
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    }
    await b.context.clearCookies();
    await b.page.goto('/');
    await b.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await b.page.goto('/');
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');

    await b.page.goto('/bom-management');
    await b.page.getByRole('link', { name: 'Add the first product' }).click();
    const form = b.page.locator('form[aria-label="New product"]');
    await form.getByLabel('SKU').fill('H2O-500');
    await form.getByLabel('Name').fill('Purified water 500 ml');
    await form.getByLabel('GTIN').fill('4800888000361');
    await form.getByRole('textbox', { name: 'Unit', exact: true }).fill('bottle');
    await form
      .getByRole('combobox', { name: 'Component 1' })
      .selectOption({ label: 'PET bottle (BTL) · PET · 24.5 g' });
    await form.getByRole('button', { name: 'Add component' }).click();
    await form
      .getByRole('combobox', { name: 'Component 2' })
      .selectOption({ label: 'PP cap (CAP) · PP · 2.1 g' });
    await form.getByTestId('plastic-per-unit').getByText('26.6 g of plastic per bottle').waitFor();
    await form.getByRole('button', { name: 'Create product' }).click();
    await b.page.waitForURL((u) => /^\/bom-management\/[0-9a-f-]{36}$/.test(u.pathname));
    // 1,000,000 bottles × 26.6 g.
    await b.page
      .getByTestId('footprint')
      .getByText(/26,600 kg of plastic/)
      .waitFor();
    await b.page.getByText('Recycled content: 27.63 %').first().waitFor();
  });

  it('raises no page errors', () => {
    expect(b.errors.filter((e) => !/status of 4(0[0134]|22)/.test(e))).toEqual([]);
  });
});
