import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { CertificateDetailPage } from './CertificateDetailPage.tsx';
import { CertificatesPage } from './CertificatesPage.tsx';
import { CERT_ID, certificate, certificatesPage, revoked } from './testData.ts';

const renderList = () =>
  renderWithAuth(page('/waste-diversion-certificate', CertificatesPage), '/waste-diversion-certificate');
const renderDetail = () =>
  renderWithAuth(
    page('/waste-diversion-certificate/:id', CertificateDetailPage),
    `/waste-diversion-certificate/${CERT_ID}`,
  );

describe('Waste diversion certificates', () => {
  it('lists certificates with their status, on a phone as cards', async () => {
    fakeApi({ ...signInAs('manager'), 'GET /api/certificates': json(certificatesPage) });
    renderList();
    const table = await screen.findByRole('table', { name: 'Waste diversion certificates' });
    expect(within(table).getByRole('link', { name: 'WDC-2026-0007' })).toHaveAttribute(
      'href',
      `/waste-diversion-certificate/${CERT_ID}`,
    );
    expect(within(table).getByText('Issued')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Issue certificate' })).toBeInTheDocument();

    await onPhone(async () => {
      fakeApi({ ...signInAs('auditor'), 'GET /api/certificates': json(certificatesPage) });
      renderList();
      const cards = await screen.findAllByRole('list', { name: 'Waste diversion certificates' });
      expect(within(cards.at(-1) as HTMLElement).getByText('Barangay San Roque')).toBeInTheDocument();
    });
  });

  it('says what certificates are for when there are none, and offers issuing only to office roles', async () => {
    fakeApi({ ...signInAs('auditor'), 'GET /api/certificates': emptyPage });
    renderList();
    expect(await screen.findByText('No certificates issued yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Issue/ })).toBeNull();
  });

  it('shows the certificate, its evidence and revokes it with a reason', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET /api/certificates/${CERT_ID}`]: json(certificate()),
      [`POST /api/certificates/${CERT_ID}/revoke`]: json(certificate(revoked)),
    });
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Certificate WDC-2026-0007' })).toBeInTheDocument();
    const evidence = screen.getByRole('table', { name: 'Evidence' });
    expect(within(evidence).getByText('WB-5512')).toBeInTheDocument();
    expect(within(evidence).getByRole('link', { name: 'Log proof of RR-2026-000042' })).toHaveAttribute(
      'href',
      '/verify/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9004',
    );
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('form', { name: 'Revoke WDC-2026-0007?' }));
    await user.type(dialog.getByLabelText(/^Reason/), 'Wrong');
    await user.click(dialog.getByRole('button', { name: 'Revoke certificate' }));
    expect(await dialog.findByText(/at least 10 characters/)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Reason/));
    await user.type(dialog.getByLabelText(/^Reason/), 'Issued to the wrong client');
    await user.click(dialog.getByRole('button', { name: 'Revoke certificate' }));
    expect(
      await screen.findByText(/Issued to the wrong client\. Its kilograms are claimable again/),
    ).toBeInTheDocument();
    expect(server.calls('POST', `/api/certificates/${CERT_ID}/revoke`)[0]?.body).toEqual({
      reason: 'Issued to the wrong client',
    });
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('shows the server’s refusal of a reason under the field', async () => {
    fakeApi({
      ...signInAs('admin'),
      [`GET /api/certificates/${CERT_ID}`]: json(certificate()),
      [`POST /api/certificates/${CERT_ID}/revoke`]: fieldError({ 'body.reason': 'Say why, please' }),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('form', { name: 'Revoke WDC-2026-0007?' }));
    await user.type(dialog.getByLabelText(/^Reason/), 'A long enough reason');
    await user.click(dialog.getByRole('button', { name: 'Revoke certificate' }));
    expect(await dialog.findByText('Say why, please')).toBeInTheDocument();
  });

  it('lets an auditor read but not revoke', async () => {
    fakeApi({ ...signInAs('auditor'), [`GET /api/certificates/${CERT_ID}`]: json(certificate()) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Certificate WDC-2026-0007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
