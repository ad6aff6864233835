import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '../../components/map/PointsMap.tsx';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { FranchiseesPage } from './FranchiseesPage.tsx';
import {
  franchiseePage,
  NO_FRANCHISEES,
  PERFORMANCE,
  performanceEnding,
  supplierPage,
  TONDO,
} from './testData.ts';

// Leaflet does not run in jsdom: the lazily loaded map is a stand-in listing what it was given.
vi.mock('../../components/map/PointsMap.tsx', () => ({
  PointsMap: ({ label, points }: { label: string; points: MapPoint[] }) => (
    <div role="img" aria-label={label}>
      {points.map((p) => `${p.label} [${p.color}]`).join(' | ')}
    </div>
  ),
}));

const PERF = '/api/franchisees/performance';

function renderPage(
  url: string,
  handlers: Record<string, Handler> = {},
  role: 'manager' | 'operator' = 'manager',
) {
  const server = fakeApi({
    ...signInAs(role),
    [`GET ${PERF}`]: json(PERFORMANCE),
    'GET /api/franchisees': json(franchiseePage([TONDO])),
    'GET /api/suppliers': json(supplierPage),
    ...handlers,
  });
  renderWithAuth(page('/franchisee', FranchiseesPage), url);
  return { server, user: userEvent.setup() };
}
const query = (server: ReturnType<typeof fakeApi>) =>
  new URL(server.calls('GET', PERF).at(-1)?.url ?? '', 'http://x').searchParams.toString();

/**
 * Opens the new-franchisee form with its code, name, supplier, owner, royalty and target filled in.
 * Text is pasted, not typed key by key: the form checks itself on every change, which jsdom makes slow.
 */
async function newFranchisee(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New franchisee' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New franchisee' }));
  const fill = async (name: RegExp, text: string) => {
    act(() => dialog.getByLabelText(name).focus());
    await user.paste(text);
  };
  await fill(/^Code/, 'FR-X');
  await fill(/^Name/, 'Point X');
  await user.selectOptions(
    dialog.getByRole('combobox', { name: /^Supplier/ }),
    await dialog.findByRole('option', { name: 'JM Santos Junkshop (SUP-0003)' }),
  );
  await fill(/^Owner/, 'Ana Cruz');
  await user.selectOptions(dialog.getByRole('combobox', { name: /^Fee$/ }), 'Royalty (% of purchases)');
  await fill(/^Monthly target/, '500');
  return { dialog, fill };
}

// The organization's today is 1 Nov 2026 in Manila; only the clock is fixed, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-01T04:00:00Z'));
});

