import { creditBlockSchema, creditTransferResultSchema, type MemberRole } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { EprCreditsPage } from './EprCreditsPage.tsx';
import { BATCH_ID, BLOCK_ID, block, holdings, PREFIX, summary } from './testCredits.ts';

const RECIPIENT = { slug: 'bayanihan', name: 'Bayanihan Recyclers Coop' };

function renderInventory(role: MemberRole, handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/credits/holdings': json(holdings()),
    'GET /api/credits/holdings/summary': json(summary()),
    ...handlers,
  });
  renderWithAuth([{ path: '/epr-credits', Component: EprCreditsPage }], '/epr-credits');
  return server;
}

const openDialog = async (action: 'Transfer' | 'Retire') => {
  const table = await screen.findByRole('table', { name: 'Credits held' });
  // Each row's buttons say which serials they act on.
  await userEvent.click(within(table).getByRole('button', { name: new RegExp(`^${action} PH-PTEPR-`) }));
  return screen.getByRole('form', { name: `${action} credits` });
};

const movement = wire(creditTransferResultSchema, {
  movement: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5070',
    kind: 'transferred',
    direction: 'out',
    batch: { id: BATCH_ID, serial_prefix: PREFIX, vintage: 2026, fate: 'recycling' },
    first_serial: `${PREFIX}-000001`,
    last_serial: `${PREFIX}-000003`,
    quantity: 3,
    from: { name: 'EcoPlast Recycling Inc.', slug: 'ecoplast' },
    to: RECIPIENT,
    beneficiary: null,
    compliance_year: null,
    purpose: null,
    note: null,
    at: '2026-11-26T03:00:00.000Z',
  },
});

describe('EPR credits inventory', () => {
  it('shows credits by vintage, fate and status, and the ranges held', async () => {
    renderInventory('auditor');
    const sum = await screen.findByRole('table', { name: 'Credits held by vintage, fate and status' });
    expect(sum).toHaveTextContent('2026Recycling900');
    const held = screen.getByRole('table', { name: 'Credits held' });
    expect(held).toHaveTextContent(`${PREFIX}-000001 – ${PREFIX}-000009`);
    expect(held).toHaveTextContent('Issued');
    // Auditors read and export; moving credits is for administrators and managers.
    expect(within(held).queryByRole('button', { name: /^Transfer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('transfers only to a recipient looked up and confirmed by name', async () => {
    const server = renderInventory('manager', {
      [`GET /api/credits/organizations/${RECIPIENT.slug}`]: json(RECIPIENT),
      'POST /api/credits/transfers': json(movement, 201),
    });
    const form = await openDialog('Transfer');
    const send = within(form).getByRole('button', { name: 'Look up the recipient first' });
    expect(send).toBeDisabled();
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to transfer/ }), '3');
    await userEvent.type(within(form).getByRole('textbox', { name: /organization identifier/ }), 'Bayanihan');
    await userEvent.click(within(form).getByRole('button', { name: 'Look up' }));
    expect(await within(form).findByText('Bayanihan Recyclers Coop (bayanihan)')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Note/ }), 'Contract 17');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer to Bayanihan Recyclers Coop' }));
    await waitFor(() => expect(server.calls('POST', '/api/credits/transfers')).toHaveLength(1));
    const sent = server.calls('POST', '/api/credits/transfers')[0];
    expect(sent?.body).toEqual({
      block_id: BLOCK_ID,
      quantity: 3,
      to_organization: 'bayanihan',
      note: 'Contract 17',
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Transfer credits' })).not.toBeInTheDocument(),
    );
  });

  it('says when no organization has the identifier, and keeps the quantity within the block', async () => {
    const server = renderInventory('admin', {
      'GET /api/credits/organizations/nobody': apiError(
        404,
        'not_found',
        'No organization has the identifier nobody',
      ),
      [`GET /api/credits/organizations/${RECIPIENT.slug}`]: json(RECIPIENT),
    });
    const form = await openDialog('Transfer');
    const slug = within(form).getByRole('textbox', { name: /organization identifier/ });
    await userEvent.type(slug, 'nobody');
    await userEvent.click(within(form).getByRole('button', { name: 'Look up' }));
    expect(await within(form).findByText('No organization has the identifier nobody')).toBeInTheDocument();
    await userEvent.clear(slug);
    await userEvent.type(slug, RECIPIENT.slug);
    await userEvent.click(within(form).getByRole('button', { name: 'Look up' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to transfer/ }), '10');
    await userEvent.click(await within(form).findByRole('button', { name: /Transfer to/ }));
    expect(await within(form).findByText('You hold 9 credits in this block')).toBeInTheDocument();
    expect(server.calls('POST', '/api/credits/transfers')).toHaveLength(0);
  });

  it('retires credits for a beneficiary, compliance year and purpose', async () => {
    const retired = wire(creditBlockSchema, {
      ...block({
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5080',
        last_no: 2,
        last_serial: `${PREFIX}-000002`,
        quantity: 2,
        status: 'retired',
        public_status: 'retired',
        beneficiary: 'Jollibee Foods Corporation',
        compliance_year: 2026,
        purpose: 'RA 11898 compliance 2026',
        retired_at: '2026-11-26T03:00:00.000Z',
      }),
    });
    const server = renderInventory('manager', { 'POST /api/credits/retirements': json(retired, 201) });
    const form = await openDialog('Retire');
    expect(within(form).getByText(/never move again/)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to retire/ }), '2');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Beneficiary/ }),
      'Jollibee Foods Corporation',
    );
    const year = within(form).getByRole('textbox', { name: /Compliance year/ });
    await userEvent.clear(year);
    await userEvent.type(year, '2026');
    const purpose = within(form).getByRole('textbox', { name: /Purpose/ });
    await userEvent.clear(purpose);
    await userEvent.type(purpose, 'RA 11898 compliance 2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Retire for good' }));
    await waitFor(() => expect(server.calls('POST', '/api/credits/retirements')).toHaveLength(1));
    expect(server.calls('POST', '/api/credits/retirements')[0]?.body).toEqual({
      block_id: BLOCK_ID,
      quantity: 2,
      beneficiary: 'Jollibee Foods Corporation',
      compliance_year: 2026,
      purpose: 'RA 11898 compliance 2026',
    });
  });

  it('shows the server’s refusal of a retirement in the dialog', async () => {
    renderInventory('manager', {
      'POST /api/credits/retirements': apiError(422, 'unprocessable', 'Retired credits never move'),
    });
    const form = await openDialog('Retire');
    await userEvent.type(within(form).getByRole('textbox', { name: /Credits to retire/ }), '1');
    await userEvent.type(within(form).getByRole('textbox', { name: /Beneficiary/ }), 'Jollibee');
    await userEvent.click(within(form).getByRole('button', { name: 'Retire for good' }));
    expect(await within(form).findByText('Retired credits never move')).toBeInTheDocument();
  });

  it('lists the ranges as cards on a phone', async () => {
    await onPhone(async () => {
      renderInventory('operator');
      const cards = await screen.findByRole('list', { name: 'Credits held' });
      expect(cards).toHaveTextContent('9 credits');
      expect(within(cards).queryByRole('button', { name: /^Retire/ })).not.toBeInTheDocument();
    });
  });
});
