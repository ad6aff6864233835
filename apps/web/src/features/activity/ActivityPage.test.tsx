import { memberSchema, page, transactionLogEntrySchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page as route, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { useControlledTimers } from '../../test/timers.ts';
import { wire } from '../../test/wire.ts';
import { ActivityDetailPage } from './ActivityDetailPage.tsx';
import { ActivityPage } from './ActivityPage.tsx';

const entry = wire(transactionLogEntrySchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
  user_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02',
  user_name: 'Juan Cruz',
  transaction_type: 'CREATE_RECORD',
  source: 'server',
  description: 'Created receive record RR-0042',
  amount: '15250.5',
  currency: 'PHP',
  status: 'Completed',
  reference_id: 'RR-0042',
  payment_method: 'System',
  metadata: { recordType: 'receive_record', recordCount: 1, parameters: { facility: 'MNL1' } },
  created_at: '2026-05-20T16:30:00Z',
});
const member = wire(memberSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01',
  user_id: entry.user_id,
  email: 'juan@ecoplast.ph',
  first_name: 'Juan',
  last_name: 'Cruz',
  phone: null,
  role: 'operator',
  status: 'active',
  supplier_id: null,
  supplier_name: null,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
});

const LIST = '/api/dashboard/user-transactions';
const routes = [
  ...route('/user-transactions', ActivityPage),
  ...route('/transactions/:id', ActivityDetailPage),
];

describe('ActivityPage', () => {
  it('shows entries with the time in the organization’s zone and the amount in pesos', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET ${LIST}`]: json(wire(page(transactionLogEntrySchema), { items: [entry], next_cursor: null })),
      'GET /api/members': emptyPage,
    });
    renderWithAuth(routes, '/user-transactions');
    const row = (await screen.findByText('Created receive record RR-0042')).closest('tr') as HTMLElement;
    expect(within(row).getByText('₱15,250.50')).toBeInTheDocument();
    // 16:30 UTC on the 20th is 00:30 on the 21st in Manila.
    expect(within(row).getByRole('link', { name: 'May 21, 2026, 12:30 AM' })).toHaveAttribute(
      'href',
      `/transactions/${entry.id}`,
    );
    expect(within(row).getByText('Create record')).toBeInTheDocument();
  });

  it('shows cards on a phone: when and what first, then who and the amount', async () => {
    await onPhone(async () => {
      fakeApi({
        ...signInAs('manager'),
        [`GET ${LIST}`]: json(wire(page(transactionLogEntrySchema), { items: [entry], next_cursor: null })),
        'GET /api/members': emptyPage,
      });
      renderWithAuth(routes, '/user-transactions');
      const list = await screen.findByRole('list', { name: 'Activity log' });
      const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
      expect(within(card).getByRole('link', { name: 'May 21, 2026, 12:30 AM' })).toHaveAttribute(
        'href',
        `/transactions/${entry.id}`,
      );
      expect(card).toHaveTextContent('Created receive record RR-0042');
      expect(card).toHaveTextContent('Juan Cruz');
      expect(card).toHaveTextContent('₱15,250.50');
      expect(screen.queryByRole('table', { name: 'Activity log' })).not.toBeInTheDocument();
    });
  });

  it('sends the filters as the API’s query', async () => {
    // Typing takes no time on this clock: on a busy machine, real pauses between keys could pass the
    // 300 ms debounce and make requests the code does not make.
    useControlledTimers();
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${LIST}`]: emptyPage,
      'GET /api/members': json(wire(page(memberSchema), { items: [member], next_cursor: null })),
    });
    renderWithAuth(routes, '/user-transactions');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'Create record');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Member' }), 'Juan Cruz');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-31' } });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'RR-0042');

    await waitFor(() => expect(server.calls('GET', LIST).at(-1)?.url).toContain('q=RR-0042'));
    const params = new URL(server.calls('GET', LIST).at(-1)?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      type: 'CREATE_RECORD',
      user_id: entry.user_id,
      from: '2026-05-01T00:00:00+08:00',
      to: '2026-06-01T00:00:00+08:00',
      q: 'RR-0042',
      limit: '50',
    });
    // The search is debounced: typing seven characters did not make seven requests.
    expect(server.calls('GET', LIST).filter((r) => r.url.includes('q=')).length).toBeLessThan(3);
    // Nothing shown, nothing to export.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('offers no member filter to roles that see only their own activity', async () => {
    const server = fakeApi({ ...signInAs('operator'), [`GET ${LIST}`]: emptyPage });
    renderWithAuth(routes, '/user-transactions');
    expect(await screen.findByText('No activity recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/members')).toHaveLength(0);
    // Exports are for the roles with data.export; the server would refuse an operator's.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('says who wrote each entry: the server, or an app that reported it', async () => {
    const reported = wire(transactionLogEntrySchema, {
      ...entry,
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c02',
      transaction_type: 'LOGIN',
      source: 'client',
      description: 'Signed in with a password',
      amount: '0',
      reference_id: null,
      metadata: {},
    });
    fakeApi({
      ...signInAs('operator'),
      [`GET ${LIST}`]: json(
        wire(page(transactionLogEntrySchema), { items: [entry, reported], next_cursor: null }),
      ),
    });
    renderWithAuth(routes, '/user-transactions');
    const written = (await screen.findByText('Created receive record RR-0042')).closest('tr') as HTMLElement;
    expect(within(written).getByText('Recorded by the server')).toBeInTheDocument();
    expect(within(written).queryByText('Reported by the app')).not.toBeInTheDocument();
    const signIn = screen.getByText('Signed in with a password').closest('tr') as HTMLElement;
    expect(within(signIn).getByText('Reported by the app')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV with the session’s token', async () => {
    const server = fakeApi({
      ...signInAs('auditor'),
      [`GET ${LIST}`]: json(wire(page(transactionLogEntrySchema), { items: [entry], next_cursor: null })),
      'GET /api/members': emptyPage,
      [`GET ${LIST}/export.csv`]: () =>
        new Response('created_at,user\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="activity-log.csv"',
          },
        }),
    });
    // jsdom has no object URLs; the download link's click is all there is to check.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:activity');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithAuth(routes, '/user-transactions?type=LOGIN');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = server.calls('GET', `${LIST}/export.csv`)[0];
    expect(request?.url).toContain('type=LOGIN');
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(await screen.findByText('The activity log has been exported.')).toBeInTheDocument();
  });
});

