import { lotSchema, page as pageOf } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { transactionLog } from '../../auth/transactionLog.ts';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { PassportPage } from './PassportPage.tsx';
import { LOT_ID, lotSnapshot, makeTestLog, RR_ID, receiveSnapshot } from './testLog.ts';

const PATH = '/blockchain-passport';
const render = (search = '') => renderWithAuth(page(PATH, PassportPage), `${PATH}${search}`);

const lotRow = (code: string, id = LOT_ID) =>
  wire(lotSchema, {
    id,
    code,
    status: 'available',
    material: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6003', code: 'PET-BTL', name: 'PET bottles' },
    facility: {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002',
      code: 'MNL1',
      name: 'Manila MRF',
      city: 'Manila',
    },
    qty_kg: '1250.500',
    reserved_kg: '0.000',
    value_php: '20000.00',
    origin_type: 'receive_line',
    recycled_content_pct: '100.00',
    quarantine_reason: null,
    created_at: '2026-11-26T01:45:00Z',
    version: 1,
  });
const lotsAnswer = (...rows: ReturnType<typeof lotRow>[]) =>
  json(wire(pageOf(lotSchema), { items: rows, next_cursor: null }));

describe('Record passport', () => {
  it('finds a lot by its code and verifies its logged version with its bundle', async () => {
    const log = await makeTestLog();
    const server = fakeApi({
      ...signInAs('supplier'),
      ...(await log.handlers()),
      // The search matches codes that merely contain the text: only the exact code is the lot.
      'GET /api/lots': lotsAnswer(lotRow('MNL1-261126-00011', RR_ID), lotRow('MNL1-261126-0001')),
    });
    const { router } = render();
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('textbox', { name: 'Lot code or record id' }),
      'mnl1-261126-0001',
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByRole('heading', { name: 'Lot MNL1-261126-0001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mnl1-261126-0001');
    expect(new URL(server.calls('GET', '/api/lots')[0]?.url ?? '', 'http://x').searchParams.get('q')).toBe(
      'mnl1-261126-0001',
    );
    const table = screen.getByRole('table', { name: 'Logged versions' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('1Created');
    expect(table).toHaveTextContent(log.leaves[1] ?? 'missing');

    await user.click(within(table).getByRole('button', { name: 'Verify version 1' }));
    const check = within(screen.getByRole('region', { name: 'Verification of version 1 (created)' }));
    expect(await check.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(check.getByLabelText('What the record says')).toHaveTextContent('PET-BTL · PET bottles');
    expect(document.title).toBe('Record passport · PlasTrace');
  });

  it('verifies an earlier version of a record with its own snapshot, and reports it', async () => {
    const log = await makeTestLog();
    const report = vi.spyOn(transactionLog, 'log');
    const server = fakeApi({ ...signInAs('auditor'), ...(await log.handlers()) });
    render(`?q=${RR_ID}`);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: `Receive record ${RR_ID}` })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Logged versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Posted', 'Voided']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['0', '4']);
    // No lot lookup for an id.
    expect(server.calls('GET', '/api/lots')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Verify version 2' }));
    const check = within(screen.getByRole('region', { name: 'Verification of version 2 (posted)' }));
    expect(await check.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    // What the record said then: posted, not the voided it is now.
    expect(check.getByLabelText('What the record says')).toHaveTextContent('Posted');
    expect(server.calls('GET', `/api/log/records/${RR_ID}/versions/2`)).toHaveLength(1);
    expect(server.calls('GET', `/api/log/records/${RR_ID}`)).toHaveLength(0);
    await waitFor(() => expect(report).toHaveBeenCalledOnce());
    expect(report.mock.calls[0]?.[0]).toMatchObject({ transactionType: 'BLOCKCHAIN_VERIFY' });

    // The latest version is verified with its bundle too.
    await user.click(within(table).getByRole('button', { name: 'Verify version 3' }));
    const latest = within(screen.getByRole('region', { name: 'Verification of version 3 (voided)' }));
    expect(await latest.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(latest.getByLabelText('What the record says')).toHaveTextContent('Voided');
    await waitFor(() => expect(report).toHaveBeenCalledTimes(2));
  });

  it('refuses an earlier version whose snapshot was changed', async () => {
    const log = await makeTestLog();
    const bundle = await log.bundleFor(RR_ID, 2);
    fakeApi({
      ...signInAs('manager'),
      ...(await log.handlers()),
      [`GET /api/log/records/${RR_ID}/versions/2`]: json({
        ...bundle,
        snapshot: { ...bundle.snapshot, total_net_kg: '9999.000' },
      }),
    });
    render(`?q=${RR_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify version 2' }));
    const check = within(screen.getByRole('region', { name: /^Verification of version 2/ }));
    expect(await check.findByRole('heading', { name: /^Not verified: / })).toBeInTheDocument();
  });

  it('shows a version still being placed, and warns when the record changed without being logged', async () => {
    const log = await makeTestLog([
      { snapshot: receiveSnapshot(), version: 2, event: 'posted' },
      { snapshot: lotSnapshot(), version: 1, event: 'created' },
      { snapshot: receiveSnapshot({ status: 'voided' }), version: 3, event: 'voided', placed: false },
    ]);
    fakeApi({
      ...signInAs('operator'),
      ...(await log.handlers()),
      [`GET /api/log/records/${RR_ID}/history`]: json(log.historyOf(RR_ID, false)),
    });
    render(`?q=${RR_ID}`);
    const table = await screen.findByRole('table', { name: 'Logged versions' });
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Changed without being logged');
    const last = within(table).getAllByRole('row').at(-1) as HTMLElement;
    expect(last).toHaveTextContent('Being added…');
    expect(within(last).queryByRole('button')).not.toBeInTheDocument();
    // The version before it has its own bundle, while the queued one has none yet.
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Verify version 2' }));
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
  });

  it('says when no lot has the code, and when a record is not in the log', async () => {
    fakeApi({
      ...signInAs('operator'),
      'GET /api/lots': lotsAnswer(),
      [`GET /api/log/records/${RR_ID}/history`]: apiError(404, 'not_found', 'Logged record not found'),
    });
    const { unmount } = render('?q=NOPE-1');
    expect(
      await screen.findByText(
        'No lot of your organization has the code NOPE-1. Check the code on the label.',
      ),
    ).toBeInTheDocument();
    unmount();

    render(`?q=${RR_ID}`);
    expect(await screen.findByText(/This record is not in the record log/)).toBeInTheDocument();
  });

  it('asks for something to look up', async () => {
    const server = fakeApi(signInAs('operator'));
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Find' }));
    expect(screen.getByRole('textbox', { name: 'Lot code or record id' })).toHaveAccessibleDescription(
      'Enter a lot code or a record id',
    );
    expect(server.requests.filter((r) => r.path.startsWith('/api/lo'))).toEqual([]);
  });

  it('lists the versions as cards on a phone', async () => {
    const log = await makeTestLog();
    fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    await onPhone(async () => {
      render(`?q=${RR_ID}`);
      const list = await screen.findByRole('list', { name: 'Logged versions' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards[1]).toHaveTextContent('Version 3 · Voided');
      expect(cards[1]).toHaveTextContent('Leaf 4');
      expect(
        within(cards[1] as HTMLElement).getByRole('button', { name: 'Verify version 3' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
