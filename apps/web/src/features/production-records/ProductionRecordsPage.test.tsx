import { lineMonthSchema, page as pageOf, productionRecordSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { fakeApi, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { ProductionRecordsPage } from './ProductionRecordsPage.tsx';
import { FACILITY, LINE, OUT_LOT, postedRun } from './testData.ts';

const LIST = '/api/production-records';
const runs = (items: unknown[]) => json(wire(pageOf(productionRecordSchema), { items, next_cursor: null }));
const routes = page('/production-records', ProductionRecordsPage);
const empty = json({ items: [], next_cursor: null });
const quiet = {
  'GET /api/facilities': empty,
  'GET /api/production-lines': empty,
  'GET /api/calculations/process-types': json({ items: [] }),
};

describe('Production records list', () => {
  it('lists runs with in, out and yield, and sends the filters of the address', async () => {
    const server = fakeApi({ ...signInAs('operator'), ...quiet, [`GET ${LIST}`]: runs([postedRun()]) });
    renderWithAuth(routes, `/production-records?status=posted&facility=${FACILITY.id}&q=0001`);
    const table = await screen.findByRole('table', { name: 'Production records' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'PR-2026-000007' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Washing');
    expect(row).toHaveTextContent('1,000 kg');
    expect(row).toHaveTextContent('850 kg');
    expect(row).toHaveTextContent('85.00 %');
    const sent = new URL(server.calls('GET', LIST)[0]?.url ?? '', 'http://x').searchParams;
    expect([sent.get('status'), sent.get('facility_id'), sent.get('q')]).toEqual([
      'posted',
      FACILITY.id,
      '0001',
    ]);
    expect(screen.getByRole('link', { name: 'New run' })).toHaveAttribute('href', '/production-records/new');
  });

  it('shows cards on a phone with the lots made', async () => {
    await onPhone(async () => {
      fakeApi({ ...signInAs('operator'), ...quiet, [`GET ${LIST}`]: runs([postedRun()]) });
      renderWithAuth(routes, '/production-records');
      const card = within(await screen.findByRole('list', { name: 'Production records' })).getAllByRole(
        'listitem',
      )[0] as HTMLElement;
      expect(card).toHaveTextContent('1,000 kg → 850 kg (85.00 %)');
      expect(card).toHaveTextContent(OUT_LOT.code);
    });
  });

  it('says what the list is for when it is empty, and clears filters', async () => {
    fakeApi({ ...signInAs('manager'), ...quiet, [`GET ${LIST}`]: runs([]) });
    renderWithAuth(routes, '/production-records');
    expect(await screen.findByText('No production runs recorded yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record the first run' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Voided');
    expect(await screen.findByText('No production runs match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByText('No production runs recorded yet')).toBeInTheDocument());
  });

  it('shows a line month by month when the list is filtered by it', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      ...quiet,
      [`GET ${LIST}`]: runs([postedRun()]),
      'GET /api/production-records/by-line': json(
        wire(z.object({ items: z.array(lineMonthSchema) }), {
          items: [
            {
              line: LINE,
              month: '2026-11',
              runs: 4,
              input_kg: '4000.000',
              output_kg: '3400.000',
              yield_pct: '85.00',
              energy_kwh: '2400.00',
              kwh_per_tonne: '600.0',
            },
          ],
        }),
      ),
    });
    renderWithAuth(routes, `/production-records?line=${LINE.id}`);
    const table = await screen.findByRole('table', { name: 'This line month by month' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-1144,000 kg3,400 kg85.00 %600.0');
    const sent = new URL(server.calls('GET', '/api/production-records/by-line')[0]?.url ?? '', 'http://x');
    expect(sent.searchParams.get('production_line_id')).toBe(LINE.id);
  });

  it('tells a supplier member the page is not for their role, without asking the server', async () => {
    const server = fakeApi(signInAs('supplier'), { otherwise: hang });
    renderWithAuth(routes, '/production-records');
    expect(await screen.findByText(refusalText('production.read'))).toBeInTheDocument();
    expect(server.calls('GET', LIST)).toHaveLength(0);
  });
});
