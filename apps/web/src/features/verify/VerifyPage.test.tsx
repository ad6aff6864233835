import { publicDispatchSchema, publicLotSchema } from '@plastrace/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LOT_ID } from '../receive-records/testData.ts';
import { VerifyPage } from './VerifyPage.tsx';

const URL_ = `/api/public/lots/${LOT_ID}`;
const DISPATCH_URL = `/api/public/dispatches/${LOT_ID}`;

describe('Verify page', () => {
  it('shows the public facts of a lot without a session', async () => {
    const server = fakeApi({
      [`GET ${URL_}`]: json(
        wire(publicLotSchema, {
          id: LOT_ID,
          organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
          code: 'MNL1-260520-0001',
          material: 'PET bottles',
          polymer: 'PET',
          form: 'bottles',
          qty_kg: '1200.250',
          status: 'available',
          facility_city: 'Manila',
          received_on: '2026-05-20',
          created_at: '2026-05-20T02:00:00Z',
        }),
      ),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    const facts = await screen.findByLabelText('Lot facts');
    expect(screen.getByRole('heading', { name: 'Verify a PlasTrace lot' })).toBeInTheDocument();
    expect(facts).toHaveTextContent('MNL1-260520-0001');
    expect(facts).toHaveTextContent('PET bottles (PET, bottles)');
    expect(facts).toHaveTextContent('1,200.25 kg');
    expect(facts).toHaveTextContent('Manila');
    expect(facts).toHaveTextContent('Available');
    // Who holds it, and a way to the product's home.
    expect(screen.getByRole('heading', { name: 'EcoPlast Recycling Inc.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /About PlasTrace/ })).toHaveAttribute('href', '/');
    expect(server.calls('GET', URL_)[0]?.headers.authorization).toBeUndefined();
    expect(document.title).toBe('Verify a PlasTrace lot · PlasTrace');
  });

  it('says clearly when the id is neither a lot nor a delivery receipt', async () => {
    fakeApi({
      [`GET ${URL_}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET ${DISPATCH_URL}`]: apiError(404, 'not_found', 'Dispatch not found'),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No PlasTrace lot or delivery receipt has this id',
    );
  });

  it('shows a delivery receipt’s public facts when the id is a dispatch’s', async () => {
    const server = fakeApi({
      [`GET ${URL_}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET ${DISPATCH_URL}`]: json(
        wire(publicDispatchSchema, {
          id: LOT_ID,
          organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
          number: 'DS-2026-000004',
          delivery_receipt_no: 'DR-2026-000003',
          status: 'posted',
          dispatched_at: '2026-11-22T01:00:00.000Z',
          delivered_at: '2026-11-22T07:00:00.000Z',
          total_kg: '1000.000',
          received_kg: '997.000',
          facility_city: 'Valenzuela',
          lots: [{ lot_id: LOT_ID, code: 'MNL1-261122-0001', material: 'PET flake', kg: '1000.000' }],
        }),
      ),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    const facts = await screen.findByLabelText('Delivery receipt facts');
    expect(screen.getByRole('heading', { name: 'Verify a PlasTrace delivery receipt' })).toBeInTheDocument();
    expect(facts).toHaveTextContent('DR-2026-000003');
    expect(facts).toHaveTextContent('Delivered');
    expect(facts).toHaveTextContent('997 kg received');
    expect(screen.getByRole('table', { name: 'Lots on the receipt' })).toHaveTextContent('MNL1-261122-0001');
    expect(server.calls('GET', DISPATCH_URL)[0]?.headers.authorization).toBeUndefined();
  });
});
