import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail.ts';

// One account in two organizations: the admin of a brand (B) is invited by a recycler (A) as its auditor,
// joins with the password they already have, and moves between the two from the header's switcher, with
// each organization's name and that membership's role.

const b = useBrowser();

describe('an account in several organizations', () => {
  it('joins A as auditor with an existing account, then switches between A and B in the header', async () => {
    const a = await registerAdmin('Alpha Recyclers E2E');
    const brand = await registerAdmin('Bravo Brands E2E');
    const invited = await a.api.call('POST', '/invitations', { email: brand.email, role: 'auditor' });
    expect(invited.status).toBe(201);
    const link = linkIn(await waitForMail(brand.email, /invited you/), /http:\/\/\S+\/invitation\/[\w-]+/);

    await b.context.clearCookies();
    await b.page.goto('/');
    await b.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await b.page.goto(link);
    await b.page.getByRole('heading', { name: 'Join Alpha Recyclers E2E' }).waitFor();
    await b.page.getByText(brand.email).first().waitFor();
    const join = b.page.locator('form[aria-label="Join with your account"]');
    await join.locator('input[type="password"]').fill(PASSWORD);
    await join.getByRole('button', { name: 'Sign in and join' }).click();
    await b.page.waitForURL((u) => u.pathname === '/dashboard');

    // Joining opened the session in A, as its auditor.
    const switcher = (name: string) => b.page.getByRole('button', { name: `${name}, switch organization` });
    await switcher('Alpha Recyclers E2E').waitFor();
    const userMenu = b.page.getByRole('region', { name: 'User menu' });
    await userMenu.getByText('Auditor').waitFor();

    // To B: the brand's own organization, where the account is administrator.
    await switcher('Alpha Recyclers E2E').click();
    await b.page.getByRole('menuitem', { name: /Bravo Brands E2E/ }).click();
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await switcher('Bravo Brands E2E').waitFor();
    await userMenu.getByText('Administrator').waitFor();
    await b.page.goto('/user-management');
    await b.page.getByRole('button', { name: 'Invite member' }).waitFor();

    // Back to A: the auditor's restricted view — the team is visible, inviting is not offered.
    await switcher('Bravo Brands E2E').click();
    await b.page.getByRole('menuitem', { name: /Alpha Recyclers E2E/ }).click();
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await switcher('Alpha Recyclers E2E').waitFor();
    await userMenu.getByText('Auditor').waitFor();
    await b.page.goto('/user-management');
    await b.page.getByText(a.email).first().waitFor();
    expect(await b.page.getByRole('button', { name: 'Invite member' }).count()).toBe(0);

    // Back to B once more, and the session's organization is the one the header names.
    await switcher('Alpha Recyclers E2E').click();
    await b.page.getByRole('menuitem', { name: /Bravo Brands E2E/ }).click();
    await switcher('Bravo Brands E2E').waitFor();
    const me = await b.page.evaluate(async () => {
      const token = localStorage.getItem('plastrace.token') ?? sessionStorage.getItem('plastrace.token');
      const res = await fetch('/api/dashboard/users/me', { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as { organization: { name: string }; role: string };
    });
    expect(me).toMatchObject({ organization: { name: 'Bravo Brands E2E' }, role: 'admin' });
  });
});
