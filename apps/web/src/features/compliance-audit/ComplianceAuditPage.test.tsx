import type { MemberRole } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ComplianceAuditPage } from './ComplianceAuditPage.tsx';
import { EcarReviewPage } from './EcarReviewPage.tsx';
import { computed, ecarList, footprints, ids, profile, report, year } from './testData.ts';

function renderPage(
  role: MemberRole,
  handlers: Record<string, Handler> = {},
  url = '/compliance-audit?year=2026',
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/compliance/profile': json(profile()),
    'GET /api/compliance/years/2026': json(year()),
    'GET /api/compliance/footprints': json(footprints()),
    'GET /api/compliance/footprints/computed': json(computed()),
    'GET /api/compliance/ecar': json(ecarList()),
    ...handlers,
  });
  const view = renderWithAuth(
    [
      { path: '/compliance-audit', Component: ComplianceAuditPage },
      { path: '/compliance-audit/ecar/:id', Component: EcarReviewPage },
    ],
    url,
  );
  return { server, ...view };
}

describe('Compliance audit', () => {
  it('shows the year’s figures as a chart with its table twin, the fine exposure, retirements and checklist', async () => {
    renderPage('auditor');
    const chart = await screen.findByRole('img', { name: /RA 11898 figures 2026/ });
    expect(chart).toHaveAccessibleName(
      'RA 11898 figures 2026: Footprint 250,000 kg, Required 150,000 kg, Recovered 50,000 kg, Shortfall 100,000 kg',
    );
    const table = screen.getByRole('table', { name: 'RA 11898 figures 2026' });
    expect(within(table).getByText('Shortfall').closest('tr')).toHaveTextContent('100,000 kg');
    expect(within(table).getByText('Required').closest('tr')).toHaveTextContent('60.00 % target');
    expect(screen.getByText('Fine exposure: ₱5,000,000.00 to ₱20,000,000.00')).toBeInTheDocument();
    expect(
      screen.getByText('Twice the cost of recovering the shortfall: ₱2,500,000.00.'),
    ).toBeInTheDocument();
    const retired = screen.getByRole('table', { name: 'Credits retired for 2026' });
    expect(retired).toHaveTextContent(
      'PH-PTEPR-ECO-MNL1-2026-0001-000001 to PH-PTEPR-ECO-MNL1-2026-0001-000050',
    );
    expect(within(retired).getByRole('link', { name: /Log proof of batch/ })).toHaveAttribute(
      'href',
      `/verify/${ids.batch}`,
    );
    const checklist = screen.getByRole('list', { name: 'Evidence checklist 2026' });
    expect(checklist).toHaveTextContent('ECAR drafted: to do');
    expect(checklist).toHaveTextContent('Plastic footprint 2026: done');
    expect(screen.getByRole('table', { name: 'Footprint 2026 by category' })).toHaveTextContent('200,000 kg');
    // An auditor reads: the office's buttons are not theirs.
    expect(screen.queryByRole('button', { name: 'Draft ECAR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter footprint' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('says when there is no shortfall, and moves between years through the address', async () => {
    const { server } = renderPage('manager', {
      'GET /api/compliance/years/2026': json(
        year({
          recovered_kg: '150000.000',
          retired_credits: 150,
          shortfall_kg: '0.000',
          fine: {
            status: 'none',
            low_php: '0.00',
            high_php: '0.00',
            twice_cost_php: null,
            statement: 'No shortfall.',
          },
        }),
      ),
      'GET /api/compliance/years/2025': json(year({ year: 2025 })),
    });
    expect(await screen.findByText('No fine exposure')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Surplus 0 kg$/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Compliance year' }), '2025');
    await waitFor(() => expect(server.calls('GET', '/api/compliance/years/2025')).toHaveLength(1));
  });

  it('lets the office enter a footprint, checked as the server checks it', async () => {
    const { server } = renderPage('manager', {
      'POST /api/compliance/footprints': json(footprints(), 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enter footprint' }));
    const dialog = screen.getByRole('dialog', { name: 'Enter the 2026 footprint' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Packaging category' }),
      'sachet',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Footprint \(kg\)/ }), '1,200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    expect(await within(dialog).findByText(/Footprint: .*comma/i)).toBeInTheDocument();
    expect(server.calls('POST', '/api/compliance/footprints')).toHaveLength(0);
    const kg = within(dialog).getByRole('textbox', { name: /Footprint \(kg\)/ });
    await userEvent.clear(kg);
    await userEvent.type(kg, '1200.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(server.calls('POST', '/api/compliance/footprints')).toHaveLength(1));
    const call = server.calls('POST', '/api/compliance/footprints')[0];
    expect(call?.body).toEqual({ year: 2026, category: 'sachet', kg: '1200.5', note: null });
    expect(call?.headers['idempotency-key']).toBeTruthy();
  });

  it('computes the footprint from production and adopts it after confirming', async () => {
    const { server } = renderPage('manager', {
      'POST /api/compliance/footprints/adopt': json(footprints(), 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Compute from production' }));
    const table = await screen.findByRole('table', { name: 'Computed footprint 2026' });
    expect(table).toHaveTextContent('105.69 kg');
    expect(screen.getByRole('table', { name: 'Products made in 2026' })).toHaveTextContent('3,900');
    await userEvent.click(screen.getByRole('button', { name: 'Adopt as the 2026 footprint' }));
    const dialog = screen.getByRole('dialog', { name: 'Adopt the computed 2026 footprint?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    await waitFor(() => expect(server.calls('POST', '/api/compliance/footprints/adopt')).toHaveLength(1));
    expect(server.calls('POST', '/api/compliance/footprints/adopt')[0]?.body).toEqual({ year: 2026 });
  });

  it('drafts the ECAR for the office and opens it', async () => {
    const { server } = renderPage('manager', {
      'POST /api/compliance/years/2026/ecar': json(report(), 201),
      [`GET /api/compliance/ecar/${ids.report}`]: json(report()),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Draft ECAR' }));
    const dialog = screen.getByRole('dialog', { name: 'Draft the 2026 ECAR?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Draft version 1' }));
    expect(await screen.findByRole('heading', { name: /ECAR 2026, version 1/ })).toBeInTheDocument();
    expect(
      server.calls('POST', '/api/compliance/years/2026/ecar')[0]?.headers['idempotency-key'],
    ).toBeTruthy();
  });

  it('saves the profile with the version it read', async () => {
    const { server } = renderPage('admin', { 'PUT /api/compliance/profile': json(profile({ version: 4 })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Compliance profile' });
    const cost = within(dialog).getByRole('textbox', { name: /Recovery cost/ });
    await userEvent.clear(cost);
    await userEvent.type(cost, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(server.calls('PUT', '/api/compliance/profile')).toHaveLength(1));
    expect(server.calls('PUT', '/api/compliance/profile')[0]?.body).toEqual({
      obliged: true,
      enterprise_kind: 'brand_owner',
      total_assets_php: '250000000.00',
      registration_no: 'NSWMC-2026-0042',
      recovery_cost_php_per_kg: '150',
      version: 3,
    });
  });

  it('shows the figures as cards on a phone', async () => {
    await onPhone(async () => {
      renderPage('auditor');
      expect(await screen.findByRole('list', { name: 'RA 11898 figures 2026' })).toHaveTextContent(
        '100,000 kg',
      );
    });
  });
});
