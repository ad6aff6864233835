import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { settingsRoutes } from './routes.ts';
import { timeZoneOptions } from './timeZones.ts';

const organization = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  name: 'EcoPlast Recycling Inc.',
  country: 'PH',
  default_currency: 'PHP',
  time_zone: 'Asia/Manila',
  business_role: 'Recycler',
  epr_license: null,
  is_demo: false,
  version: 7,
};

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
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(server.calls('PATCH', '/api/organization')).toHaveLength(0);
  });

  it('lets administrators save, with the version they read', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': json({ ...organization, epr_license: 'EPR-2026-001', version: 8 }),
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^EPR licence/ }), 'EPR-2026-001');
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
      version: 7,
    });
    expect(await screen.findByText('The organization settings have been saved.')).toBeInTheDocument();
  });

  it('explains a conflicting save and reloads the current settings', async () => {
    const { server } = renderSettings('admin', '/settings/organization', {
      'PATCH /api/organization': () =>
        Response.json(
          {
            code: 'conflict',
            message: 'Someone else changed these settings. Reload and try again.',
            error: 'x',
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    await user.clear(name);
    await user.type(name, 'EcoPlast PH');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('These settings were changed by someone else')).toBeInTheDocument();

    server.on('GET /api/organization', json({ ...organization, name: 'EcoPlast Holdings', version: 8 }));
    await user.click(screen.getByRole('button', { name: 'Reload settings' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Organization name/ })).toHaveValue('EcoPlast Holdings'),
    );
    expect(screen.queryByText('These settings were changed by someone else')).not.toBeInTheDocument();
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
