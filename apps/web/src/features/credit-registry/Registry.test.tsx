import { page, publicCreditSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { CreditPage } from './CreditPage.tsx';
import { RegistryPage } from './RegistryPage.tsx';

const BATCH = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001';
const PREFIX = 'PH-PTEPR-ECOPLAST-MNL1-2026-0001';
const serial = (n: number) => `${PREFIX}-${String(n).padStart(6, '0')}`;

const credit = (first: number, last: number, extra: Record<string, unknown> = {}) =>
  wire(publicCreditSchema, {
    batch_id: BATCH,
    first_serial: serial(first),
    last_serial: serial(last),
    quantity: last - first + 1,
    status: 'issued',
    country: 'PH',
    programme: 'PTEPR',
    vintage: 2026,
    fate: 'co_processing',
    material_type: 'PET_BOTTLES_CLEAR',
    coc_model: 'identity_preserved',
    issuer: { name: 'EcoPlast Recycling Inc.' },
    facility_region: 'NCR',
    issued_at: '2026-11-26T02:00:00.000Z',
    beneficiary: null,
    compliance_year: null,
    purpose: null,
    retired_at: null,
    verify_url: `http://localhost:3000/registry/${serial(first)}`,
    log_url: `http://localhost:3000/verify/${BATCH}`,
    ...extra,
  });

const retired = credit(1, 1, {
  status: 'retired',
  beneficiary: 'Jollibee Foods Corporation',
  compliance_year: 2026,
  purpose: 'RA 11898 compliance 2026',
  retired_at: '2026-11-26T03:00:00.000Z',
});

describe('The public EPR credit registry', () => {
  it('lists serial ranges with status, fate and retirements, and searches by serial', async () => {
    const server = fakeApi({
      'GET /api/public/credits': json(
        wire(page(publicCreditSchema), { items: [retired, credit(2, 9)], next_cursor: null }),
      ),
    });
    renderWithAuth([{ path: '/registry', Component: RegistryPage }], '/registry');
    const table = await screen.findByRole('table', { name: 'EPR credits' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Retired');
    expect(rows[0]).toHaveTextContent('Jollibee Foods Corporation, 2026: RA 11898 compliance 2026');
    expect(rows[1]).toHaveTextContent(`${serial(2)} – ${serial(9)}`);
    expect(rows[1]).toHaveTextContent('Co-processing (cement kiln fuel), not recycling');
    expect(within(rows[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/registry/${serial(2)}`,
    );
    expect(server.calls('GET', '/api/public/credits')[0]?.headers.authorization).toBeUndefined();

    await userEvent.type(screen.getByRole('textbox', { name: 'Serial' }), serial(5));
    await waitFor(() =>
      expect(
        new URL(server.calls('GET', '/api/public/credits').at(-1)?.url ?? '', 'http://x').searchParams.get(
          'q',
        ),
      ).toBe(serial(5)),
    );
  });

  it('shows one credit with its retirement and the record-log proof of its batch', async () => {
    fakeApi({ [`GET /api/public/credits/${serial(1)}`]: json(retired) });
    renderWithAuth(
      [{ path: '/registry/:serial', Component: CreditPage }],
      `/registry/${serial(1).toLowerCase()}`,
    );
    const facts = await screen.findByLabelText('Credit facts');
    expect(facts).toHaveTextContent('StatusRetired');
    expect(facts).toHaveTextContent('Retired forJollibee Foods Corporation');
    expect(facts).toHaveTextContent('Compliance year2026');
    expect(facts).toHaveTextContent('Identity preserved (ISO 22095)');
    expect(screen.getByRole('link', { name: 'Check the batch in the record log' })).toHaveAttribute(
      'href',
      `/verify/${BATCH}`,
    );
  });

  it('says so when no credit has the serial', async () => {
    fakeApi({
      [`GET /api/public/credits/${serial(99)}`]: apiError(404, 'not_found', 'No EPR credit has the serial'),
    });
    renderWithAuth([{ path: '/registry/:serial', Component: CreditPage }], `/registry/${serial(99)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such credit');
  });
});
