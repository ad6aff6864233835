import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ADMIN, AUDITOR, reportOf } from './testData.ts';

const PATHS = ['/reports/daily', '/reports/monthly', '/reports/annual', '/reports/inventory'];
const routes = PATHS.map((path) => ({ path, Component: ReportPage }));

function renderReport(
  url: string,
  handlers: Record<string, Handler> = {},
  role: 'manager' | 'auditor' = 'manager',
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/reports/monthly': (r) => {
      const month = new URL(r.url, 'http://x').searchParams.get('month') ?? '';
      return Response.json(reportOf('monthly', month, month === '2026-09' ? '100.000' : '29440.500'));
    },
    'GET /api/reports/recipients': json({ items: [ADMIN, AUDITOR] }),
    ...handlers,
  });
  renderWithAuth(routes, url);
  return { server, user: userEvent.setup() };
}
const asked = (server: ReturnType<typeof fakeApi>, path: string) =>
  server.calls('GET', path).map((c) => new URL(c.url, 'http://x').searchParams.toString());

// The organization's today is 5 November 2026 in Manila; only the clock is fixed, timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-05T04:00:00Z'));
});

describe('a report page', () => {
  it('previews the report’s figures and tables, with their totals', async () => {
    const { server } = renderReport('/reports/monthly?month=2026-10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly report' })).toBeInTheDocument();
    const volumes = await screen.findByRole('region', { name: 'Volumes' });
    expect(within(volumes).getByText('Received', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '29,440.5 kg',
    );
    expect(within(volumes).getByText('12', { selector: 'dd' })).toBeInTheDocument();
    const table = within(volumes).getByRole('table', { name: 'By material' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MaterialReceivedPurchases',
      'PET clear bottles12,887.2 kg₱217,828.44',
      'HDPE natural rigid16,553.3 kg₱201,704.84',
      'Total29,440.5 kg₱419,533.28',
    ]);
    // A table without rows says so instead of showing an empty grid.
    const finances = screen.getByRole('region', { name: 'Finances' });
    expect(within(finances).getByText('No entries in the books in this period.')).toBeInTheDocument();
    expect(within(finances).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/October 2026 · made/)).toBeInTheDocument();
    expect(asked(server, '/api/reports/monthly')).toEqual(['month=2026-10']);
  });

  it('shows a table as cards on a phone, the totals last', async () => {
    await onPhone(async () => {
      renderReport('/reports/monthly?month=2026-10');
      const cards = await screen.findByRole('list', { name: 'By material' });
      const items = within(cards).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('MaterialPET clear bottlesReceived12,887.2 kgPurchases₱217,828.44');
      expect(items[2]).toHaveTextContent('TotalReceived29,440.5 kgPurchases₱419,533.28');
    });
  });

  it('asks for the current month by default and for the month chosen', async () => {
    const { server, user } = renderReport('/reports/monthly');
    await screen.findByText(/November 2026 · made/);
    expect(asked(server, '/api/reports/monthly')).toEqual(['month=2026-11']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'September 2026');
    const volumes = await screen.findByRole('region', { name: 'Volumes' });
    await waitFor(() =>
      expect(within(volumes).getByText('Received', { selector: 'dt' }).nextSibling).toHaveTextContent(
        '100 kg',
      ),
    );
    expect(asked(server, '/api/reports/monthly').at(-1)).toBe('month=2026-09');
    // A month in the future is not offered: a typed-in one reads as the current month.
    expect(screen.queryByRole('option', { name: 'December 2026' })).not.toBeInTheDocument();
  });

  it('reads a day that has not come yet as today', async () => {
    const { server } = renderReport('/reports/daily?day=2026-12-24', {
      'GET /api/reports/daily': json(reportOf('daily', '2026-11-05')),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily report' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Day')).toHaveValue('2026-11-05');
    expect(asked(server, '/api/reports/daily')).toEqual(['day=2026-11-05']);
  });

  it('downloads the period shown as PDF and as XLSX', async () => {
    const click = catchDownloads();
    const file = (type: string) => () =>
      new Response('bytes', {
        headers: { 'content-type': type, 'content-disposition': 'attachment; filename="r"' },
      });
    const { server, user } = renderReport('/reports/monthly?month=2026-10', {
      'GET /api/reports/monthly': (r) =>
        r.url.includes('format=pdf')
          ? file('application/pdf')()
          : r.url.includes('format=xlsx')
            ? file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')()
            : Response.json(reportOf('monthly', '2026-10')),
    });
    await screen.findByRole('region', { name: 'Volumes' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(asked(server, '/api/reports/monthly')).toEqual([
      'month=2026-10',
      'month=2026-10&format=pdf',
      'month=2026-10&format=xlsx',
    ]);
  });

  it('says why a download failed', async () => {
    const { user } = renderReport('/reports/monthly?month=2026-10', {
      'GET /api/reports/monthly': (r) =>
        r.url.includes('format=pdf')
          ? Response.json(
              { code: 'internal_error', message: 'The PDF could not be made', error: 'x' },
              { status: 500 },
            )
          : Response.json(reportOf('monthly', '2026-10')),
    });
    await screen.findByRole('region', { name: 'Volumes' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be made');
  });

  it('offers to schedule the report to those who may, preset to it', async () => {
    const { user } = renderReport('/reports/monthly?month=2026-10');
    await user.click(await screen.findByRole('button', { name: 'Schedule this report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule a report' }));
    expect(dialog.getByRole('combobox', { name: /^Report/ })).toHaveValue('monthly');
    expect(
      await dialog.findByRole('checkbox', { name: `${AUDITOR.name} (${AUDITOR.email})` }),
    ).not.toBeChecked();
  });

  it('shows an auditor the report and downloads, without scheduling', async () => {
    renderReport('/reports/monthly?month=2026-10', {}, 'auditor');
    await screen.findByRole('region', { name: 'Volumes' });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule this report' })).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    renderReport('/reports/annual', {
      'GET /api/reports/annual': () =>
        Response.json(
          { code: 'internal_error', message: 'Database away', error: 'Database away' },
          { status: 500 },
        ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The annual report could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
