import { publicCertificateSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../components/common/format.ts';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { CertificateVerificationPage } from './CertificateVerificationPage.tsx';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9101';
const facts = (extra: Record<string, unknown> = {}) =>
  wire(publicCertificateSchema, {
    id: ID,
    number: 'WDC-2026-0007',
    status: 'issued',
    organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
    client_name: 'SM City Marikina',
    client_type: 'mall',
    period_from: '2026-10-01',
    period_to: '2026-10-31',
    lines: [
      { material_type: 'PET_BOTTLES_CLEAR', name: 'PET clear bottles', fate: 'recycling', kg: '1200.500' },
      { material_type: 'PET_BOTTLES_CLEAR', name: 'PET clear bottles', fate: 'co_processing', kg: '80.000' },
    ],
    total_kg: '1280.500',
    issued_at: '2026-11-02T01:00:00.000Z',
    signatory_name: 'Liza Reyes',
    signatory_title: 'Plant Manager',
    revoked_at: null,
    revoke_reason: null,
    log_url: `/verify/${ID}`,
    ...extra,
  });

const open = () =>
  renderWithAuth(page('/certificates/:id', CertificateVerificationPage), `/certificates/${ID}`);

describe('A certificate’s public page', () => {
  it('shows a standing certificate to anyone, signed out, with its record-log proof', async () => {
    const server = fakeApi({ [`GET /api/public/certificates/${ID}`]: json(facts()) });
    open();
    expect(
      await screen.findByText('This certificate stands: issued by EcoPlast Recycling Inc. and not revoked.'),
    ).toBeInTheDocument();
    const list = screen.getByLabelText('Certificate facts');
    expect(within(list).getByText('SM City Marikina (Mall)')).toBeInTheDocument();
    expect(within(list).getByText('1,280.5 kg of plastic waste diverted from landfill')).toBeInTheDocument();
    expect(within(list).getByText('Liza Reyes, Plant Manager')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Kilograms by material and fate' });
    expect(within(lines).getByText('1,200.5 kg')).toBeInTheDocument();
    expect(within(lines).getByText('Co-processing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check its record-log proof' })).toHaveAttribute(
      'href',
      `/verify/${ID}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const [call] = server.calls('GET', `/api/public/certificates/${ID}`);
    expect(call?.headers.authorization).toBeUndefined();
  });

  it('says a revoked certificate is REVOKED, when and why, before anything else', async () => {
    fakeApi({
      [`GET /api/public/certificates/${ID}`]: json(
        facts({
          status: 'revoked',
          revoked_at: '2026-11-20T03:00:00.000Z',
          revoke_reason: 'Issued to the wrong client',
        }),
      ),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(`REVOKED on ${formatDate('2026-11-20T03:00:00.000Z', 'Asia/Manila')}`),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'EcoPlast Recycling Inc. revoked this certificate: Issued to the wrong client. It no longer certifies anything.',
    );
    expect(screen.queryByText(/This certificate stands/)).toBeNull();
  });

  it('says so when no certificate has the id', async () => {
    fakeApi({ [`GET /api/public/certificates/${ID}`]: apiError(404, 'not_found', 'Certificate not found') });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('No such certificate');
  });
});
