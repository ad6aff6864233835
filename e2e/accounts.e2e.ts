import { describe, expect, it } from 'vitest';
import { Api, PASSWORD, registerAdmin, uniqueEmail } from './support/api.ts';
import { pathOf, signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail.ts';

const b = useBrowser();

async function fresh() {
  await b.context.clearCookies();
  await b.page.goto('/');
  await b.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

describe('accounts in the browser', () => {
  it('register → sign in → dashboard → sign out', async () => {
    await fresh();
    await b.page.goto('/');
    await b.page.getByRole('button', { name: 'Get Beta Access' }).click();
    const form = b.page.locator('form[aria-label="Create account"]');
    const email = uniqueEmail('reg');
    await form.getByLabel('First name').fill('Rosa');
    await form.getByLabel('Last name').fill('Bautista');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Company name').fill('Bautista Recycling Co.');
    const passwords = form.locator('input[type="password"]');
    await passwords.nth(0).fill(PASSWORD);
    await passwords.nth(1).fill(PASSWORD);
    await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    const alert = new Promise<string>((resolve) =>
      b.page.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await form.getByRole('button', { name: 'Create Account' }).click();
    expect(await alert).toBe('Registration successful! Please log in with your new account.');
    // After the alert the registration dialog gives way to the login dialog.
    await b.page.locator('form[aria-label="Sign in"]').waitFor();
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await b.page.getByText('Bautista Recycling Co.').first().waitFor();

    await b.page.getByRole('button', { name: /Rosa Bautista/ }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/auth');
    expect(
      await b.page.evaluate(
        () => localStorage.getItem('plastrace.token') ?? sessionStorage.getItem('plastrace.token'),
      ),
    ).toBeNull();
  });

  it('signs in with a magic link from the received email', async () => {
    await fresh();
    const { email } = await registerAdmin('Magic Link Co.');
    await b.page.goto('/');
    await b.page.getByRole('button', { name: 'Sign In' }).first().click();
    const form = b.page.locator('form[aria-label="Sign in"]');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send Magic Link' }).click();
    await b.page.getByText('Magic link sent! Please check your email.').waitFor();
    const mail = await waitForMail(email, /sign-in link/);
    await b.page.goto(linkIn(mail, /http:\/\/\S+magic_token=[\w-]+/));
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await b.page.getByText('Magic Link Co.').first().waitFor();
  });

  it('invite from Team → emailed link → create account → /login with message and email → sign in', async () => {
    await fresh();
    const { email: adminEmail } = await registerAdmin('Inviting Org');
    await b.page.goto('/');
    await signInWithForm(b.page, adminEmail, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    // Straight to the page: on a loaded machine the sidebar may still be loading when a click is tried.
    await b.page.goto('/user-management');
    await b.page.getByRole('button', { name: 'Invite member' }).click();
    const invite = b.page.locator('form[aria-label="Invite member"]');
    const email = uniqueEmail('invitee');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption('operator');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await b.page.getByRole('tab', { name: 'Invitations' }).click();
    await b.page.getByText(email).first().waitFor();
    // The invitee is someone else, in a fresh browser state.
    await b.page.getByRole('button', { name: /Erika Admin/ }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await b.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/auth');
    await fresh();
    const link = linkIn(await waitForMail(email, /invited you/), /http:\/\/\S+\/invitation\/[\w-]+/);
    await b.page.goto(link);
    await b.page.getByText('Complete Your Registration').waitFor();
    await b.page.getByText(email).first().waitFor();
    const form = b.page.locator('form[aria-label="Complete your registration"]');
    await form.getByLabel('First Name').fill('Jun');
    await form.getByLabel('Last Name').fill('Mendoza');
    const passwords = form.locator('input[type="password"]');
    await passwords.nth(0).fill(PASSWORD);
    await passwords.nth(1).fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await b.page.getByText('Account Created Successfully!').waitFor();
    await b.page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    await b.page.getByText('Account created successfully! Please log in with your credentials.').waitFor();
    const login = b.page.locator('form[aria-label="Sign in"]');
    expect(await login.getByLabel('Email').inputValue()).toBe(email);
    await login.locator('input[type="password"]').fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('a session revoked on the server shows Session Expired on the next call; OK goes to /', async () => {
    await fresh();
    const { email } = await registerAdmin('Revoked Co.');
    await b.page.goto('/');
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    const token = await b.page.evaluate(
      () => localStorage.getItem('plastrace.token') ?? sessionStorage.getItem('plastrace.token'),
    );
    const api = await new Api().init();
    api.token = token ?? '';
    expect((await api.call('POST', '/auth/logout')).status).toBe(200);
    // The next call the page makes (opening Team, or the activity queue's flush) meets a 401.
    // (If the queue got there first, the layout is already gone and the click has nothing to do.)
    await b.page
      .getByRole('link', { name: 'Team' })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    const dialog = b.page.getByRole('dialog');
    await dialog.getByText('Your session has expired. Please log in again.').waitFor();
    await dialog.getByText('You will be redirected to the home page').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
  });

  it('refreshes a stale CSRF token and retries the call once', async () => {
    await fresh();
    const { email } = await registerAdmin('Stale Token Co.');
    await b.page.goto('/');
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await b.page.evaluate(() =>
      localStorage.setItem(
        'plastrace.csrf',
        JSON.stringify({ token: 'stale.token', expiresAt: Date.now() + 86_400_000 }),
      ),
    );
    // Sign-out sends the queued LOGOUT entry first: that is the call that meets the stale token.
    const calls: { url: string; status: number }[] = [];
    b.page.on('response', (r) => {
      if (r.request().method() === 'POST') calls.push({ url: new URL(r.url()).pathname, status: r.status() });
    });
    await b.page.getByRole('button', { name: /Erika Admin/ }).click();
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => calls.some((c) => c.url === '/api/auth/logout'), { timeout: 10_000 }).toBe(true);
    const first = calls[0];
    expect(first?.status).toBe(403);
    // The very next call is its one retry with a fresh token, and it succeeded; nothing else was refused.
    expect(calls[1]).toEqual({ url: first?.url, status: 201 });
    expect(calls.filter((c) => c.status === 403)).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/auth/logout')?.status).toBe(200);
    expect(
      await b.page
        .getByText('Your session has expired due to security reasons. Please log in again.')
        .count(),
    ).toBe(0);
  });

  it('sends a signed-out deep link to /auth and back there after sign-in', async () => {
    await fresh();
    const { email } = await registerAdmin('Deep Link Co.');
    await b.page.goto('/user-transactions?type=LOGIN');
    await b.page.waitForURL((u) => u.pathname === '/auth');
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/user-transactions' && u.search === '?type=LOGIN');
    expect(pathOf(b.page)).toBe('/user-transactions');
  });

  it('raises no page errors', () => {
    expect(b.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });
});
