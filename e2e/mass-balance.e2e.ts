import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Api, PASSWORD, registerAdmin, uniqueEmail } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { choose } from './support/forms.ts';
import { linkIn, waitForMail } from './support/mail.ts';

// Closing a month as the ISCC PLUS mass balance asks: a manager closes last month at /mass-balance; a
// delivery dated in it is then refused by the receive form; an administrator reopens it with a reason,
// and the same delivery posts. Data set up through the API; closing, the refusal and reopening in the
// browser.

const b = useBrowser();

/** The month before today in Asia/Manila (the organization's zone), as YYYY-MM. */
function lastMonth(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

async function setup(month: string) {
  const { api, email } = await registerAdmin('Mass Balance Recyclers');
  const must = async <T = { id: string }>(path: string, body: unknown, status = 201) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const bottles = await must('/materials', {
    code: 'PET-BTL',
    name: 'PET bottles',
    polymer: 'PET',
    form: 'bottles',
  });
  const plant = await must('/facilities', {
    code: 'MB1',
    name: 'Caloocan Plant',
    type: 'recycling_plant',
    city: 'Caloocan',
  });
  const supplier = await must('/suppliers', { code: 'SUP-1', name: 'Navotas Junkshop', type: 'junkshop' });
  await must('/receive-records?post=true', {
    supplier_id: supplier.id,
    facility_id: plant.id,
    received_at: `${month}-10T08:00:00+08:00`,
    lines: [{ material_id: bottles.id, gross_kg: '500', tare_kg: '0', unit_price: '16' }],
  });
  // A manager of the same organization, invited and registered through the API.
  const managerEmail = uniqueEmail('manager');
  await must('/invitations', { email: managerEmail, role: 'manager' });
  const link = linkIn(await waitForMail(managerEmail, /invited you/), /http:\/\/\S+\/invitation\/[\w-]+/);
  const accepting = await new Api().init();
  const accepted = await accepting.call('POST', '/invitations/accept', {
    token: link.split('/').pop(),
    password: PASSWORD,
    first_name: 'Marites',
    last_name: 'Manager',
  });
  if (accepted.status !== 200) throw new Error(`accept: ${JSON.stringify(accepted.body)}`);
  return { api, adminEmail: email, managerEmail, plant, supplier, bottles };
}

const signInAs = (page: Page, email: string) => signInFresh(page, email, PASSWORD);

describe('mass balance in the browser', () => {
  it('a manager closes last month, a back-dated delivery is refused, an administrator reopens it', async () => {
    const month = lastMonth();
    const m = await setup(month);
    const page = b.page;

    await signInAs(page, m.managerEmail);
    await page.goto(`/mass-balance?period=${month}`);
    const table = page.getByRole('table', { name: 'Mass balance' });
    await table.getByText('PET bottles').waitFor({ timeout: 30_000 });
    await table.getByText('500 kg').first().waitFor();
    await page.getByRole('button', { name: 'Close period' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close .*\?$/ });
    await confirm.getByRole('button', { name: 'Close period' }).click();
    await page.getByText(/^Closed on .* by Marites Manager$/).waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Closed periods' }).getByText(month).waitFor();

    // A delivery dated in the closed month, through the receive form.
    await page.goto('/receive-records/new');
    const form = page.locator('form[aria-label="New delivery"]');
    await form.getByLabel('Facility').selectOption({ label: 'Caloocan Plant (MB1)' });
    await form.getByLabel(/^Received at/).fill(`${month}-20T09:00`);
    const line = form.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Material').selectOption({ label: 'PET bottles (PET-BTL)' });
    await line.getByLabel('Gross kg').fill('120');
    await line.getByLabel('Unit price (PHP/kg)').fill('16');
    await choose(page, form.getByLabel('Supplier'), 'Navotas', /Navotas Junkshop/);
    await form.getByRole('button', { name: 'Save and post' }).click();
    await page
      .getByRole('dialog', { name: 'Post this delivery?' })
      .getByRole('button', { name: 'Post' })
      .click();
    // Saved as a draft, not posted; posting it from its page is refused with the books' rule.
    await page.waitForURL((u) => /^\/receive-records\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
    const draft = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const posting = page.getByRole('dialog', { name: /^Post .*\?$/ });
    await posting.getByRole('button', { name: 'Post' }).click();
    await posting.getByText(/The books are closed through .*cannot be posted/).waitFor({ timeout: 30_000 });

    // The administrator reopens the month with a reason.
    await signInAs(page, m.adminEmail);
    await page.goto(`/mass-balance?period=${month}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    const reopen = page.getByRole('dialog', { name: /^Reopen / });
    await reopen.getByLabel(/Reason/).fill('A weighbridge ticket from the 20th arrived late');
    await reopen.getByRole('button', { name: 'Reopen period' }).click();
    await page
      .getByText(/^Reopened on .* A weighbridge ticket from the 20th arrived late$/)
      .waitFor({ timeout: 30_000 });

    // Now the same delivery, dated in the month, posts.
    await page.goto(draft);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page
      .getByRole('dialog', { name: /^Post .*\?$/ })
      .getByRole('button', { name: 'Post' })
      .click();
    await page.getByText('Posted', { exact: true }).first().waitFor({ timeout: 30_000 });
    const ledger = await m.api.call<{ rows: { received_kg: string }[] }>(
      'GET',
      `/mass-balance?period=${month}`,
    );
    expect(ledger.body.rows[0]?.received_kg).toBe('620.000');
    // The browser logs the two refusals (save-and-post, then post) as failed loads; nothing else.
    const refused = /status of 422 \(Unprocessable Entity\)/;
    expect(b.errors.filter((e) => refused.test(e))).toHaveLength(2);
    expect(b.errors.filter((e) => !refused.test(e))).toEqual([]);
  });
});
