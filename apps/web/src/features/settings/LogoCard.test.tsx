import { organizationSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { settingsRoutes } from './routes.ts';

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
// No logo set: the server answers 204 without a body.
const noLogo = () => new Response(null, { status: 204 });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
const stored = () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } });

function renderSettings(role: 'admin' | 'manager', handlers = {}) {
  catchDownloads(); // jsdom has no object URLs: the preview gets a stand-in
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/organization': json(organization),
    'GET /api/organization/logo': noLogo,
    ...handlers,
  });
  renderWithAuth([{ HydrateFallback: () => null, children: settingsRoutes }], '/settings/organization');
  return server;
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Logo (printed on certificates)' }));

describe('The logo card', () => {
  it('uploads a logo, shows it and removes it after asking', async () => {
    const server = renderSettings('admin', {
      'PUT /api/organization/logo': json({
        mime: 'image/png',
        size: 3,
        width: 600,
        height: 200,
        updated_at: '2026-11-26T02:00:00.000Z',
      }),
      'DELETE /api/organization/logo': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const logo = await card();
    expect(await logo.findByText(/No logo yet/)).toBeInTheDocument();

    server.on('GET /api/organization/logo', stored);
    const input = (
      await screen.findByRole('region', { name: 'Logo (printed on certificates)' })
    ).querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, png());
    expect(await logo.findByRole('img', { name: 'The organization’s logo' })).toBeInTheDocument();
    const sent = server.calls('PUT', '/api/organization/logo')[0]?.body;
    expect(sent instanceof FormData && sent.get('logo')).toBeInstanceOf(File);

    await user.click(logo.getByRole('button', { name: 'Remove logo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the logo?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(server.calls('DELETE', '/api/organization/logo')).toHaveLength(1));
    expect(await logo.findByText(/No logo yet/)).toBeInTheDocument();
  });

  it('turns away a file that is not a PNG or JPEG before uploading it', async () => {
    const server = renderSettings('admin');
    const user = userEvent.setup({ applyAccept: false });
    const logo = await card();
    await logo.findByText(/No logo yet/);
    const input = (
      await screen.findByRole('region', { name: 'Logo (printed on certificates)' })
    ).querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await logo.findByRole('alert')).toHaveTextContent('“logo.svg” is not a PNG or JPEG image.');
    expect(server.calls('PUT', '/api/organization/logo')).toHaveLength(0);
  });

  it('shows the logo to other staff without the buttons to change it', async () => {
    renderSettings('manager', { 'GET /api/organization/logo': stored });
    const logo = await card();
    expect(await logo.findByRole('img', { name: 'The organization’s logo' })).toBeInTheDocument();
    expect(logo.queryByRole('button')).toBeNull();
  });
});
