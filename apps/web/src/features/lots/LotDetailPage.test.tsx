import { lotDetailSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { splitResultSchema, wire } from '../../test/wire.ts';
import { FACILITY, LOT_ID, PET, RECORD_ID, SUPPLIER } from '../receive-records/testData.ts';
import { LotDetailPage } from './LotDetailPage.tsx';

const lot = wire(lotDetailSchema, {
  id: LOT_ID,
  code: 'MNL1-260520-0001',
  status: 'available',
  material: { id: PET.id, code: PET.code, name: PET.name },
  facility: { ...FACILITY, city: 'Manila' },
  qty_kg: '1200.250',
  reserved_kg: '0.000',
  value_php: '21942.08',
  origin_type: 'receive_record',
  recycled_content_pct: '100.00',
  quarantine_reason: null,
  created_at: '2026-05-20T02:00:00Z',
  version: 1,
  origin: {
    receive_record: { id: RECORD_ID, number: 'RR-0042', received_at: '2026-05-20T01:30:00Z' },
    supplier: SUPPLIER,
    source_lot: null,
    production_record: null,
  },
  movements: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5030',
      kind: 'receipt',
      qty_kg: '1200.250',
      value_php: '21942.08',
      source_type: 'receive_record',
      source_id: null,
      reason: null,
      posted_at: '2026-05-20T02:00:00Z',
    },
  ],
});
const ONE = `/api/lots/${LOT_ID}`;

