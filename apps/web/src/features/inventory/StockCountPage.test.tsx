import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { stockCountDetailWire, wire } from '../../test/wire.ts';
import { FACILITY, HDPE, PET } from '../receive-records/testData.ts';
import { StockCountPage } from './StockCountPage.tsx';

const COUNT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001';
const ONE = `/api/stock-counts/${COUNT_ID}`;
const person = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002', name: 'Olive Operator' };

const line = (n: number, material: typeof PET, book: string, counted: string | null = null, diff = '') => ({
  lot: { id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f61${n}0`, code: `MNL1-260520-000${n}`, status: 'available' },
  material: { id: material.id, code: material.code, name: material.name },
  book_kg: book,
  book_value_php: '1000.00',
  counted_kg: counted,
  difference_kg: counted === null ? null : diff,
  difference_value_php: counted === null ? null : diff === '0.000' ? '0.00' : '-25.00',
  counted_by: counted === null ? null : person,
  counted_at: counted === null ? null : '2026-05-20T03:00:00Z',
});

const count = (over: Record<string, unknown> = {}) =>
  wire(stockCountDetailWire, {
    id: COUNT_ID,
    number: 'SC-2026-000007',
    status: 'open',
    facility: FACILITY,
    material: null,
    notes: 'Month-end',
    opened_by: person,
    opened_at: '2026-05-20T02:00:00Z',
    posted_by: null,
    posted_at: null,
    cancelled_by: null,
    cancelled_at: null,
    cancel_reason: null,
    totals: {
      lines: 2,
      counted_lines: 0,
      book_kg: '150.000',
      book_value_php: '2000.00',
      counted_kg: '0.000',
      difference_kg: '0.000',
      difference_value_php: '0.00',
    },
    version: 3,
    lines: [line(1, PET, '100.000'), line(2, HDPE, '50.000')],
    ...over,
  });

const COUNTED = count({
  lines: [line(1, PET, '100.000', '97.500', '-2.500'), line(2, HDPE, '50.000', '50.000', '0.000')],
  totals: {
    lines: 2,
    counted_lines: 2,
    book_kg: '150.000',
    book_value_php: '2000.00',
    counted_kg: '147.500',
    difference_kg: '-2.500',
    difference_value_php: '-25.00',
  },
});

const render = (role: 'operator' | 'manager' | 'auditor', handlers = {}) => {
  const server = fakeApi({ ...signInAs(role), ...handlers });
  renderWithAuth(page('/inventory/stock-counts/:id', StockCountPage), `/inventory/stock-counts/${COUNT_ID}`);
  return server;
};

describe('Stock count sheet', () => {
  it('lets an operator type counts down the sheet and saves only what changed', async () => {
    const server = render('operator', { [`GET ${ONE}`]: json(count()), [`PUT ${ONE}/lines`]: json(COUNTED) });
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'Counted kg of MNL1-260520-0001' });
    expect(screen.queryByRole('button', { name: 'Post count' })).not.toBeInTheDocument();
    await user.click(first);
    await user.keyboard('97.5{Enter}');
    const second = screen.getByRole('textbox', { name: 'Counted kg of MNL1-260520-0002' });
    expect(second).toHaveFocus();
    await user.keyboard('50');
    const sheet = within(screen.getByRole('table', { name: 'Count sheet' }));
    // The difference shows while typing; its value comes back once saved.
    expect(sheet.getAllByRole('row')[1]).toHaveTextContent('-2.5 kg');
    expect(sheet.getAllByText('unsaved')).toHaveLength(2);

    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(server.calls('PUT', `${ONE}/lines`)).toHaveLength(1));
    expect(server.calls('PUT', `${ONE}/lines`)[0]?.body).toEqual({
      lines: [
        { lot_id: COUNTED.lines[0]?.lot.id, counted_kg: '97.5' },
        { lot_id: COUNTED.lines[1]?.lot.id, counted_kg: '50' },
      ],
    });
    expect(await screen.findByText('Saved 2 counts.')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Count totals')).getByText('-₱25.00')).toBeInTheDocument();
    // Typing the saved figure again is no change.
    await user.clear(screen.getByRole('textbox', { name: 'Counted kg of MNL1-260520-0002' }));
    await user.type(screen.getByRole('textbox', { name: 'Counted kg of MNL1-260520-0002' }), '50.0');
    expect(screen.getByRole('button', { name: 'Save counts' })).toBeDisabled();
  });

  it('refuses to save a count that is not a number of kg', async () => {
    const server = render('operator', { [`GET ${ONE}`]: json(count()) });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Counted kg of MNL1-260520-0001' }), '12,5');
    expect(screen.getByText('kg, up to 3 decimals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save counts/ })).toBeDisabled();
    expect(server.calls('PUT', `${ONE}/lines`)).toHaveLength(0);
  });

  it('lets a manager post once every lot is counted, with the version reviewed', async () => {
    const posted = count({
      ...COUNTED,
      status: 'posted',
      posted_by: person,
      posted_at: '2026-05-21T02:00:00Z',
    });
    const server = render('manager', { [`GET ${ONE}`]: json(count()), [`POST ${ONE}/post`]: json(posted) });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Post count' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('2 lots are not counted yet');

    server.on(`GET ${ONE}`, json(COUNTED));
    server.on(`PUT ${ONE}/lines`, json(COUNTED));
    await user.type(screen.getByRole('textbox', { name: 'Counted kg of MNL1-260520-0001' }), '97.5');
    expect(screen.getByRole('note')).toHaveTextContent('Save your counts before posting.');
    await user.click(screen.getByRole('button', { name: 'Save counts (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Post count' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post stock count SC-2026-000007?' }));
    expect(dialog.getByText(/1 lot will be adjusted by -2.5 kg in all \(-₱25.00\)/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(server.calls('POST', `${ONE}/post`)[0]?.body).toEqual({ version: 3 }));
    expect(await screen.findByText(/Posted .* by Olive Operator: 1 adjustment/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when a lot moved since the count was opened', async () => {
    const message = 'The book balance of lot MNL1-260520-0001 changed since the count was opened';
    render('manager', {
      [`GET ${ONE}`]: json(COUNTED),
      [`POST ${ONE}/post`]: apiError(422, 'unprocessable', message),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post count' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await dialog.findByText(new RegExp(message))).toBeInTheDocument();
  });

  it('cancels an open count with a reason', async () => {
    const cancelled = count({
      status: 'cancelled',
      cancelled_by: person,
      cancelled_at: '2026-05-21T02:00:00Z',
      cancel_reason: 'Wrong facility',
    });
    const server = render('operator', {
      [`GET ${ONE}`]: json(count()),
      [`POST ${ONE}/cancel`]: json(cancelled),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel count' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel stock count SC-2026-000007?' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Wrong facility');
    await user.click(dialog.getByRole('button', { name: 'Cancel count' }));
    await waitFor(() =>
      expect(server.calls('POST', `${ONE}/cancel`)[0]?.body).toEqual({ reason: 'Wrong facility' }),
    );
    expect(await screen.findByText(/Cancelled .*: Wrong facility/)).toBeInTheDocument();
  });

  it('is read-only for auditors, filters to differences, and says when the count is missing', async () => {
    render('auditor', { [`GET ${ONE}`]: json(COUNTED) });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Count sheet' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Save counts|Post count|Cancel count/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Differences' }));
    expect(within(screen.getByRole('table', { name: 'Count sheet' })).getAllByRole('row')).toHaveLength(2);
  });

  it('shows an error when the count cannot be loaded', async () => {
    render('operator', { [`GET ${ONE}`]: apiError(404, 'not_found', 'Stock count not found') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The stock count could not be loaded');
    expect(alert).toHaveTextContent('Stock count not found');
  });
});