describe('ActivityDetailPage', () => {
  it('shows every field and the metadata', async () => {
    fakeApi({ ...signInAs('manager'), [`GET ${LIST}/${entry.id}`]: json(entry) });
    renderWithAuth(routes, `/transactions/${entry.id}`);
    await screen.findByText('Created receive record RR-0042');
    const details = screen.getByLabelText('Entry details');
    expect(details).toHaveTextContent('May 21, 2026, 12:30 AM');
    expect(details).toHaveTextContent('Juan Cruz');
    expect(details).toHaveTextContent('₱15,250.50');
    expect(details).toHaveTextContent('RR-0042');
    expect(details).toHaveTextContent(
      'SourceRecorded by the serverThe server wrote this entry itself, in the same transaction as the change it describes',
    );
    const metadata = screen.getByRole('region', { name: 'Metadata' });
    expect(metadata).toHaveTextContent('recordType');
    expect(metadata).toHaveTextContent('receive_record');
    expect(metadata).toHaveTextContent('"facility": "MNL1"');
  });

  it('explains an event an app reported', async () => {
    const reported = wire(transactionLogEntrySchema, {
      ...entry,
      transaction_type: 'QR_CODE_DOWNLOAD',
      source: 'client',
    });
    fakeApi({ ...signInAs('operator'), [`GET ${LIST}/${entry.id}`]: json(reported) });
    renderWithAuth(routes, `/transactions/${entry.id}`);
    const details = await screen.findByLabelText('Entry details');
    expect(within(details).getByText('Reported by the app')).toBeInTheDocument();
    expect(details).toHaveTextContent('did not see the event happen itself');
  });

  it('says so when the entry does not exist, with a way back', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${LIST}/${entry.id}`]: apiError(404, 'not_found', 'Activity entry not found'),
    });
    renderWithAuth(routes, `/transactions/${entry.id}`);
    expect(await screen.findByRole('heading', { name: 'Entry not found' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /Back to the activity log/ }))
      expect(link).toHaveAttribute('href', '/user-transactions');
  });
});
