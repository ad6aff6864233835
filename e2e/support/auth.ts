import type { Page } from 'playwright-core';

/** Signs in through the login dialog of the landing page (or the /login page when already there). */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('form[aria-label="Sign in"]');
  // /auth opens the dialog by itself when a guarded page sent us there; give its animation a moment.
  const open = await form.waitFor({ state: 'visible', timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!open) await page.getByRole('button', { name: 'Sign In' }).first().click();
  await form.getByLabel('Email').fill(email);
  await form.locator('input[type="password"]').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A fresh browser session (no cookies, no stored token) signed in as `email`, on the dashboard. */
export async function signInFresh(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/');
  await signInWithForm(page, email, password);
  await page.waitForURL((u) => u.pathname === '/dashboard');
}
