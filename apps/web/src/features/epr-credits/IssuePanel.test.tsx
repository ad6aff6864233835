import type { MemberRole } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { EprCreditsPage } from './EprCreditsPage.tsx';
import { BATCH_ID, batch, FACILITY, PREFIX, recovery } from './testCredits.ts';

function renderIssue(role: MemberRole, handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/credits/recovery': json(recovery()),
    ...handlers,
  });
  renderWithAuth([{ path: '/epr-credits', Component: EprCreditsPage }], '/epr-credits?tab=issue');
  return server;
}

describe('Issuing EPR credits', () => {
  it('previews the evidence the batch would claim, oldest first, with the collectors’ pay, then issues', async () => {
    const server = renderIssue('manager', { 'POST /api/credits/batches': json(batch(2), 201) });
    const table = await screen.findByRole('table', { name: 'Eligible recovery' });
    expect(table).toHaveTextContent('2,400 kg');
    const form = screen.getByRole('form', { name: 'Issue credits' });
    expect(
      within(form).getByText(/At most 2 credits: 2,400 kg of recovery is left here/),
    ).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to issue/ }), '2');

    const preview = within(form).getByRole('table', { name: 'Evidence the batch would claim' });
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.children[1]?.textContent)).toEqual(['1,440 kg', '560 kg']);
    expect(rows[0]).toHaveTextContent('RR-2026-000001');
    expect(rows[0]).toHaveTextContent('WB-1');
    expect(rows[0]).toHaveTextContent('1 photo');
    expect(rows[0]).toHaveTextContent('Waste picker');
    // 1,440 × 26,640 ÷ 1,500 + 560 × 20 = ₱36,774.40, ₱18.39 a kg.
    expect(within(form).getByText(/paid ₱36,774.40/)).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Issue 2 credits' }));
    await waitFor(() => expect(server.calls('POST', '/api/credits/batches')).toHaveLength(1));
    const sent = server.calls('POST', '/api/credits/batches')[0];
    expect(sent?.body).toEqual({
      facility_id: FACILITY.id,
      vintage: 2026,
      fate: 'recycling',
      material_type: null,
      quantity: 2,
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    const done = await screen.findByRole('status', { name: 'Credits issued' });
    expect(done).toHaveTextContent(`${PREFIX}-000001 – ${PREFIX}-000002`);
    expect(within(done).getByRole('link', { name: 'Open the batch' })).toHaveAttribute(
      'href',
      `/epr-credits/batches/${BATCH_ID}`,
    );
  });

  it('refuses more credits than the recovery holds before sending', async () => {
    const server = renderIssue('admin');
    const form = await screen.findByRole('form', { name: 'Issue credits' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to issue/ }), '3');
    expect(within(form).queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Issue credits' }));
    expect(await within(form).findByText('At most 2 credits from this recovery')).toBeInTheDocument();
    expect(server.calls('POST', '/api/credits/batches')).toHaveLength(0);
  });

  it('starts the form from a group of the eligible recovery', async () => {
    renderIssue('manager');
    await userEvent.click(
      await screen.findByRole('button', { name: /Issue from this: MNL1, 2026, Recycling/ }),
    );
    const form = screen.getByRole('form', { name: 'Issue credits' });
    expect(within(form).getByRole('combobox', { name: 'Material type' })).toHaveValue('PET_BOTTLES_CLEAR');
  });

  it('offers a mixed batch from a material type holding less than a tonne', async () => {
    // 600 kg of PET and 600 kg of HDPE: neither a credit alone, one together.
    const base = recovery();
    const [pet, hdpe] = base.rows.map((r, i) => ({
      ...r,
      kg: '600.000',
      available_kg: '600.000',
      material:
        i === 0 ? r.material : { ...r.material, id: `${r.material.id.slice(0, -1)}9`, type: 'HDPE_BOTTLES' },
    }));
    const group = (type: string) => ({
      ...base.groups[0],
      material_type: type,
      available_kg: '600.000',
      credits: 0,
      carried_kg: '600.000',
    });
    renderIssue('manager', {
      'GET /api/credits/recovery': json({
        rows: [pet, hdpe],
        groups: [group('HDPE_BOTTLES'), group('PET_BOTTLES_CLEAR')],
        totals: { available_kg: '1200.000', credits: 1, carried_kg: '200.000' },
      }),
    });
    const mixed = await screen.findByRole('button', { name: /^Issue mixed: MNL1, 2026, Recycling, PET/ });
    expect(mixed).toBeEnabled();
    await userEvent.click(mixed);
    const form = screen.getByRole('form', { name: 'Issue credits' });
    expect(within(form).getByRole('combobox', { name: 'Material type' })).toHaveValue('');
    expect(within(form).getByText(/At most 1 credit/)).toBeInTheDocument();
  });

  it('shows auditors the recovery but not the form', async () => {
    renderIssue('auditor');
    await screen.findByRole('table', { name: 'Eligible recovery' });
    expect(screen.queryByRole('form', { name: 'Issue credits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Issue from/ })).not.toBeInTheDocument();
  });
});
