import { contactInfoSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../router.tsx';
import { fakeApi, hang, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderRoutes } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { HELP_SECTIONS } from '../help/helpSections.tsx';
import { PUBLIC_HELP_IDS } from './HelpCenterPage.tsx';

const quiet = {
  'GET /api/health': hang,
  'GET /api/ready': hang,
  'GET /api/contact': json(wire(contactInfoSchema, { support_email: 'support@plastrace.ph' })),
};
const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('public information pages', () => {
  it.each([
    ['/status', 'PlasTrace status', 'Status'],
    ['/contact', 'Contact us', 'Contact us'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy'],
    ['/terms', 'Terms of Service', 'Terms of Service'],
    ['/about', 'About PlasTrace', 'About'],
    ['/features', 'Features', 'Features'],
    ['/help-center', 'Help centre', 'Help centre'],
    ['/blog', 'Blog', 'Blog'],
  ])('%s is a public page with its heading, title, site links and footer', async (path, heading, title) => {
    fakeApi(quiet);
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · PlasTrace`);
    expect(hrefs(screen.getByRole('navigation', { name: 'Footer' }))).toEqual([
      '/contact',
      '/help',
      '/help-center',
      '/status',
      '/blog',
      '/privacy',
      '/terms',
    ]);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText('Oops! Page Not Found')).not.toBeInTheDocument();
  });

  it('/blog and its posts are public pages in the same frame', async () => {
    fakeApi(quiet);
    renderRoutes(routes, '/blog/ra-11898-explained');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'RA 11898, the EPR Act of 2022, explained' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page Not Found')).not.toBeInTheDocument();
  });

  it('Sign In opens the sign-in dialog on the landing page', async () => {
    fakeApi(quiet);
    const { router } = renderRoutes(routes, '/about');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('offers a signed-in member the app and the full help instead', async () => {
    fakeApi({ ...quiet, ...signInAs('operator') });
    renderRoutes(routes, '/features');
    expect(await screen.findByRole('link', { name: 'Open PlasTrace' })).toHaveAttribute('href', '/dashboard');
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Help' }),
    ).toHaveAttribute('href', '/help');
  });

  it('the help centre shows the public sections of the in-app help', async () => {
    fakeApi(quiet);
    renderRoutes(routes, '/help-center');
    const contents = await screen.findByRole('navigation', { name: 'On this page' });
    const titles = HELP_SECTIONS.filter((s) => PUBLIC_HELP_IDS.includes(s.id)).map((s) => s.title);
    expect(titles).toHaveLength(PUBLIC_HELP_IDS.length);
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(titles);
    expect(screen.getByRole('table', { name: 'Permissions by role' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full help' })).toHaveAttribute('href', '/help');
  });

  it('the privacy policy names RA 10173, the rights and how to use them', async () => {
    fakeApi(quiet);
    renderRoutes(routes, '/privacy');
    const rights = await screen.findByRole('region', { name: 'Your rights under the Data Privacy Act' });
    expect(screen.getByText(/Republic Act No\. 10173/)).toBeInTheDocument();
    expect(rights).toHaveTextContent('lodge a complaint with the National Privacy Commission');
    expect(within(rights).getByRole('link', { name: /contact form/ })).toHaveAttribute(
      'href',
      '/contact?topic=privacy',
    );
    // The contact form links here for what happens to a message.
    expect(document.getElementById('contact-form')).toHaveTextContent('keyed hash');
  });

  it('the registration agreement links to the terms and the privacy policy in a new tab', async () => {
    fakeApi();
    renderRoutes(routes, '/');
    await userEvent.click(
      within(await screen.findByRole('banner')).getByRole('button', { name: 'Get Beta Access' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create your PlasTrace account' });
    expect(
      within(dialog).getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }),
    ).toBeInTheDocument();
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      const link = within(dialog).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });
});
