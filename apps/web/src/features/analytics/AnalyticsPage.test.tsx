import { analyticsDefaultFrom } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../components/common/datetime.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, hang, json } from '../../test/fakeApi.ts';
import { emptyPage, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { emptyIntake, intakeBySupplier, productionByPeriod, RECORD, records, SUPPLIER } from './testData.ts';

const INTAKE = '/api/analytics/intake';
const RANGE = 'range=custom&from=2026-09-01&to=2026-10-15';
/** Master data the filters list: none needed here. */
const quiet = { 'GET /api/facilities': emptyPage, 'GET /api/materials': emptyPage };
const render = (search = '') => renderWithAuth(page('/analytics', AnalyticsPage), `/analytics${search}`);
const sent = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

describe('Analytics', () => {
  it('says it is loading, then asks for the last twelve months by month', async () => {
    const server = fakeApi({ ...signInAs('manager'), ...quiet }, { otherwise: hang });
    render();
    expect(await screen.findByText('Loading the intake figures…')).toBeInTheDocument();
    const today = todayIn('Asia/Manila');
    expect(sent(server.calls('GET', INTAKE)[0]?.url)).toEqual({
      from: analyticsDefaultFrom(today),
      to: today,
      group: 'month',
      by: 'period',
    });
  });

  it('says when the range holds nothing, and shows the server’s error with a retry', async () => {
    const server = fakeApi({ ...signInAs('auditor'), ...quiet, [`GET ${INTAKE}`]: json(emptyIntake) });
    const { unmount } = render(`?${RANGE}`);
    expect(await screen.findByText('Nothing in this range')).toBeInTheDocument();
    unmount();

    server.on(`GET ${INTAKE}`, apiError(500, 'internal_error', 'Internal server error'));
    render(`?${RANGE}`);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });

  it('shows a tab’s figures in a chart and a table with the same numbers, and the informal share', async () => {
    const server = fakeApi({ ...signInAs('manager'), ...quiet, [`GET ${INTAKE}`]: json(intakeBySupplier) });
    render(`?${RANGE}&by=supplier`);
    const name = 'Net kg received by month and supplier';
    const table = await screen.findByRole('table', { name });
    expect(screen.getByRole('figure', { name })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /Sep 2026.*Green Junkshop.*1,250\.5 kg.*1,200 kg.*₱18,000\.00.*4.*₱15\.00\/kg/,
    );
    expect(rows.at(-1)).toHaveTextContent(/Total.*2,350\.5 kg.*2,280 kg.*₱33,300\.00.*7.*₱14\.61\/kg/);
    expect(screen.getByText(/Informal sector \(waste pickers and junkshops\)/)).toHaveTextContent(
      '87.24 % of the net kg, 2,050.5 kg',
    );
    expect(sent(server.calls('GET', INTAKE).at(-1)?.url)).toEqual({
      from: '2026-09-01',
      to: '2026-10-15',
      group: 'month',
      by: 'supplier',
    });
  });

  it('refuses a range the server would refuse before asking it', async () => {
    const server = fakeApi({ ...signInAs('manager'), ...quiet, [`GET ${INTAKE}`]: json(intakeBySupplier) });
    render('?range=custom&from=2026-10-20&to=2026-10-01');
    expect(await screen.findByText('The range starts after it ends')).toBeInTheDocument();
    expect(server.calls('GET', INTAKE)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the tab as shown, as XLSX', async () => {
    const save = catchDownloads();
    const server = fakeApi({
      ...signInAs('auditor'),
      ...quiet,
      [`GET ${INTAKE}`]: json(intakeBySupplier),
      [`GET ${INTAKE}/export`]: () =>
        new Response('x', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="analytics-intake.xlsx"',
          },
        }),
    });
    render(`?${RANGE}&by=supplier&group=month`);
    await screen.findByRole('table', { name: 'Net kg received by month and supplier' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(sent(server.calls('GET', `${INTAKE}/export`)[0]?.url)).toEqual({
      from: '2026-09-01',
      to: '2026-10-15',
      group: 'month',
      by: 'supplier',
      format: 'xlsx',
    });
  });

  it('opens the records behind a row’s period in a drawer, each linking to its page', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      ...quiet,
      [`GET ${INTAKE}`]: json(intakeBySupplier),
      'GET /api/analytics/records': json(records),
    });
    const user = userEvent.setup();
    render(`?${RANGE}&by=supplier`);
    await user.click(await screen.findByRole('button', { name: 'Records of Oct 2026, Green Junkshop' }));
    const drawer = await screen.findByRole('dialog', { name: 'The deliveries of Oct 2026 · Green Junkshop' });
    const list = await within(drawer).findByRole('table', { name: 'The deliveries' });
    expect(within(list).getByRole('link', { name: 'RR-2026-000042' })).toHaveAttribute(
      'href',
      `/receive-records/${RECORD}`,
    );
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent(/Green Junkshop.*800 kg.*₱11,700\.00/);
    expect(sent(server.calls('GET', '/api/analytics/records')[0]?.url)).toEqual({
      from: '2026-09-01',
      to: '2026-10-15',
      group: 'month',
      measure: 'received',
      period_start: '2026-10-01',
      by: 'supplier',
      key: SUPPLIER,
      limit: '50',
    });
    await user.click(within(drawer).getByRole('button', { name: 'Close the records' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches to production, which offers no material filter, and keeps the tab in the address', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      ...quiet,
      [`GET ${INTAKE}`]: json(intakeBySupplier),
      'GET /api/analytics/production': json(productionByPeriod),
    });
    const user = userEvent.setup();
    const { router } = render(`?${RANGE}&material=${SUPPLIER}`);
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Material' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Production' }));
    const table = await screen.findByRole('table', { name: 'Inputs, kg by month' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /Oct 2026.*3.*1,000 kg.*900 kg.*90\.00 %.*100 kg.*Landfill 60 kg · Evaporated or drained \(water\) 40 kg.*250 kWh.*312\.5 kWh\/t \(2 runs\)/,
    );
    expect(screen.queryByRole('combobox', { name: 'Material' })).toBeNull();
    expect(router.state.location.search).toContain('tab=production');
    // The material chosen for intake is not sent: runs carry no material.
    expect(sent(server.calls('GET', '/api/analytics/production')[0]?.url)).not.toHaveProperty('material_id');
  });
});