describe('Franchisees', () => {
  it('maps the franchisees with coordinates, coloured by the month’s % of target, and lists them all', async () => {
    const { server } = renderPage('/franchisee?month=2026-10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Franchisees' })).toBeInTheDocument();
    const map = await screen.findByRole('img', { name: /coloured by their % of target in Oct 2026/ });
    expect(map).toHaveTextContent('Point Tondo: 106.3 % of target [#2f9e44]');
    expect(map).not.toHaveTextContent('Caloocan');
    expect(
      screen.getByText('1 of 2 franchisees have no coordinates and are only listed.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Franchisees in Oct 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Point Caloocan (FR-CALOOCAN)CaloocanTatay Ben Junkshop120.5 kg500 kg24.1 %',
      'Point Tondo (FR-TONDO)ManilaJM Santos Junkshop425.25 kg400 kg106.3 %',
    ]);
    expect(screen.getByRole('list', { name: 'What the colours mean' })).toHaveTextContent(
      'Behind (under 75 %)',
    );
    expect(query(server)).toBe('month=2026-10&months=6');
  });

  it('asks for the months chosen, this month by default', async () => {
    const previous: Record<string, string> = { '2026-11': '2026-10', '2026-09': '2026-08' };
    const { server, user } = renderPage('/franchisee', {
      [`GET ${PERF}`]: (r) => {
        const month = new URL(r.url, 'http://x').searchParams.get('month') ?? '';
        return Response.json(performanceEnding(previous[month] ?? '', month));
      },
    });
    await screen.findByRole('table', { name: 'Franchisees in Nov 2026' });
    expect(query(server)).toBe('month=2026-11&months=6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'Sep 2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Months shown' }), '3 months');
    await waitFor(() => expect(query(server)).toBe('month=2026-09&months=3'));
    expect(await screen.findByRole('table', { name: 'Franchisees in Sep 2026' })).toHaveTextContent(
      '106.3 %',
    );
  });

  it('draws volume against target as bars, with the figures in words', async () => {
    const { user } = renderPage('/franchisee?month=2026-10');
    await user.click(await screen.findByRole('tab', { name: 'Volume vs target' }));
    const tondo = await screen.findByRole('list', {
      name: 'Point Tondo (FR-TONDO): volume against target by month',
    });
    expect(
      within(tondo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sep 2026350 kg of 400 kg · 87.5 % of target',
      'Oct 2026425.25 kg of 400 kg · 106.3 % of target',
    ]);
    const all = screen.getByRole('list', { name: 'All franchisees: volume against target by month' });
    expect(all).toHaveTextContent('Oct 2026545.75 kg of 900 kg · 60.6 % of target');
    // The bars are drawn for the eye; the words above are what is read.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lists fees due and payouts month by month, with no fee outside the agreement', async () => {
    const { user } = renderPage('/franchisee?month=2026-10&tab=payouts');
    const table = await screen.findByRole('table', { name: 'Fees due and payouts by month' });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Oct 2026', 'Point Caloocan', '₱1,203.80', '₱42.18', '₱0.00'],
      ['Oct 2026', 'Point Tondo', '₱5,103.00', '₱191.36', '₱500.00'],
      ['Oct 2026', 'All franchisees', '₱6,306.80', '₱233.54', '₱500.00'],
      ['Sep 2026', 'Point Caloocan', '₱800.00', 'No agreement', '₱0.00'],
      ['Sep 2026', 'Point Tondo', '₱3,950.00', '₱148.13', '₱1,000.00'],
      ['Sep 2026', 'All franchisees', '₱4,750.00', '₱148.13', '₱1,000.00'],
      ['All months, all franchisees', '₱11,056.80', '₱381.67', '₱1,500.00'],
    ]);
    expect(
      screen.getByText(/^Fees: Point Caloocan ₱0.35 a kg · Point Tondo 3.75 % of purchases\. Payouts are/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Network' }));
    expect(await screen.findByRole('table', { name: 'Franchisees in Oct 2026' })).toBeInTheDocument();
  });

  it('shows the network as cards on a phone', async () => {
    await onPhone(async () => {
      renderPage('/franchisee?month=2026-10');
      const cards = await screen.findByRole('list', { name: 'Franchisees in Oct 2026' });
      const items = within(cards).getAllByRole('listitem');
      expect(items[1]).toHaveTextContent(
        'Point Tondo (FR-TONDO)Manila · JM Santos Junkshop106.3 %425.25 kg of 400 kg',
      );
    });
  });

  it('says what an empty network is for', async () => {
    renderPage('/franchisee', { [`GET ${PERF}`]: json(NO_FRANCHISEES) });
    expect(
      await screen.findByRole('heading', { name: 'No franchisees in the network yet' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a failed load of the figures with a retry', async () => {
    const { server, user } = renderPage('/franchisee?month=2026-10', {
      [`GET ${PERF}`]: apiError(500, 'internal_error', 'Something went wrong on our side.'),
    });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The franchisees’ figures could not be loaded');
    server.on(`GET ${PERF}`, json(PERFORMANCE));
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Franchisees in Oct 2026' })).toBeInTheDocument();
  });

  it('checks the rules between fields in the server’s words before sending', async () => {
    const { server, user } = renderPage('/franchisee?tab=records');
    const { dialog, fill } = await newFranchisee(user);
    await fill(/^Latitude/, '14.6');
    await fill(/^Agreement from/, '2026-06-01');
    await fill(/^Agreement until/, '2026-05-31');
    await fill(/^Fee amount/, '120');
    await user.click(dialog.getByRole('button', { name: 'Create franchisee' }));
    expect(await dialog.findByText('Enter both latitude and longitude, or neither')).toBeInTheDocument();
    expect(dialog.getByText('The agreement cannot end before it starts')).toBeInTheDocument();
    expect(dialog.getByText('A royalty is at most 100 %')).toBeInTheDocument();
    expect(server.calls('POST', '/api/franchisees')).toHaveLength(0);
  });

  it('sends a new franchisee, and puts a supplier already taken under the supplier', async () => {
    const message = 'This supplier is already franchisee FR-TONDO (Point Tondo)';
    const { server, user } = renderPage('/franchisee?tab=records', {
      'POST /api/franchisees': apiError(409, 'conflict', message, {
        fields: { 'body.supplier_id': message },
      }),
    });
    const { dialog, fill } = await newFranchisee(user);
    await fill(/^Agreement from/, '2026-06-01');
    await fill(/^Fee amount/, '3.75');
    await user.click(dialog.getByRole('button', { name: 'Create franchisee' }));
    await waitFor(() => expect(server.calls('POST', '/api/franchisees')).toHaveLength(1));
    expect(server.calls('POST', '/api/franchisees')[0]?.body).toEqual({
      code: 'FR-X',
      name: 'Point X',
      supplier_id: TONDO.supplier.id,
      owner_name: 'Ana Cruz',
      agreement_start: '2026-06-01',
      fee_kind: 'royalty_pct',
      fee_value: '3.75',
      monthly_target_kg: '500',
    });
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: /^Supplier/ })).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
  });

  it('lets operators read the records but not add', async () => {
    const { user } = renderPage('/franchisee', {}, 'operator');
    await user.click(await screen.findByRole('tab', { name: 'Records' }));
    expect(await screen.findByRole('button', { name: 'View FR-TONDO: Point Tondo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New franchisee' })).not.toBeInTheDocument();
  });
});
