import type { MemberRole } from '@plastrace/shared';
import {
  facilitySchema,
  massBalanceSchema,
  page as pageOf,
  periodCloseSchema,
  periodClosesSchema,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, wire } from '../../test/wire.ts';
import { MassBalancePage } from './MassBalancePage.tsx';
import { defaultPeriod } from './period.ts';

const facility = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01', code: 'MNL1', name: 'Manila MRF' };
const pet = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02', code: 'PET', name: 'PET bottles' };
const flake = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d03', code: 'FLAKE', name: 'PET flake' };
const user = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d09', name: 'Maria Santos' };
const closeId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d0a';
const sha = 'a'.repeat(64);

const row = (material: typeof pet, figures: Record<string, string>, negative = false) => ({
  facility,
  material,
  opening_kg: '0.000',
  received_kg: '0.000',
  produced_kg: '0.000',
  transfers_in_kg: '0.000',
  in_kg: '0.000',
  dispatched_kg: '0.000',
  transfers_out_kg: '0.000',
  out_kg: '0.000',
  consumed_kg: '0.000',
  losses_kg: '0.000',
  adjustments_kg: '0.000',
  voids_kg: '0.000',
  closing_kg: '0.000',
  negative,
  ...figures,
});

const close = (reopened = false) => ({
  id: closeId,
  period: '2026-10',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  period_kind: 'month',
  facility: null,
  statement_sha256: sha,
  closed_by: user,
  closed_at: '2026-11-02T01:00:00.000Z',
  reopened_by: reopened ? user : null,
  reopened_at: reopened ? '2026-11-03T01:00:00.000Z' : null,
  reopen_reason: reopened ? 'A late weighbridge ticket' : null,
});

const statement = (extra: Record<string, unknown> = {}) =>
  wire(massBalanceSchema, {
    period: { label: '2026-10', start: '2026-10-01', end: '2026-10-31', kind: 'month' },
    facility: null,
    time_zone: 'Asia/Manila',
    generated_at: '2026-11-02T00:00:00.000Z',
    rows: [
      row(pet, {
        received_kg: '1000.000',
        in_kg: '1000.000',
        consumed_kg: '450.000',
        losses_kg: '50.000',
        closing_kg: '500.000',
      }),
      row(flake, {
        produced_kg: '450.000',
        in_kg: '450.000',
        dispatched_kg: '200.000',
        out_kg: '200.000',
        closing_kg: '250.000',
      }),
    ],
    conversion: [
      {
        facility,
        process_code: 'washing',
        runs: 1,
        input_kg: '500.000',
        output_kg: '450.000',
        kept_kg: '0.000',
        loss_kg: '50.000',
        losses_by_fate: [{ fate: 'landfill', kg: '50.000' }],
        factor: '0.9000',
      },
    ],
    counts: [
      {
        count: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d0b', number: 'SC-2026-0001' },
        facility,
        material: flake,
        posted_at: '2026-10-30T08:00:00.000Z',
        book_kg: '1000.000',
        counted_kg: '994.000',
        difference_kg: '-6.000',
        difference_pct: '-0.60',
        flagged: true,
      },
    ],
    credits: [
      {
        facility,
        opening_kg: '0.000',
        in_kg: '1000.000',
        out_kg: '200.000',
        closing_kg: '800.000',
        negative: false,
      },
    ],
    flags: { negative_balances: 0, counts_over_tolerance: 1, negative_credits: 0 },
    ended: true,
    close: null,
    stored: false,
    books_closed_through: null,
    ...extra,
  });

function renderPage(
  role: MemberRole,
  url = '/mass-balance?period=2026-10',
  handlers: Record<string, Handler> = {},
) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/mass-balance': json(statement()),
    'GET /api/mass-balance/closes': json(wire(periodClosesSchema, { items: [] })),
    'GET /api/facilities': json(
      wire(pageOf(facilitySchema), { items: [facilityRecord(facility)], next_cursor: null }),
    ),
    ...handlers,
  });
  const view = renderWithAuth([{ path: '/mass-balance', Component: MassBalancePage }], url);
  return { server, ...view };
}

const lastQuery = (server: ReturnType<typeof fakeApi>) =>
  new URL(server.calls('GET', '/api/mass-balance').at(-1)?.url ?? '', 'http://x').searchParams;

