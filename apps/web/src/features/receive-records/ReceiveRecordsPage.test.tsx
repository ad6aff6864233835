import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ReceiveRecordsPage } from './ReceiveRecordsPage.tsx';
import { FACILITY, wireRecord } from './testData.ts';

const LIST = '/api/receive-records';
const routes = page('/receive-records', ReceiveRecordsPage);
const csv = () =>
  new Response('Record,Status\r\nRR-0042,posted\r\n', {
    headers: {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="receive-records.csv"',
    },
  });

describe('Receive records list', () => {
  it('exports what the filters show as CSV', async () => {
    const server = fakeApi({
      ...signInAs('auditor'),
      [`GET ${LIST}`]: json({ items: [wireRecord({ status: 'posted' })], next_cursor: null }),
      'GET /api/facilities': json({ items: [FACILITY], next_cursor: null }),
      [`GET ${LIST}/export.csv`]: csv,
    });
    const click = catchDownloads();
    renderWithAuth(routes, `/receive-records?status=posted&facility=${FACILITY.id}&from=2026-05-01&q=WB-7`);
    const user = userEvent.setup();
    expect(await screen.findByText('RR-0042')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New delivery' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = server.calls('GET', `${LIST}/export.csv`)[0];
    const sent = new URL(request?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      status: 'posted',
      facility_id: FACILITY.id,
      from: '2026-05-01',
      q: 'WB-7',
    });
    expect(request?.headers.authorization).toBe('Bearer token-1');
  });

  it('shows why an export failed', async () => {
    fakeApi({
      ...signInAs('manager'),
      [`GET ${LIST}`]: json({ items: [], next_cursor: null }),
      'GET /api/facilities': json({ items: [FACILITY], next_cursor: null }),
      [`GET ${LIST}/export.csv`]: apiError(503, 'service_unavailable', 'The database is not reachable'),
    });
    renderWithAuth(routes, '/receive-records');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable');
  });

  it('offers no export to operators', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${LIST}`]: json({ items: [], next_cursor: null }),
      'GET /api/facilities': json({ items: [FACILITY], next_cursor: null }),
    });
    renderWithAuth(routes, '/receive-records');
    expect(await screen.findByText('No deliveries recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
