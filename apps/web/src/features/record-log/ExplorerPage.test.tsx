import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ExplorerPage, searchTarget } from './ExplorerPage.tsx';
import { EMPTY_LOG } from './facts.ts';
import {
  type Change,
  emptyLogHandlers,
  lotSnapshot,
  makeTestLog,
  RR_ID,
  receiveSnapshot,
} from './testLog.ts';

const routes = [
  { path: '/blockchain-explorer', Component: ExplorerPage },
  { path: '/verify/:recordId', element: <h1>Verify page</h1> },
  { path: '/blockchain/transaction', element: <h1>Leaf page</h1> },
];
const render = () => renderWithAuth(routes, '/blockchain-explorer');

/** 25 changes, a checkpoint after each: more checkpoints than a page holds. */
const manyChanges = (): Change[] => [
  { snapshot: receiveSnapshot(), version: 2, event: 'posted' },
  { snapshot: lotSnapshot(), version: 1, event: 'created' },
  ...Array.from({ length: 23 }, (_, i) => ({
    snapshot: { type: 'lot', id: `0190a1b2-c3d4-7e5f-8a9b-${(0x800000 + i).toString(16).padStart(12, '0')}` },
    version: 1,
    event: 'created',
  })),
];

describe('Record log explorer', () => {
  it('shows the latest checkpoint, its signed note and the key, the latest leaves and checkpoints over time', async () => {
    const log = await makeTestLog(manyChanges(), {
      checkpointSizes: Array.from({ length: 25 }, (_, i) => i + 1),
    });
    const server = fakeApi({ ...signInAs('supplier'), ...(await log.handlers()) });
    render();

    const latest = await screen.findByRole('region', { name: 'Latest checkpoint' });
    expect(latest).toHaveTextContent('25 leaves');
    expect(latest).toHaveTextContent(log.latest.root_hash);
    await waitFor(() => expect(latest).toHaveTextContent(log.key));
    expect(screen.getByLabelText('Signed note')).toHaveTextContent(
      log.latest.note.trim().split('\n')[0] ?? '',
    );

    // The latest 20 leaves, newest first, each a link to its page.
    const leaves = await screen.findByRole('table', { name: 'Latest leaves' });
    const links = within(leaves).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links[0]).toHaveTextContent('Leaf 24');
    expect(links[0]).toHaveAttribute('href', '/blockchain/transaction?index=24');
    expect(leaves).toHaveTextContent(log.leaves[24] ?? 'missing');
    const entries = new URL(server.calls('GET', '/api/log/entries')[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(entries)).toEqual({ start: '5', end: '25' });

    // Checkpoints, a keyset page at a time.
    const table = await screen.findByRole('table', { name: 'Checkpoints' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    const next = new URL(server.calls('GET', '/api/log/checkpoints').at(-1)?.url ?? '', 'http://x')
      .searchParams;
    expect(next.get('before')).toBe('6');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Public data: no session sent.
    expect(server.calls('GET', '/api/log/checkpoint')[0]?.headers.authorization).toBeUndefined();
    expect(document.title).toBe('Record log · PlasTrace');
  });

  it('says what fills an empty log, with a way to record a delivery for those who may', async () => {
    fakeApi({ ...signInAs('operator'), ...emptyLogHandlers() });
    render();
    const empty = await screen.findByRole('heading', { name: 'The record log is empty' });
    const state = empty.closest('[role="status"]') as HTMLElement;
    expect(state).toHaveTextContent(EMPTY_LOG);
    expect(EMPTY_LOG).toBe(
      'Nothing has been logged yet: post a delivery and it appears here within a second.',
    );
    expect(within(state).getByRole('link', { name: 'Record a delivery' })).toHaveAttribute(
      'href',
      '/receive-records/new',
    );
  });

  it('offers no delivery to record to a role that may not', async () => {
    fakeApi({ ...signInAs('auditor'), ...emptyLogHandlers() });
    render();
    expect(await screen.findByText(EMPTY_LOG)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record a delivery' })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      'GET /api/log/checkpoint': apiError(503, 'service_unavailable', 'The database is busy'),
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The record log could not be loaded');
    expect(alert).toHaveTextContent('The database is busy');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.calls('GET', '/api/log/checkpoint')).toHaveLength(2));
  });

  it('finds a record by id, a leaf by index or by hash, and says what it takes otherwise', async () => {
    const log = await makeTestLog();
    fakeApi({ ...signInAs('manager'), ...(await log.handlers()) });
    const { router } = render();
    const user = userEvent.setup();
    const search = within(await screen.findByRole('search', { name: 'Search the record log' }));
    const field = search.getByRole('textbox', { name: 'Record id, leaf index or leaf hash' });

    await user.type(field, 'RR-2026');
    await user.click(search.getByRole('button', { name: 'Find' }));
    expect(field).toHaveAccessibleDescription(/Enter a record id \(36 characters\), a leaf index/);

    await user.clear(field);
    await user.type(field, ` ${RR_ID.toUpperCase()} `);
    await user.click(search.getByRole('button', { name: 'Find' }));
    expect(router.state.location.pathname).toBe(`/verify/${RR_ID}`);

    expect(searchTarget('3')).toBe('/blockchain/transaction?index=3');
    const hash = log.leaves[2] ?? '';
    expect(searchTarget(hash)).toBe(`/blockchain/transaction?hash=${encodeURIComponent(hash)}`);
    expect(searchTarget('1.5')).toBeNull();
  });

  it('shows leaves and checkpoints as cards on a phone', async () => {
    const log = await makeTestLog(undefined, { checkpointSizes: [2, 5] });
    fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    await onPhone(async () => {
      render();
      const leaves = await screen.findByRole('list', { name: 'Latest leaves' });
      expect(within(leaves).getAllByRole('listitem')).toHaveLength(5);
      const card = within(leaves).getAllByRole('listitem')[0];
      expect(card).toHaveTextContent(/^Leaf 4/);
      // The kind of change and its time, without which record it is.
      expect(card).toHaveTextContent(/^Leaf 4receive record voided/);
      expect(card).toHaveTextContent(log.leaves[4] ?? '');
      const checkpoints = await screen.findByRole('list', { name: 'Checkpoints' });
      expect(within(checkpoints).getAllByRole('listitem')[1]).toHaveTextContent('2 leaves');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