describe('Mass balance', () => {
  it('shows the balance per facility × material, conversion factors, counts with flags in words, and credits', async () => {
    const { server } = renderPage('auditor', `/mass-balance?period=2026-10&facility=${facility.id}`);
    const table = await screen.findByRole('table', { name: 'Mass balance' });
    expect(lastQuery(server).get('period')).toBe('2026-10');
    expect(lastQuery(server).get('facility_id')).toBe(facility.id);
    const petRow = within(table).getByText('PET bottles').closest('tr') as HTMLElement;
    expect(petRow).toHaveTextContent('1,000 kg');
    expect(petRow).toHaveTextContent('450 kg');
    expect(petRow).toHaveTextContent('500 kg');
    expect(screen.getByText('October 2026')).toBeInTheDocument();
    const conversion = screen.getByRole('table', { name: 'Conversion factors' });
    expect(conversion).toHaveTextContent('0.9000');
    expect(conversion).toHaveTextContent('landfill 50 kg');
    const counts = screen.getByRole('table', { name: 'Stock counts' });
    expect(within(counts).getByText('Over 0.5 %')).toBeInTheDocument();
    expect(counts).toHaveTextContent('-0.60 %');
    expect(screen.getByText('1 count(s) over 0.5 %')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Recycled-content credits' })).toHaveTextContent('800 kg');
    // An auditor reads; closing and reopening are not theirs.
    expect(screen.queryByRole('button', { name: 'Close period' })).not.toBeInTheDocument();
  });

  it('sorts by a column, and reverses on a second click', async () => {
    renderPage('auditor');
    const table = await screen.findByRole('table', { name: 'Mass balance' });
    const materials = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.children[1]?.textContent);
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Closing' }));
    expect(materials()).toEqual(['PET flake', 'PET bottles']);
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Closing' }));
    expect(materials()).toEqual(['PET bottles', 'PET flake']);
  });

  it('moves between periods and switches to quarters through the address', async () => {
    const { server } = renderPage('auditor');
    await screen.findByRole('table', { name: 'Mass balance' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(lastQuery(server).get('period')).toBe('2026-09'));
    await userEvent.click(screen.getByRole('radio', { name: 'Quarter' }));
    await waitFor(() => expect(lastQuery(server).get('period')).toBe('2026-Q3'));
  });

  it('asks for the last full month by default', async () => {
    const { server } = renderPage('auditor', '/mass-balance');
    await screen.findByRole('table', { name: 'Mass balance' });
    expect(lastQuery(server).get('period')).toBe(defaultPeriod('Asia/Manila'));
  });

  it('lets a manager close an ended period after confirming', async () => {
    const { server } = renderPage('manager', '/mass-balance?period=2026-10', {
      'POST /api/mass-balance/closes': json(wire(periodCloseSchema, close()), 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close period' }));
    const dialog = screen.getByRole('dialog', { name: 'Close October 2026?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close period' }));
    await waitFor(() => expect(server.calls('POST', '/api/mass-balance/closes')).toHaveLength(1));
    expect(server.calls('POST', '/api/mass-balance/closes')[0]?.body).toEqual({
      period: '2026-10',
      facility_id: null,
    });
  });

  it('shows a refusal to close in the dialog', async () => {
    renderPage('manager', '/mass-balance?period=2026-10', {
      'POST /api/mass-balance/closes': apiError(
        409,
        'conflict',
        '2026-10 is already closed (by Maria Santos).',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close period' }));
    const dialog = screen.getByRole('dialog', { name: 'Close October 2026?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close period' }));
    expect(
      await within(dialog).findByText('2026-10 is already closed (by Maria Santos).'),
    ).toBeInTheDocument();
  });

  it('does not offer to close a period that has not ended or has a negative balance', async () => {
    renderPage('manager', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance': json(
        statement({
          rows: [row(pet, { closing_kg: '-5.000' }, true)],
          flags: { negative_balances: 1, counts_over_tolerance: 0, negative_credits: 0 },
        }),
      ),
    });
    expect(await screen.findByRole('button', { name: 'Close period' })).toBeDisabled();
    expect(screen.getAllByText('Negative balance').length).toBeGreaterThan(0);
  });

  it('shows a closed period’s state and lets an administrator reopen it with a reason', async () => {
    const { server } = renderPage('admin', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance': json(
        statement({ close: close(), stored: true, books_closed_through: '2026-10-31' }),
      ),
      'POST /api/mass-balance/closes/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d0a/reopen': json(
        wire(periodCloseSchema, close(true)),
      ),
    });
    expect(await screen.findByText(/Closed on .* by Maria Santos/)).toBeInTheDocument();
    expect(
      screen.getByText(`The statement shown is the one stored at closing. SHA-256 ${sha}`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen October 2026' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen period' }));
    expect(await within(dialog).findByText(/at least 10 characters/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' weighbridge ticket');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen period' }));
    const path = `/api/mass-balance/closes/${closeId}/reopen`;
    await waitFor(() => expect(server.calls('POST', path)).toHaveLength(1));
    expect(server.calls('POST', path)[0]?.body).toEqual({ reason: 'late weighbridge ticket' });
  });

  it('offers a manager no Reopen', async () => {
    renderPage('manager', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance': json(statement({ close: close(), stored: true })),
    });
    await screen.findByText(/Closed on .* by Maria Santos/);
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close period' })).not.toBeInTheDocument();
  });

  it('lists closed periods with who reopened them and why', async () => {
    renderPage('auditor', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance/closes': json(wire(periodClosesSchema, { items: [close(true)] })),
    });
    const history = await screen.findByRole('table', { name: 'Closed periods' });
    expect(history).toHaveTextContent('2026-10');
    expect(history).toHaveTextContent('Reopened');
    expect(history).toHaveTextContent('A late weighbridge ticket');
  });

  it('says so when nothing moved, and shows an error with a retry', async () => {
    renderPage('auditor', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance': json(statement({ rows: [], conversion: [], counts: [], credits: [] })),
    });
    expect(await screen.findByText('Nothing moved in this period')).toBeInTheDocument();
    expect(screen.getByText('No production runs ended in this period.')).toBeInTheDocument();
  });

  it('shows a failed load as an error', async () => {
    renderPage('auditor', '/mass-balance?period=2026-10', {
      'GET /api/mass-balance': apiError(500, 'internal_error', 'Something went wrong'),
    });
    expect(await screen.findByText('The mass balance could not be loaded')).toBeInTheDocument();
  });

  it('shows cards on a phone', async () => {
    await onPhone(async () => {
      renderPage('auditor');
      const cards = await screen.findByRole('list', { name: 'Mass balance' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table', { name: 'Mass balance' })).not.toBeInTheDocument();
    });
  });

  it('tells a supplier member the page is not for their role', async () => {
    renderPage('supplier');
    expect(await screen.findByText(/Your role may not view the mass balance/)).toBeInTheDocument();
  });
});
