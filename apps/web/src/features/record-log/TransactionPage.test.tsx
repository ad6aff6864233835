import { inclusionProofSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { leafRefOf, TransactionPage } from './TransactionPage.tsx';
import { makeTestLog, usualChanges } from './testLog.ts';

const render = (search: string) =>
  renderWithAuth(page('/blockchain/transaction', TransactionPage), `/blockchain/transaction${search}`);

const marks = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.slice(0, 1));

describe('A leaf of the record log', () => {
  it('proves the leaf is in the latest signed tree, step by step from the leaf to the root', async () => {
    const log = await makeTestLog(undefined, { checkpointSizes: [2, 5] });
    const server = fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    render('?index=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Leaf 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('The leaf')).toHaveTextContent(log.leaves[1] ?? 'missing');
    const inclusion = within(screen.getByRole('region', { name: 'Inclusion in the latest checkpoint' }));
    expect(await inclusion.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(inclusion.getByRole('status')).toHaveTextContent(
      'Leaf 1 is in the tree of 5 leaves signed by plastrace.test/records.',
    );
    expect(marks(inclusion.getByRole('list', { name: 'Checks' }))).toEqual(['✓', '✓', '✓']);
    // Leaf 1 of 5: leaf 0 on its left, then the node of leaves 2–3 on the right, then leaf 4 on the right.
    const steps = within(inclusion.getByRole('list', { name: 'Proof path' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.match(/on the (left|right)/)?.[1])).toEqual([
      'left',
      'right',
      'right',
    ]);
    expect(steps[0]).toHaveTextContent(log.leaves[0] ?? 'missing');
    expect(steps[2]).toHaveTextContent(`giving the root ${log.latest.root_hash}`);
    const proof = new URL(server.calls('GET', '/api/log/proofs/inclusion')[0]?.url ?? '', 'http://x')
      .searchParams;
    expect(Object.fromEntries(proof)).toEqual({ index: '1', tree_size: '5' });
    expect(document.title).toBe('Leaf 1 · PlasTrace');
  });

  it('finds a leaf by its hash', async () => {
    const log = await makeTestLog();
    const server = fakeApi({ ...signInAs('auditor'), ...(await log.handlers()) });
    const hash = log.leaves[3] ?? '';
    render(`?hash=${encodeURIComponent(hash)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaf 3' })).toBeInTheDocument();
    expect(
      new URL(server.calls('GET', '/api/log/leaf')[0]?.url ?? '', 'http://x').searchParams.get('hash'),
    ).toBe(hash);
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    // A hash pasted into the address unencoded: its + arrive as spaces.
    expect(leafRefOf(new URLSearchParams('hash=ab+cd/ef='))).toEqual({ hash: 'ab+cd/ef=' });
    expect(leafRefOf(new URLSearchParams('index=7'))).toEqual({ index: 7 });
    expect(leafRefOf(new URLSearchParams('index=-1'))).toBeNull();
  });

  it('says Not verified when the proof does not lead to the signed root', async () => {
    const log = await makeTestLog();
    const good = await log.inclusion(2);
    const spoiled = [...good.proof];
    spoiled[0] = log.leaves[4] ?? '';
    fakeApi({
      ...signInAs('manager'),
      ...(await log.handlers()),
      'GET /api/log/proofs/inclusion': json(wire(inclusionProofSchema, { ...good, proof: spoiled })),
    });
    render('?index=2');
    const inclusion = within(
      await screen.findByRole('region', { name: 'Inclusion in the latest checkpoint' }),
    );
    expect(await inclusion.findByRole('heading', { name: /^Not verified: / })).toBeInTheDocument();
    expect(marks(inclusion.getByRole('list', { name: 'Checks' }))).toEqual(['✓', '✓', '✗']);
    expect(inclusion.queryByRole('list', { name: 'Proof path' })).not.toBeInTheDocument();
  });

  it('checks an earlier checkpoint of the reader’s choice is kept by the latest', async () => {
    const log = await makeTestLog(undefined, { checkpointSizes: [2, 3, 5] });
    const server = fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    render('?index=0');
    const section = within(
      await screen.findByRole('region', { name: 'Consistency with an earlier checkpoint' }),
    );
    const choice = await section.findByRole('combobox', { name: 'Earlier checkpoint' });
    // The latest is not offered: there is nothing to compare it with.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', '3', '2']);
    await userEvent.setup().selectOptions(choice, '2');

    expect(await section.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent(
      'The tree of 5 leaves extends the tree of 2 leaves: the first 2 are unchanged.',
    );
    expect(marks(section.getByRole('list', { name: 'Consistency checks' }))).toEqual(['✓', '✓', '✓']);
    const query = new URL(server.calls('GET', '/api/log/proofs/consistency')[0]?.url ?? '', 'http://x')
      .searchParams;
    expect(Object.fromEntries(query)).toEqual({ from: '2', to: '5' });
  });

  it('catches an earlier checkpoint of another tree, even signed with the log’s key', async () => {
    const log = await makeTestLog(undefined, { checkpointSizes: [2, 5] });
    // The same key signed a tree of 2 leaves that is not the start of this one: a fork.
    const changes = usualChanges();
    const fork = await makeTestLog([changes[1], changes[0]] as typeof changes, { signer: log.signer });
    const forked = fork.checkpoints[0];
    fakeApi({
      ...signInAs('operator'),
      ...(await log.handlers()),
      'GET /api/log/checkpoints': json({ items: [log.latest, forked] }),
    });
    render('?index=0');
    const section = within(
      await screen.findByRole('region', { name: 'Consistency with an earlier checkpoint' }),
    );
    await userEvent
      .setup()
      .selectOptions(await section.findByRole('combobox', { name: 'Earlier checkpoint' }), '2');
    expect(await section.findByRole('heading', { name: /^Not verified: / })).toBeInTheDocument();
    expect(marks(section.getByRole('list', { name: 'Consistency checks' }))).toEqual(['✓', '✓', '✗']);
  });

  it('says when no leaf has the index, and what to do without one', async () => {
    const log = await makeTestLog();
    fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    const { unmount } = render('?index=99');
    expect(await screen.findByText(/The record log has no leaf with this index/)).toBeInTheDocument();
    unmount();

    render('');
    expect(screen.getByText(/Open a leaf from the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'record log' })).toHaveAttribute('href', '/blockchain-explorer');
    await waitFor(() => expect(document.title).toBe('Log leaf · PlasTrace'));
  });
});
