import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { apiError, fakeApi, hang, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { IssueCertificatePage } from './IssueCertificatePage.tsx';
import { available, certificate } from './testData.ts';

function renderForm(handlers = {}) {
  const server = fakeApi({
    ...signInAs('manager'),
    'GET /api/certificates/available': json(available),
    'POST /api/certificates': json(certificate(), 201),
    ...handlers,
  });
  renderWithAuth(
    [
      ...page('/waste-diversion-certificate/new', IssueCertificatePage),
      ...page('/waste-diversion-certificate/:id', () => <h1>The issued certificate</h1>),
    ],
    '/waste-diversion-certificate/new',
  );
  return { server, user: userEvent.setup() };
}

const kgOf = (what: string) => screen.getByLabelText(`Kg to certify of ${what}`);
const rowOf = (what: string) => within(kgOf(what).closest('tr') as HTMLElement);

async function fillPeriodAndClient(user: ReturnType<typeof userEvent.setup>) {
  const form = within(await screen.findByRole('form', { name: 'Issue a certificate' }));
  fireEvent.change(form.getByLabelText(/^From/), { target: { value: '2026-11-01' } });
  fireEvent.change(form.getByLabelText(/^To/), { target: { value: '2026-11-25' } });
  await screen.findByRole('table', { name: 'Unclaimed recovery of the period' });
  fireEvent.change(form.getByLabelText(/^Client name/), { target: { value: 'Barangay San Roque' } });
  await user.selectOptions(form.getByLabelText(/^Kind of client/), 'Local government unit');
  fireEvent.change(form.getByLabelText(/^Name/), { target: { value: 'Liza Reyes' } });
  fireEvent.change(form.getByLabelText(/^Title/), { target: { value: 'Plant Manager' } });
}

describe('Issue a waste diversion certificate', () => {
  it('loads what the period has unclaimed and sends only the rows given kilograms, with a key', async () => {
    const { server, user } = renderForm();
    await fillPeriodAndClient(user);
    expect(rowOf('PET clear bottles, recycling').getByText('900 kg')).toBeInTheDocument();
    expect(kgOf('PET clear bottles, recycling')).toHaveAccessibleDescription('At most 900 kg');
    await waitFor(() =>
      expect(server.calls('GET', '/api/certificates/available').at(-1)?.url).toContain(
        'from=2026-11-01&to=2026-11-25',
      ),
    );

    await user.click(
      screen.getByRole('button', { name: 'Certify all 900 kg of PET clear bottles, recycling' }),
    );
    expect(kgOf('PET clear bottles, recycling')).toHaveValue('900.000');
    fireEvent.change(kgOf('HDPE bottles, recycling'), { target: { value: '20.5' } });
    expect(screen.getByText('Certificate total: 920.5 kg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));

    expect(await screen.findByRole('heading', { name: 'The issued certificate' })).toBeInTheDocument();
    const [call] = server.calls('POST', '/api/certificates');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      client_name: 'Barangay San Roque',
      client_type: 'lgu',
      client_address: null,
      period_from: '2026-11-01',
      period_to: '2026-11-25',
      signatory_name: 'Liza Reyes',
      signatory_title: 'Plant Manager',
      notes: null,
      lines: [
        { material_type: 'HDPE_BOTTLES', fate: 'recycling', kg: '20.5' },
        { material_type: 'PET_BOTTLES_CLEAR', fate: 'recycling', kg: '900.000' },
      ],
    });
  });

  it('refuses more than a row has and nothing at all before sending', async () => {
    const { server, user } = renderForm();
    await fillPeriodAndClient(user);
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    expect(
      await screen.findByText('Enter the kilograms to certify of at least one material'),
    ).toBeInTheDocument();
    fireEvent.change(kgOf('PET clear bottles, co-processing'), { target: { value: '60.001' } });
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    expect(
      await rowOf('PET clear bottles, co-processing').findByText('At most 60 kg is unclaimed'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/certificates')).toHaveLength(0);
  });

  it('puts the server’s refusal of a sent line under the row it came from', async () => {
    const refusal = 'Only 850 kg of PET clear bottles sent to recycling in this period is unclaimed';
    const { user } = renderForm({
      'POST /api/certificates': apiError(422, 'unprocessable', refusal, {
        fields: { 'body.lines.0.kg': refusal },
      }),
    });
    await fillPeriodAndClient(user);
    fireEvent.change(kgOf('PET clear bottles, recycling'), { target: { value: '900' } });
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    expect(await rowOf('PET clear bottles, recycling').findByText(refusal)).toBeInTheDocument();
    expect(rowOf('HDPE bottles, recycling').queryByText(refusal)).toBeNull();
  });

  it('tells an auditor issuing is not for their role', async () => {
    const server = fakeApi(signInAs('auditor'), { otherwise: hang });
    renderWithAuth(
      page('/waste-diversion-certificate/new', IssueCertificatePage),
      '/waste-diversion-certificate/new',
    );
    expect(await screen.findByText(refusalText('certificates.issue'))).toBeInTheDocument();
    expect(server.calls('GET', '/api/certificates/available')).toHaveLength(0);
  });
});
