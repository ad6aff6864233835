import { productionRecordSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { ProductionRecordDetailPage } from './ProductionRecordDetailPage.tsx';
import { draftRun, IN_LOT, OUT_LOT, postedRun, RUN_ID } from './testData.ts';

const asWire = (value: unknown) => json(wire(productionRecordSchema, value));
const ONE = `/api/production-records/${RUN_ID}`;
const renderDetail = () =>
  renderWithAuth(
    page('/production-records/:id', ProductionRecordDetailPage),
    `/production-records/${RUN_ID}`,
  );

describe('Production run detail', () => {
  it('posts a draft after confirmation and shows the lots, value and lineage it made', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: asWire(draftRun()),
      [`POST ${ONE}/post`]: asWire(postedRun()),
    });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Booked at posting')).toBeInTheDocument();
    // A draft takes photos (the line, the bales going in), uploaded as soon as they are picked.
    expect(screen.getByRole('region', { name: 'Photos' })).toHaveTextContent('No photos.');
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post PR-2026-000007?' });
    expect(dialog).toHaveTextContent('takes 1,000 kg out of stock and makes 1 lot(s) of 850 kg');
    server.on(`GET ${ONE}`, asWire(postedRun()));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('PR-2026-000007 posted: 1 lot(s) made.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/post`)[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const lineage = await screen.findByRole('table', { name: 'Lineage' });
    expect(within(lineage).getByRole('link', { name: IN_LOT.code })).toHaveAttribute(
      'href',
      `/batch-management/${IN_LOT.id}`,
    );
    expect(within(lineage).getByRole('link', { name: OUT_LOT.code })).toBeInTheDocument();
    expect(screen.getByText('600.00 kWh (calculated from rated power) · ₱6,900.00')).toBeInTheDocument();
    expect(
      screen.getByText('Inputs ₱20,000.00 + energy ₱6,900.00 + line ₱0.00 = outputs ₱26,900.00'),
    ).toBeInTheDocument();
  });

  it('asks a manager to confirm a run above the line’s capacity with a reason', async () => {
    const refusal =
      '5,000 kg in 8.00 h is more than line WASH1 can process: its rated 500.0 kg/h + 10 % allows 4,400 kg. A manager must confirm the run with a reason.';
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(draftRun()),
      [`POST ${ONE}/post`]: apiError(422, 'unprocessable', refusal, {
        over_capacity: true,
        max_kg: '4400.000',
      }),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Post/ })).getByRole('button', { name: 'Post' }),
    );
    const ask = within(
      await screen.findByRole('dialog', { name: 'Confirm a run above the line’s capacity' }),
    );
    expect(ask.getByText(/allows 4,400 kg/)).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Confirm and post' }));
    const reason = ask.getByRole('textbox', { name: /^Reason/ });
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Say why the line could process this much'),
    );
    server.on(`POST ${ONE}/post`, asWire(postedRun({ over_capacity_reason: 'Two shifts ran through' })));
    await user.type(reason, 'Two shifts ran through');
    await user.click(ask.getByRole('button', { name: 'Confirm and post' }));
    expect(await screen.findByText('PR-2026-000007 posted: 1 lot(s) made.')).toBeInTheDocument();
    const calls = server.calls('POST', `${ONE}/post`);
    expect(calls.map((c) => c.body)).toEqual([{}, { over_capacity_reason: 'Two shifts ran through' }]);
    // A new request, so a new key: the refused first one stays refused under its own.
    expect(calls[1]?.headers['idempotency-key']).not.toBe(calls[0]?.headers['idempotency-key']);
  });

  it('lets a manager void a posted run with a reason', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET ${ONE}`]: asWire(postedRun()),
      [`POST ${ONE}/void`]: asWire(
        postedRun({ status: 'voided', voided_at: '2026-11-22T01:00:00.000Z', void_reason: 'Wrong line' }),
      ),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Void PR-2026-000007?' }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Wrong line');
    await user.click(dialog.getByRole('button', { name: 'Void run' }));
    expect(await screen.findByText('PR-2026-000007 voided.')).toBeInTheDocument();
    expect(server.calls('POST', `${ONE}/void`)[0]?.body).toEqual({ reason: 'Wrong line' });
  });

  it('shows what a manufacturing run made, to which BOM, and the recycled content its lots carry', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: asWire(
        postedRun({
          process: { code: 'moulding', name: 'Moulding' },
          product: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6050', code: 'BOTTLE-1L', name: 'Bottle 1 l' },
          bom_version: {
            id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6051',
            version_no: 2,
            effective_from: '2026-09-01',
          },
          units: '39000',
          recycled_content_pct: '30.00',
        }),
      ),
    });
    renderDetail();
    expect(await screen.findByText('39,000 × Bottle 1 l (BOTTLE-1L), BOM v2')).toBeInTheDocument();
    expect(screen.getByText('30.00 % of the inputs by mass, carried by the lots made')).toBeInTheDocument();
  });

  it('says a run that does not exist is not found', async () => {
    fakeApi({
      ...signInAs('operator'),
      [`GET ${ONE}`]: apiError(404, 'not_found', 'Production record not found'),
    });
    renderDetail();
    expect(await screen.findByText('Production run not found')).toBeInTheDocument();
  });
});
