import { facilitySchema, page as pageOf, receiveRecordSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, wire } from '../../test/wire.ts';
import { ReceiveRecordsPage } from './ReceiveRecordsPage.tsx';
import { FACILITY, postedRecord, wireRecord } from './testData.ts';

const LIST = '/api/receive-records';
const records = (items: unknown[]) => json(wire(pageOf(receiveRecordSchema), { items, next_cursor: null }));
const facilities = json(
  wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
);
const routes = page('/receive-records', ReceiveRecordsPage);
const csv = () =>
  new Response('Record,Status\r\nRR-0042,posted\r\n', {
    headers: {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="receive-records.csv"',
    },
  });

describe('Receive records list', () => {
  it('shows cards on a phone, with number, status, supplier, net kg, amount and lots first', async () => {
    await onPhone(async () => {
      fakeApi({
        ...signInAs('operator'),
        [`GET ${LIST}`]: records([postedRecord()]),
        'GET /api/facilities': facilities,
      });
      renderWithAuth(routes, '/receive-records');
      const list = await screen.findByRole('list', { name: 'Receive records' });
      const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
      expect(within(card).getByRole('link', { name: 'RR-0042' })).toBeInTheDocument();
      expect(card).toHaveTextContent('Posted');
      expect(card).toHaveTextContent('Juan Junkshop');
      expect(card).toHaveTextContent('MNL1-260520-0001');
      expect(screen.queryByRole('table', { name: 'Receive records' })).not.toBeInTheDocument();
    });
  });

  it('exports what the filters show as CSV', async () => {
    const server = fakeApi({
      ...signInAs('auditor'),
      [`GET ${LIST}`]: records([wireRecord({ status: 'posted' })]),
      'GET /api/facilities': facilities,
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
      [`GET ${LIST}`]: records([wireRecord({ status: 'posted' })]),
      'GET /api/facilities': facilities,
      [`GET ${LIST}/export.csv`]: apiError(503, 'service_unavailable', 'The database is not reachable'),
    });
    renderWithAuth(routes, '/receive-records');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable');
  });

  it('disables the export of an empty list, saying why', async () => {
    fakeApi({ ...signInAs('manager'), [`GET ${LIST}`]: records([]), 'GET /api/facilities': facilities });
    renderWithAuth(routes, '/receive-records');
    await screen.findByRole('heading', { name: 'No deliveries recorded yet' });
    const button = screen.getByRole('button', { name: 'Export CSV' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Nothing to export: the list is empty');
  });

  it('offers no export to operators', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${LIST}`]: records([]),
      'GET /api/facilities': facilities,
    });
    renderWithAuth(routes, '/receive-records');
    expect(await screen.findByRole('heading', { name: 'No deliveries recorded yet' })).toBeInTheDocument();
    // Operators may record one: the empty list offers it.
    expect(screen.getByRole('link', { name: 'Record the first delivery' })).toHaveAttribute(
      'href',
      '/receive-records/new',
    );
    expect(screen.getByRole('link', { name: 'New delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows a supplier member their deliveries without the pickers that read master data', async () => {
    const server = fakeApi({
      ...signInAs('supplier'),
      [`GET ${LIST}`]: records([wireRecord({ status: 'posted' })]),
    });
    renderWithAuth(routes, '/receive-records');
    expect(await screen.findByText('RR-0042')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New delivery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Facility' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Supplier' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/facilities')).toHaveLength(0);
    expect(server.calls('GET', '/api/suppliers/lookup')).toHaveLength(0);
  });
});
