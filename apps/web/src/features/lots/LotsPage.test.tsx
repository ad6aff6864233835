import { facilitySchema, lotSchema, materialSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, materialRecord, wire } from '../../test/wire.ts';
import { FACILITY, HDPE, PET } from '../receive-records/testData.ts';
import { LotsPage } from './LotsPage.tsx';

const lot = (n: number, material = PET, status = 'available') =>
  wire(lotSchema, {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f51${String(n).padStart(2, '0')}`,
    code: `MNL1-260520-00${String(n).padStart(2, '0')}`,
    status,
    material: { id: material.id, code: material.code, name: material.name },
    facility: { ...FACILITY, city: 'Manila' },
    qty_kg: '100.500',
    reserved_kg: '0.000',
    value_php: '1005.00',
    origin_type: 'receive_line',
    recycled_content_pct: '100.00',
    quarantine_reason: null,
    created_at: '2026-05-20T02:00:00Z',
    version: 1,
  });
const LOTS = [lot(1), lot(2), lot(3, HDPE)];

const file = (type: string, name: string) => () =>
  new Response('file', {
    headers: { 'content-type': type, 'content-disposition': `inline; filename="${name}"` },
  });

function render(role: 'operator' | 'auditor' | 'manager', extra = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/lots': json(wire(pageOf(lotSchema), { items: LOTS, next_cursor: null })),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(FACILITY)], next_cursor: null }),
    ),
    'GET /api/materials': json(
      wire(pageOf(materialSchema), {
        items: [materialRecord(PET), materialRecord(HDPE)],
        next_cursor: null,
      }),
    ),
    ...extra,
  });
  renderWithAuth(page('/batch-management', LotsPage), '/batch-management?facility=f1');
  return server;
}

describe('Batches', () => {
  it('shows cards on a phone, with code, status, material, balance and value, and a box to choose each', async () => {
    await onPhone(async () => {
      render('auditor');
      const list = await screen.findByRole('list', { name: 'Lots' });
      const card = within(list).getAllByRole('listitem')[2] as HTMLElement;
      expect(within(card).getByRole('link', { name: LOTS[2]?.code })).toBeInTheDocument();
      expect(card).toHaveTextContent(HDPE.name);
      expect(card).toHaveTextContent('100.5 kg');
      expect(card).toHaveTextContent('₱1,005.00');
      expect(screen.queryByRole('table', { name: 'Lots' })).not.toBeInTheDocument();
      // Choosing on a card works as in the table: the label sheet bar appears.
      await userEvent.setup().click(within(card).getByRole('checkbox', { name: `Select ${LOTS[2]?.code}` }));
      expect(screen.getByRole('toolbar', { name: 'Selected lots' })).toHaveTextContent('1 selected');
    });
  });

  it('prints the QR label sheet of the chosen lots', async () => {
    const click = catchDownloads();
    const server = render('auditor', {
      'GET /api/lots/labels.pdf': file('application/pdf', 'lot-labels.pdf'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: `Select ${LOTS[0]?.code}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${LOTS[2]?.code}` }));
    const bar = within(screen.getByRole('toolbar', { name: 'Selected lots' }));
    expect(bar.getByText(/2 selected · 201 kg/)).toBeInTheDocument();
    // Auditors print labels but do not merge.
    expect(bar.queryByRole('button', { name: 'Merge lots' })).not.toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Print labels (PDF)' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = server.calls('GET', '/api/lots/labels.pdf')[0];
    expect(new URL(request?.url ?? '', 'http://x').searchParams.get('ids')).toBe(
      `${LOTS[0]?.id},${LOTS[2]?.id}`,
    );
  });

  it('selects every lot shown at once, and merges only lots of one material', async () => {
    render('operator');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all lots shown' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Selected lots' }));
    expect(bar.getByText(/3 selected/)).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Merge lots' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: `Select ${LOTS[2]?.code}` }));
    expect(bar.getByRole('button', { name: 'Merge lots' })).toBeEnabled();
    await user.click(bar.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected lots' })).not.toBeInTheDocument();
  });

  it('exports the filtered list as CSV for roles that may export', async () => {
    const click = catchDownloads();
    const server = render('manager', { 'GET /api/lots/export.csv': file('text/csv', 'lots.csv') });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort' }), 'code');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(server.calls('GET', '/api/lots/export.csv')[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('facility_id')).toBe('f1');
    expect(url.searchParams.get('sort')).toBe('code');
  });

  it('offers no export to operators', async () => {
    render('operator');
    await screen.findByRole('table', { name: 'Lots' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
