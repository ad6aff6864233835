import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Steps of the forms several browser flows walk through, written once.

/**
 * Types into a searchable select and picks the option. Its results arrive as the server answers; on a
 * loaded machine a re-render can close the dropdown under the click, so it types again (3 tries) and
 * checks what got chosen.
 */
export async function choose(page: Page, input: Locator, text: string, option: RegExp) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await input.fill(text);
    const clicked = await page
      .getByRole('option', { name: option })
      .click({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) break;
  }
  await expect.poll(() => input.inputValue()).toMatch(option);
}

/**
 * A delivery of one line weighed in and posted through the receive form, as the weighbridge clerk
 * does; answers its lot's code.
 */
export async function receive(
  page: Page,
  d: {
    facility: string;
    material: string;
    supplier: [search: string, option: RegExp];
    kg: string;
    price: string;
  },
) {
  await page.goto('/receive-records/new');
  const form = page.locator('form[aria-label="New delivery"]');
  // The pickers' data first: the supplier's dropdown closes if the form re-renders under it.
  await form.getByLabel('Facility').selectOption({ label: d.facility });
  const line = form.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Material').selectOption({ label: d.material });
  await line.getByLabel('Gross kg').fill(d.kg);
  await line.getByLabel('Unit price (PHP/kg)').fill(d.price);
  await choose(page, form.getByLabel('Supplier'), d.supplier[0], d.supplier[1]);
  await form.getByRole('button', { name: 'Save and post' }).click();
  await page
    .getByRole('dialog', { name: 'Post this delivery?' })
    .getByRole('button', { name: 'Post' })
    .click();
  await page.waitForURL((u) => /^\/receive-records\/[0-9a-f-]{36}$/.test(u.pathname));
  await page.getByText('Posted', { exact: true }).first().waitFor();
  return (await page.locator('a[href^="/batch-management/"]').first().textContent()) ?? '';
}