describe('Lot detail', () => {
  it('shows balance, value, movements and the public page link', async () => {
    fakeApi({ ...signInAs('auditor'), [`GET ${ONE}`]: json(lot) });
    renderWithAuth(page('/batch-management/:id', LotDetailPage), `/batch-management/${LOT_ID}`);
    const details = await screen.findByLabelText('Lot details');
    expect(details).toHaveTextContent('1,200.25 kg');
    expect(details).toHaveTextContent('₱21,942.08');
    // It links back to the delivery and the supplier it came from.
    expect(within(details).getByRole('link', { name: 'RR-0042' })).toHaveAttribute(
      'href',
      `/receive-records/${RECORD_ID}`,
    );
    expect(within(details).getByRole('link', { name: SUPPLIER.name })).toHaveAttribute(
      'href',
      `/supplier-ledger/${SUPPLIER.id}`,
    );
    expect(screen.getByRole('table', { name: 'Movement history' })).toHaveTextContent('Receipt');
    expect(screen.getByRole('link', { name: /Public page/ })).toHaveAttribute('href', `/verify/${LOT_ID}`);
    // Where it came from and went, on the traceability page.
    expect(screen.getByRole('link', { name: 'Trace' })).toHaveAttribute(
      'href',
      `/traceability?q=${encodeURIComponent(lot.code)}`,
    );
    // Auditors read only.
    expect(screen.queryByRole('button', { name: 'Split' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust' })).not.toBeInTheDocument();
  });

  it('links a lot a production run made to that run, with its recycled content', async () => {
    const RUN = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5099';
    const made = wire(lotDetailSchema, {
      ...lot,
      origin_type: 'production_output',
      recycled_content_pct: '30.00',
      origin: {
        receive_record: null,
        supplier: null,
        source_lot: null,
        production_record: { id: RUN, number: 'PR-2026-000012', ended_at: '2026-05-21T06:00:00Z' },
      },
    });
    fakeApi({ ...signInAs('auditor'), [`GET ${ONE}`]: json(made) });
    renderWithAuth(page('/batch-management/:id', LotDetailPage), `/batch-management/${LOT_ID}`);
    const details = await screen.findByLabelText('Lot details');
    expect(within(details).getByRole('link', { name: 'PR-2026-000012' })).toHaveAttribute(
      'href',
      `/production-records/${RUN}`,
    );
    expect(details).toHaveTextContent('Recycled content30.00 %');
  });

  it('splits parts off after checking they leave something in the lot', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: json(lot),
      [`POST ${ONE}/split`]: json(wire(splitResultSchema, { parent: lot, lots: [] })),
    });
    renderWithAuth(page('/batch-management/:id', LotDetailPage), `/batch-management/${LOT_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Quarantine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Split' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Split ${lot.code}` }));

    // The split route's words (packages/shared splitBodySchema; the server's "above 0"), under the part.
    const part1 = dialog.getByRole('textbox', { name: 'Part 1 (kg)' });
    await user.type(part1, '1,250');
    await user.click(dialog.getByRole('button', { name: 'Add part' }));
    await user.type(dialog.getByRole('textbox', { name: 'Part 2 (kg)' }), '0');
    await user.click(dialog.getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(part1).toHaveAccessibleDescription('Part: write 1250, without commas'));
    expect(dialog.getByRole('textbox', { name: 'Part 2 (kg)' })).toHaveAccessibleDescription(
      'Each part must be above 0 kg',
    );
    await user.clear(part1);
    expect(part1).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Remove part 2' }));
    expect(dialog.queryByRole('textbox', { name: 'Part 2 (kg)' })).not.toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Part 1 (kg)' }), '1300');
    await user.click(dialog.getByRole('button', { name: 'Split' }));
    expect(dialog.getByTestId('split-remaining')).toHaveTextContent(
      'The parts must add up to less than 1,200.25 kg',
    );
    expect(server.calls('POST', `${ONE}/split`)).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: 'Part 1 (kg)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Part 1 (kg)' }), '200.25');
    await user.click(dialog.getByRole('button', { name: 'Add part' }));
    await user.type(dialog.getByRole('textbox', { name: 'Part 2 (kg)' }), '500');
    expect(dialog.getByTestId('split-remaining')).toHaveTextContent(`Left in ${lot.code}: 500 kg`);
    await user.click(dialog.getByRole('button', { name: 'Split' }));

    await waitFor(() => expect(server.calls('POST', `${ONE}/split`)).toHaveLength(1));
    expect(server.calls('POST', `${ONE}/split`)[0]?.body).toEqual({ parts_kg: ['200.25', '500'] });
    expect(await screen.findByText(`${lot.code} split into 3 lots.`)).toBeInTheDocument();
  });

  it('checks an adjustment as the adjust route does, and puts its refusal under the field', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: json(lot),
      [`POST ${ONE}/adjust`]: fieldError({
        'body.reason': 'Remove control characters (such as NUL) from this text',
      }),
    });
    renderWithAuth(page('/batch-management/:id', LotDetailPage), `/batch-management/${LOT_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Adjust ${lot.code}` }));
    const change = dialog.getByRole('textbox', { name: /^Change/ });
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    await user.type(change, '1,250');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    // packages/shared adjustBodySchema's words, before any request.
    await waitFor(() =>
      expect(change).toHaveAccessibleDescription(
        /Enter a non-zero change in kg with at most 3 decimals, below 100 billion/,
      ),
    );
    expect(reason).toHaveAccessibleDescription('Give a reason');
    expect(server.calls('POST', `${ONE}/adjust`)).toHaveLength(0);
    await user.clear(change);
    await user.type(change, '-1250');
    expect(change).not.toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, 'Recount');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Remove control characters (such as NUL) from this text'),
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/adjust`)[0]?.body).toEqual({ qty_kg: '-1250', reason: 'Recount' });
  });

  it('lets a manager adjust with a signed change and a reason', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: json(lot),
      [`POST ${ONE}/adjust`]: json(lot),
    });
    renderWithAuth(page('/batch-management/:id', LotDetailPage), `/batch-management/${LOT_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Adjust ${lot.code}` }));
    await user.type(dialog.getByRole('textbox', { name: /^Change/ }), '-12.5');
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Recount');
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    await waitFor(() =>
      expect(server.calls('POST', `${ONE}/adjust`)[0]?.body).toEqual({ qty_kg: '-12.5', reason: 'Recount' }),
    );
  });
});
