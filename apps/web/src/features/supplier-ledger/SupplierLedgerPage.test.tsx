import { supplierBalancePageSchema } from '@plastrace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { SupplierLedgerPage } from './SupplierLedgerPage.tsx';
import {
  balance,
  csv,
  OTHER_REF,
  balancePage as rawBalancePage,
  SUPPLIER_REF,
  stubDownloads,
} from './testData.ts';

const LIST = '/api/supplier-ledger';
/** A page of balances as the API sends it. */
const balancePage = (...args: Parameters<typeof rawBalancePage>) =>
  wire(supplierBalancePageSchema, rawBalancePage(...args));
const rows = [balance(), balance(OTHER_REF, '-150.00')];

function renderLedger(
  role: 'manager' | 'operator' | 'auditor',
  handlers: Record<string, Handler> = {},
  path = '',
) {
  const server = fakeApi({ ...signInAs(role), [`GET ${LIST}`]: json(balancePage(rows)), ...handlers });
  renderWithAuth(page('/supplier-ledger', SupplierLedgerPage), `/supplier-ledger${path}`);
  return server;
}
const lastUrl = (server: ReturnType<typeof fakeApi>) => server.calls('GET', LIST).at(-1)?.url ?? '';
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('Supplier ledger', () => {
  it('shows cards on a phone: the supplier and what is owed first, advances marked', async () => {
    await onPhone(async () => {
      renderLedger('manager');
      const cards = within(await screen.findByRole('list', { name: 'Supplier balances' })).getAllByRole(
        'listitem',
      );
      expect(cards).toHaveLength(2);
      expect(within(cards[1] as HTMLElement).getByText('Advance')).toBeInTheDocument();
      expect(cards[1]).toHaveTextContent('-₱150.00');
      expect(screen.queryByRole('table', { name: 'Supplier balances' })).not.toBeInTheDocument();
    });
  });

  it('lists the balances, largest owed first, with the totals of the filter', async () => {
    const server = renderLedger('operator');
    const table = await screen.findByRole('table', { name: 'Supplier balances' });
    expect(within(table).getByRole('link', { name: 'Juan Junkshop (SUP-001)' })).toHaveAttribute(
      'href',
      `/supplier-ledger/${SUPPLIER_REF.id}`,
    );
    expect(table).toHaveTextContent('₱21,942.08');
    expect(table).toHaveTextContent('Advance-₱150.00');
    expect(table).toHaveTextContent('Cooperative');
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(totals).toHaveTextContent('Owed to suppliers₱21,942.08');
    expect(totals).toHaveTextContent('Advances outstanding₱150.00');
    expect(totals).toHaveTextContent('Net payable₱21,792.08');
    expect(header('Balance')).toHaveAttribute('aria-sort', 'descending');
    expect(lastUrl(server)).toMatch(/\?sort=-balance&limit=50$/);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('sorts on the server when a column header is clicked', async () => {
    const server = renderLedger('manager');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Supplier balances' });
    await user.click(within(header('Supplier')).getByRole('button'));
    await waitFor(() => expect(lastUrl(server)).toContain('sort=name&'));
    expect(header('Supplier')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Balance')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Supplier')).getByRole('button'));
    await waitFor(() => expect(lastUrl(server)).toContain('sort=-name&'));
    await user.click(within(header('Last entry')).getByRole('button'));
    await waitFor(() => expect(lastUrl(server)).toContain('sort=-last_entry_at&'));
    expect(header('Last entry')).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches, filters by type, owing and as-of day, and links statements to that day', async () => {
    const server = renderLedger('manager');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Supplier balances' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'junk');
    await waitFor(() => expect(lastUrl(server)).toContain('q=junk'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Junkshop');
    await user.click(screen.getByRole('switch', { name: 'Owing only' }));
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-05-31' } });
    await waitFor(() =>
      expect(lastUrl(server)).toMatch(
        /\?q=junk&type=junkshop&owing=true&as_of=2026-05-31&sort=-balance&limit=50$/,
      ),
    );
    expect(await screen.findByRole('link', { name: 'Juan Junkshop (SUP-001)' })).toHaveAttribute(
      'href',
      `/supplier-ledger/${SUPPLIER_REF.id}?to=2026-05-31`,
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastUrl(server)).toMatch(/\?sort=-balance&limit=50$/));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('loads the next page with the cursor', async () => {
    const server = renderLedger('manager', {
      [`GET ${LIST}`]: (r) =>
        Response.json(r.url.includes('cursor=p2') ? balancePage([rows[1]]) : balancePage([rows[0]], 'p2')),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Payatas Cooperative (SUP-002)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Juan Junkshop (SUP-001)' })).toBeInTheDocument();
    expect(lastUrl(server)).toContain('cursor=p2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the filtered balances as CSV', async () => {
    const click = stubDownloads();
    const server = renderLedger(
      'auditor',
      { [`GET ${LIST}/export.csv`]: csv('supplier-balances.csv') },
      '?owing=1&sort=name',
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', `${LIST}/export.csv`)[0]?.url).toMatch(/\?sort=name&owing=true$/);
    expect(await screen.findByText('The supplier balances have been exported.')).toBeInTheDocument();
  });

  it('tells an empty ledger from a filter that matches nothing', async () => {
    renderLedger('manager', { [`GET ${LIST}`]: json(balancePage([])) });
    expect(await screen.findByText('No payables yet: post a delivery.')).toBeInTheDocument();
  });

  it('says when no balance matches the filters', async () => {
    renderLedger('manager', { [`GET ${LIST}`]: json(balancePage([])) }, '?q=zzz');
    expect(await screen.findByText('No supplier balances match these filters.')).toBeInTheDocument();
  });

  it('offers a retry when the balances cannot be loaded', async () => {
    const server = renderLedger('manager', {
      [`GET ${LIST}`]: apiError(500, 'internal_error', 'Something went wrong'),
    });
    expect(await screen.findByText('The supplier balances could not be loaded')).toBeInTheDocument();
    server.on(`GET ${LIST}`, json(balancePage(rows)));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Supplier balances' })).toBeInTheDocument();
  });
});
