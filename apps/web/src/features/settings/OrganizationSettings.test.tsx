import { organizationSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { settingsRoutes } from './routes.ts';
import { timeZoneOptions } from './timeZones.ts';

const organization = wire(organizationSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  name: 'EcoPlast Recycling Inc.',
  country: 'PH',
  default_currency: 'PHP',
  time_zone: 'Asia/Manila',
  business_role: 'Recycler',
  epr_license: null,
  is_demo: false,
  books_closed_through: null,
  mass_balance_tolerance_pct: '0.50',
  electricity_tariff_php: null,
  weighing_tolerance_pct: '0.20',
  version: 7,
});

function renderSettings(
  role: Parameters<typeof signInAs>[0],
  path = '/settings/organization',
  handlers = {},
) {
  const server = fakeApi({ ...signInAs(role), 'GET /api/organization': json(organization), ...handlers });
  // The app's root route has the hydration fallback; here the lazy layout is the first route.
  const view = renderWithAuth([{ HydrateFallback: () => null, children: settingsRoutes }], path);
  return { server, ...view };
}

describe('Organization settings', () => {
  it('is read-only for members who are not administrators', async () => {
    const { server } = renderSettings('manager');
    expect(await screen.findByText('Only administrators can change these settings.')).toBeInTheDocument();
    expect(screen.getByText('EcoPlast Recycling Inc.')).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(3);
    expect(screen.getByText('0.50 %')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(server.calls('PATCH', '/api/organization')).toHaveLength(0);
  });

  it('lets administrators save, with the version they read', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': json(
        wire(organizationSchema, { ...organization, epr_license: 'EPR-2026-001', version: 8 }),
      ),
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^EPR licence/ }), 'EPR-2026-001');
    await user.type(screen.getByRole('textbox', { name: /^Electricity tariff/ }), '11.5');
    const tolerance = screen.getByRole('textbox', { name: /^Mass balance tolerance/ });
    await user.clear(tolerance);
    await user.type(tolerance, '12');
    await user.click(save);
    expect(await screen.findByText('Mass balance tolerance must be at most 10')).toBeInTheDocument();
    await user.clear(tolerance);
    await user.type(tolerance, '1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Default currency/ }), 'USD');
    expect(
      screen.getByRole('combobox', { name: /^Default currency/ }).querySelectorAll('option'),
    ).toHaveLength(14);
    await user.click(save);

    await waitFor(() => expect(server.calls('PATCH', '/api/organization')).toHaveLength(1));
    expect(server.calls('PATCH', '/api/organization')[0]?.body).toEqual({
      name: 'EcoPlast Recycling Inc.',
      default_currency: 'USD',
      time_zone: 'Asia/Manila',
      epr_license: 'EPR-2026-001',
      mass_balance_tolerance_pct: '1',
      electricity_tariff_php: '11.5',
      weighing_tolerance_pct: '0.20',
      gs1_company_prefix: null,
      version: 7,
    });
    expect(await screen.findByText('The organization settings have been saved.')).toBeInTheDocument();
  });

  it('sets and clears the GS1 company prefix, checked with the API’s rule before sending', async () => {
    const withPrefix = wire(organizationSchema, { ...organization, gs1_company_prefix: '4800888' });
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': json(wire(organizationSchema, { ...withPrefix, version: 8 })),
    });
    const user = userEvent.setup();
    const prefix = await screen.findByRole('textbox', { name: /^GS1 company prefix/ });
    expect(prefix).toHaveAccessibleDescription(/materials’ GTINs must start with it/);
    await user.type(prefix, '48008');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(prefix).toHaveAccessibleDescription(/^A GS1 company prefix has 6 to 12 digits/);
    expect(server.calls('PATCH', '/api/organization')).toHaveLength(0);
    await user.type(prefix, '88');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls('PATCH', '/api/organization')).toHaveLength(1));
    expect(server.calls('PATCH', '/api/organization')[0]?.body).toMatchObject({
      gs1_company_prefix: '4800888',
      version: 7,
    });

    // The saved settings come back with the prefix; emptying the field clears it (null).
    server.on(
      'PATCH /api/organization',
      json(wire(organizationSchema, { ...organization, gs1_company_prefix: null, version: 9 })),
    );
    const saved = await screen.findByRole('textbox', { name: /^GS1 company prefix/ });
    await waitFor(() => expect(saved).toHaveValue('4800888'));
    await user.clear(saved);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls('PATCH', '/api/organization')).toHaveLength(2));
    expect(server.calls('PATCH', '/api/organization')[1]?.body).toMatchObject({
      gs1_company_prefix: null,
      version: 8,
    });
  });

  it('shows the prefix to members who only read the settings', async () => {
    fakeApi({
      ...signInAs('auditor'),
      'GET /api/organization': json(
        wire(organizationSchema, { ...organization, gs1_company_prefix: '4800888' }),
      ),
    });
    renderWithAuth([{ HydrateFallback: () => null, children: settingsRoutes }], '/settings/organization');
    expect(await screen.findByText('4800888')).toBeInTheDocument();
    expect(screen.getByText('GS1 company prefix')).toBeInTheDocument();
  });

  it('checks the settings with the API’s schema and puts a server refusal under its field', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': fieldError({ 'body.epr_license': 'This licence is already registered' }),
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(name).toHaveAccessibleDescription('Organization name is required');
    expect(server.calls('PATCH', '/api/organization')).toHaveLength(0);
    await user.type(name, 'EcoPlast PH');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');

    const licence = screen.getByRole('textbox', { name: /^EPR licence/ });
    await user.type(licence, 'EPR-2026-001');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(licence).toHaveAccessibleDescription(/This licence is already registered/));
    expect(
      within(screen.getByRole('form', { name: 'Organization settings' })).queryByRole('alert'),
    ).toBeNull();
  });

  it('explains a conflicting save and reloads the current settings', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': apiError(
        409,
        'conflict',
        'Someone else changed these settings. Reload and try again.',
      ),
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    await user.clear(name);
    await user.type(name, 'EcoPlast PH');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('These settings were changed by someone else')).toBeInTheDocument();

    server.on(
      'GET /api/organization',
      json(wire(organizationSchema, { ...organization, name: 'EcoPlast Holdings', version: 8 })),
    );
    await user.click(screen.getByRole('button', { name: 'Reload settings' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Organization name/ })).toHaveValue('EcoPlast Holdings'),
    );
    expect(screen.queryByText('These settings were changed by someone else')).not.toBeInTheDocument();
  });

  it('tells everyone who sees the settings how far the books are closed, and offers the form only to administrators', async () => {
    const { server } = renderSettings('auditor', '/settings/organization', {
      'GET /api/organization': json(
        wire(organizationSchema, { ...organization, books_closed_through: '2026-10-31' }),
      ),
    });
    const books = await screen.findByRole('region', { name: 'Books closed' });
    expect(within(books).getByTestId('books-closed')).toHaveTextContent('Books closed through Oct 31, 2026.');
    expect(within(books).queryByRole('form', { name: 'Close the books' })).not.toBeInTheDocument();
    expect(server.calls('PUT', '/api/organization/books-closed')).toHaveLength(0);
  });

  it('lets administrators close the books through a past day, with the reason', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PUT /api/organization/books-closed': json(
        wire(organizationSchema, { ...organization, books_closed_through: '2026-01-31', version: 8 }),
      ),
    });
    const user = userEvent.setup();
    const books = within(await screen.findByRole('region', { name: 'Books closed' }));
    expect(books.getByTestId('books-closed')).toHaveTextContent('No period is closed.');
    const form = within(books.getByRole('form', { name: 'Close the books' }));
    await user.click(form.getByRole('button', { name: 'Close the books' }));
    // The server's own words (packages/shared booksClosedBodySchema), under their fields.
    const day = form.getByLabelText(/^Close the books through/);
    const reason = form.getByRole('textbox', { name: /^Reason/ });
    expect(day).toHaveAccessibleDescription(/Enter the last closed day as YYYY-MM-DD/);
    expect(reason).toHaveAccessibleDescription(/Say why the books are closed or reopened/);

    // Today and later stay open: refused before asking the server.
    fireEvent.change(day, { target: { value: '2999-01-01' } });
    expect(day).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'January statements sent');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(form.getByRole('button', { name: 'Close the books' }));
    expect(await form.findByText(/^Close the books through a past day: today/)).toBeInTheDocument();
    expect(server.calls('PUT', '/api/organization/books-closed')).toHaveLength(0);

    fireEvent.change(form.getByLabelText(/^Close the books through/), { target: { value: '2026-01-31' } });
    await user.click(form.getByRole('button', { name: 'Close the books' }));
    await waitFor(() => expect(server.calls('PUT', '/api/organization/books-closed')).toHaveLength(1));
    expect(server.calls('PUT', '/api/organization/books-closed')[0]?.body).toEqual({
      through: '2026-01-31',
      reason: 'January statements sent',
    });
    expect(await screen.findByText('The books are closed through Jan 31, 2026.')).toBeInTheDocument();
    expect(books.getByTestId('books-closed')).toHaveTextContent('Books closed through Jan 31, 2026.');
    expect(books.getByRole('button', { name: 'Reopen every period' })).toBeInTheDocument();
  });

  it('puts the server’s refusals on the fields and reopens every period', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'GET /api/organization': json(
        wire(organizationSchema, { ...organization, books_closed_through: '2026-01-31' }),
      ),
      'PUT /api/organization/books-closed': fieldError({
        'body.through': 'Close the books through a past day: today (2026-02-01) is still open',
      }),
    });
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Close the books' }));
    expect(form.getByLabelText(/^Close the books through/)).toHaveValue('2026-01-31');
    fireEvent.change(form.getByLabelText(/^Close the books through/), { target: { value: '2026-01-30' } });
    await user.type(form.getByRole('textbox', { name: /^Reason/ }), 'Correction');
    await user.click(form.getByRole('button', { name: 'Close the books' }));
    expect(
      await form.findByText('Close the books through a past day: today (2026-02-01) is still open'),
    ).toBeInTheDocument();

    server.on(
      'PUT /api/organization/books-closed',
      apiError(409, 'conflict', 'The books are already closed through 2026-01-30.'),
    );
    await user.click(form.getByRole('button', { name: 'Close the books' }));
    expect(await form.findByText('The books are already closed through 2026-01-30.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Close the books through/)).toHaveAttribute('aria-invalid', 'true');

    server.on(
      'PUT /api/organization/books-closed',
      json(wire(organizationSchema, { ...organization, books_closed_through: null, version: 8 })),
    );
    await user.click(form.getByRole('button', { name: 'Reopen every period' }));
    await waitFor(() => expect(server.calls('PUT', '/api/organization/books-closed')).toHaveLength(3));
    expect(server.calls('PUT', '/api/organization/books-closed')[2]?.body).toEqual({
      through: null,
      reason: 'Correction',
    });
    expect(await screen.findByText('Every period of the books is open again.')).toBeInTheDocument();
    expect(screen.getByTestId('books-closed')).toHaveTextContent('No period is closed.');
  });

  it('tells supplier members the settings are not for their role, without asking the server', async () => {
    const { server } = renderSettings('supplier');
    expect(await screen.findByText(refusalText('organization.read'))).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Organization' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Security' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/organization')).toHaveLength(0);
  });

  it('opens the organization section from /settings', async () => {
    const { router } = renderSettings('operator', '/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/organization'));
    expect(await screen.findByRole('tab', { name: 'Organization', selected: true })).toBeInTheDocument();
  });

  it('offers Asia/Manila first among the time zones', () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('Asia/Manila');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.filter((z) => z === 'Asia/Manila')).toHaveLength(1);
    expect(timeZoneOptions('Mars/Olympus')[0]).toBe('Mars/Olympus');
  });
});

describe('Security settings', () => {
  it('links to the password and sessions of the profile and offers no fake switches', async () => {
    renderSettings('operator', '/settings/security');
    expect(await screen.findByRole('link', { name: 'Change your password' })).toHaveAttribute(
      'href',
      '/profile#password',
    );
    expect(screen.getByRole('link', { name: 'See and sign out your sessions' })).toHaveAttribute(
      'href',
      '/profile#sessions',
    );
    expect(screen.getByText(/Not available yet/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
