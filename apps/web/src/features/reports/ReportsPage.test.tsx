import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ReportsPage } from './ReportsPage.tsx';
import { ADMIN, AUDITOR, scheduleOf } from './testData.ts';

const SCHEDULES = '/api/reports/schedules';

function renderReports(handlers: Record<string, Handler> = {}, role: 'manager' | 'auditor' = 'manager') {
  const server = fakeApi({
    ...signInAs(role),
    [`GET ${SCHEDULES}`]: json({ items: [scheduleOf()] }),
    'GET /api/reports/recipients': json({ items: [ADMIN, AUDITOR] }),
    ...handlers,
  });
  renderWithAuth([{ path: '/reports', Component: ReportsPage }], '/reports');
  return { server, user: userEvent.setup() };
}

describe('the reports page', () => {
  it('lists every report with what it holds, and the schedules with their recipients', async () => {
    renderReports({}, 'auditor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    for (const [name, path] of [
      ['daily report', '/reports/daily'],
      ['monthly report', '/reports/monthly'],
      ['annual report', '/reports/annual'],
      ['inventory report', '/reports/inventory'],
      ['supply chain', '/reports/supply-chain'],
      ['user transactions', '/reports/user-transactions'],
    ])
      expect(screen.getByRole('link', { name: `Open the ${name}` })).toHaveAttribute('href', path);
    const list = await screen.findByRole('list', { name: 'Report schedules' });
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(item).toHaveTextContent('Monthly report as Excel (XLSX)');
    expect(item).toHaveTextContent(`To ${ADMIN.name}, ${AUDITOR.name} (no longer receives reports)`);
    expect(item).toHaveTextContent('last sent: October 2026');
    // Auditors read schedules; administrators and managers change them.
    expect(screen.queryByRole('button', { name: 'New schedule' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing is scheduled, and offers to schedule', async () => {
    renderReports({ [`GET ${SCHEDULES}`]: json({ items: [] }) });
    expect(await screen.findByRole('heading', { name: 'No report is scheduled' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule a report' })).toBeInTheDocument();
  });

  it('checks a new schedule before sending it, and shows the server’s refusal under the recipients', async () => {
    const { server, user } = renderReports({
      [`POST ${SCHEDULES}`]: apiError(
        422,
        'unprocessable',
        'Reports go only to active members who may read them',
        {
          fields: { 'body.recipient_user_ids.0': 'Choose an active member who may read reports' },
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule a report' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Report/ }), 'Inventory report');
    expect(
      dialog.getByText(/Sent every day at 18:00, the stock of that day \(Asia\/Manila\)/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await dialog.findByText('Choose at least one member')).toBeInTheDocument();
    expect(server.calls('POST', SCHEDULES)).toHaveLength(0);

    await user.click(await dialog.findByRole('checkbox', { name: `${AUDITOR.name} (${AUDITOR.email})` }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Format/ }), 'PDF');
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(server.calls('POST', SCHEDULES)).toHaveLength(1));
    const sent = server.calls('POST', SCHEDULES)[0];
    expect(sent?.body).toEqual({
      report: 'inventory',
      format: 'pdf',
      recipient_user_ids: [AUDITOR.user_id],
      active: true,
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    expect(
      await dialog.findByText(
        `${AUDITOR.name} (${AUDITOR.email}): Choose an active member who may read reports`,
      ),
    ).toBeInTheDocument();
  });

  it('changes a schedule with the version it read, and removes one after asking', async () => {
    const { server, user } = renderReports({
      // The auditor of the schedule has since lost the role.
      'GET /api/reports/recipients': json({ items: [ADMIN] }),
      [`PUT ${SCHEDULES}/${scheduleOf().id}`]: json(scheduleOf({ active: false, version: 3 })),
      [`DELETE ${SCHEDULES}/${scheduleOf().id}`]: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change the monthly report schedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the monthly report schedule' }));
    // A recipient who may no longer receive reports is shown, to be taken off.
    await user.click(
      await dialog.findByRole('checkbox', { name: `${AUDITOR.name}: no longer receives reports` }),
    );
    await user.click(dialog.getByRole('switch', { name: 'Send on schedule' }));
    await user.click(dialog.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(server.calls('PUT', `${SCHEDULES}/${scheduleOf().id}`)).toHaveLength(1));
    expect(server.calls('PUT', `${SCHEDULES}/${scheduleOf().id}`)[0]?.body).toEqual({
      report: 'monthly',
      format: 'xlsx',
      recipient_user_ids: [ADMIN.user_id],
      active: false,
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove the monthly report schedule' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this schedule?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove schedule' }));
    await waitFor(() => expect(server.calls('DELETE', `${SCHEDULES}/${scheduleOf().id}`)).toHaveLength(1));
  });
});
