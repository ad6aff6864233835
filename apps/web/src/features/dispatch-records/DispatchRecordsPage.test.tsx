import { customerSchema, dispatchRecordSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { catchDownloads } from '../../test/downloads.ts';
import { fakeApi, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { DispatchRecordsPage } from './DispatchRecordsPage.tsx';
import {
  CUSTOMER,
  customerRecord,
  DISPATCH_ID,
  deliveredWithDiscrepancy,
  draftDispatch,
  FACILITY,
  LOT,
  postedDispatch,
} from './testData.ts';

const LIST = '/api/dispatch-records';
const dispatches = (items: unknown[]) =>
  json(wire(pageOf(dispatchRecordSchema), { items, next_cursor: null }));
const routes = page('/dispatch-records', DispatchRecordsPage);
const customers = json(wire(pageOf(customerSchema), { items: [customerRecord], next_cursor: null }));
const empty = json({ items: [], next_cursor: null });
const quiet = { 'GET /api/facilities': empty, 'GET /api/customers': customers };
const OTHER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7011';
const THIRD_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7012';

describe('Dispatch records list', () => {
  it('lists dispatches with their receipt, customer, kg, amount and where they stand, and sends the address’s filters', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      ...quiet,
      [`GET ${LIST}`]: dispatches([
        postedDispatch(),
        deliveredWithDiscrepancy({
          id: OTHER_ID,
          number: 'DS-2026-000013',
          delivery_receipt_no: 'DR-2026-000005',
        }),
        draftDispatch({ id: THIRD_ID, number: 'DS-2026-000014' }),
      ]),
    });
    renderWithAuth(
      routes,
      `/dispatch-records?status=posted&delivery=awaiting&customer=${CUSTOMER.id}&facility=${FACILITY.id}&from=2026-11-01&to=2026-11-30&q=NBC`,
    );
    const table = await screen.findByRole('table', { name: 'Dispatch records' });
    const [, posted, disputed, draft] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(posted as HTMLElement).getByRole('link', { name: 'DS-2026-000012' })).toHaveAttribute(
      'href',
      `/dispatch-records/${DISPATCH_ID}`,
    );
    expect(posted).toHaveTextContent('DR-2026-000004');
    expect(posted).toHaveTextContent('Pellet Buyer Inc.');
    expect(posted).toHaveTextContent('NBC 1234');
    expect(posted).toHaveTextContent('850 kg');
    expect(posted).toHaveTextContent('₱34,000.00');
    expect(within(posted as HTMLElement).getByText('Posted')).toBeInTheDocument();
    expect(within(posted as HTMLElement).getByText('On the way')).toBeInTheDocument();
    expect(within(disputed as HTMLElement).getByText('Discrepancy')).toBeInTheDocument();
    expect(disputed).toHaveTextContent('DR-2026-000005');
    expect(within(draft as HTMLElement).getByText('Draft')).toBeInTheDocument();
    // A draft has no receipt number yet, and is on no road.
    expect(draft).not.toHaveTextContent('DR-');
    expect(within(draft as HTMLElement).queryByText('On the way')).not.toBeInTheDocument();

    const sent = new URL(server.calls('GET', LIST)[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries([...sent].filter(([k]) => k !== 'limit'))).toEqual({
      status: 'posted',
      delivery: 'awaiting',
      customer_id: CUSTOMER.id,
      facility_id: FACILITY.id,
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'NBC',
    });
    expect(screen.getByRole('link', { name: 'New dispatch' })).toHaveAttribute(
      'href',
      '/dispatch-records/new',
    );
  });

  it('leaves out a filter the address holds a wrong value for', async () => {
    const server = fakeApi({ ...signInAs('operator'), ...quiet, [`GET ${LIST}`]: dispatches([]) });
    renderWithAuth(routes, '/dispatch-records?status=lost&delivery=soon&from=yesterday');
    await screen.findByText('Nothing dispatched yet');
    const sent = new URL(server.calls('GET', LIST)[0]?.url ?? '', 'http://x').searchParams;
    expect([sent.get('status'), sent.get('delivery'), sent.get('from')]).toEqual([null, null, null]);
  });

  it('shows cards on a phone with the customer, kg, amount, truck and lots', async () => {
    await onPhone(async () => {
      fakeApi({ ...signInAs('operator'), ...quiet, [`GET ${LIST}`]: dispatches([postedDispatch()]) });
      renderWithAuth(routes, '/dispatch-records');
      const card = within(await screen.findByRole('list', { name: 'Dispatch records' })).getAllByRole(
        'listitem',
      )[0] as HTMLElement;
      expect(within(card).getByRole('link', { name: 'DS-2026-000012' })).toBeInTheDocument();
      expect(card).toHaveTextContent('Pellet Buyer Inc.');
      expect(card).toHaveTextContent('850 kg · ₱34,000.00 · NBC 1234');
      expect(card).toHaveTextContent(LOT.code);
      expect(within(card).getByText('On the way')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });

  it('says what the list is for when it is empty, and clears filters', async () => {
    const server = fakeApi({ ...signInAs('manager'), ...quiet, [`GET ${LIST}`]: dispatches([]) });
    renderWithAuth(routes, '/dispatch-records');
    expect(await screen.findByText('Nothing dispatched yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record the first dispatch' })).toHaveAttribute(
      'href',
      '/dispatch-records/new',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery' }), 'Discrepancy to settle');
    expect(await screen.findByText('No dispatches match these filters')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record the first dispatch' })).not.toBeInTheDocument();
    expect(
      new URL(server.calls('GET', LIST).at(-1)?.url ?? '', 'http://x').searchParams.get('delivery'),
    ).toBe('discrepancy');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByText('Nothing dispatched yet')).toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toHaveValue('');
  });

  it('exports the dispatches the filters show', async () => {
    const save = catchDownloads();
    const server = fakeApi({
      ...signInAs('manager'),
      ...quiet,
      [`GET ${LIST}`]: dispatches([postedDispatch()]),
      [`GET ${LIST}/export.csv`]: () =>
        new Response('number\nDS-2026-000012\n', { headers: { 'content-type': 'text/csv' } }),
    });
    renderWithAuth(routes, `/dispatch-records?delivery=awaiting&customer=${CUSTOMER.id}`);
    await screen.findByRole('table', { name: 'Dispatch records' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    const sent = new URL(server.calls('GET', `${LIST}/export.csv`)[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(sent)).toEqual({ delivery: 'awaiting', customer_id: CUSTOMER.id });
  });

  it('searches once typing pauses, and keeps the search in the address', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      ...quiet,
      [`GET ${LIST}`]: dispatches([postedDispatch()]),
    });
    const { router } = renderWithAuth(routes, '/dispatch-records');
    await screen.findByRole('table', { name: 'Dispatch records' });
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'DR-2026');
    await waitFor(() => expect(router.state.location.search).toBe('?q=DR-2026'));
    await waitFor(() =>
      expect(new URL(server.calls('GET', LIST).at(-1)?.url ?? '', 'http://x').searchParams.get('q')).toBe(
        'DR-2026',
      ),
    );
  });

  it('tells a supplier member the page is not for their role, without asking the server', async () => {
    const server = fakeApi(signInAs('supplier'), { otherwise: hang });
    renderWithAuth(routes, '/dispatch-records');
    expect(await screen.findByText(refusalText('dispatch.read'))).toBeInTheDocument();
    expect(server.calls('GET', LIST)).toHaveLength(0);
  });
});
