import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { PassportDetailPage } from './PassportDetailPage.tsx';
import { ProductPassportsPage } from './ProductPassportsPage.tsx';

const ID = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
const LOT = '0190a1b2-c3d4-7e5f-8a9b-000000000002';
const LINK = 'http://localhost:3000/01/04800000000017/10/MNL1-261121-0002';

const summary = {
  id: ID,
  lot: { id: LOT, code: 'MNL1-261121-0002' },
  material: 'PET pellet (rPET)',
  product: null,
  status: 'draft',
  published_version: 0,
  digital_link: LINK,
  updated_at: '2026-11-26T10:00:00.000Z',
};
const content = {
  identifier: {
    lot_code: 'MNL1-261121-0002',
    digital_link: LINK,
    gtin: '04800000000017',
    product: null,
    material: { name: 'PET pellet (rPET)', polymer: 'PET', form: 'pellet' },
    kg: '880.000',
  },
  composition: [{ polymer: 'PET', share_pct: '100.00' }],
  recycled_content: {
    pct: '100.00',
    chain_of_custody: 'segregated',
    explanation: 'Every input was recovered plastic.',
  },
  origin: {
    kg: '880.000',
    regions: [
      { region: 'Bulacan', kg: '528.000', share_pct: '60.00' },
      { region: 'Pampanga', kg: '352.000', share_pct: '40.00' },
    ],
    supplier_types: [
      { type: 'waste_picker', kg: '528.000', share_pct: '60.00' },
      { type: 'cooperative', kg: '352.000', share_pct: '40.00' },
    ],
    informal_sector_pct: '60.00',
  },
  processing: [],
  totals: { kwh: '0.00', kg_co2e: '0.0' },
  certificates: [],
  notes: null,
  recycling_instructions: null,
  publisher: { name: 'EcoPlast Recycling Inc.' },
};
const passport = {
  ...summary,
  details: { certificates: [], notes: null, recycling_instructions: null },
  version: 1,
  preview: content,
  versions: [],
  public_url: null,
};

describe('Product passports', () => {
  it('lists passports with their status, and says what the page is for when empty', async () => {
    fakeApi({ ...signInAs('manager'), 'GET /api/passports': json({ items: [summary], next_cursor: null }) });
    renderWithAuth(page('/product-passport', ProductPassportsPage), '/product-passport');
    const table = await screen.findByRole('table', { name: 'Product passports' });
    expect(within(table).getByRole('link', { name: 'MNL1-261121-0002' })).toHaveAttribute(
      'href',
      `/product-passport/${ID}`,
    );
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create passport' })).toBeInTheDocument();
  });

  it('hides creating from an auditor, who may only read', async () => {
    fakeApi({ ...signInAs('auditor'), 'GET /api/passports': json({ items: [], next_cursor: null }) });
    renderWithAuth(page('/product-passport', ProductPassportsPage), '/product-passport');
    expect(await screen.findByRole('heading', { name: 'No product passports yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create passport' })).not.toBeInTheDocument();
  });

  it('previews the content as the public page shows it and publishes after confirming', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET /api/passports/${ID}`]: json(passport),
      [`POST /api/passports/${ID}/publish`]: json(
        {
          passport_id: ID,
          version: 1,
          published_at: '2026-11-26T10:00:00.000Z',
          content_sha256: 'ab'.repeat(32),
          content,
        },
        201,
      ),
    });
    renderWithAuth(page('/product-passport/:id', PassportDetailPage), `/product-passport/${ID}`);
    const preview = within(await screen.findByRole('region', { name: 'Passport preview' }));
    expect(preview.getByText('Recycled content: 100.00 %')).toBeInTheDocument();
    const types = preview.getByRole('table', { name: 'Origin by kind of supplier' });
    expect(within(types).getByText('Waste pickers')).toBeInTheDocument();
    expect(within(types).getAllByText('60.00 %')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /Open public page/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: 'Publish version 1' }));
    expect(await screen.findByText('Published version 1.')).toBeInTheDocument();
    expect(server.calls('POST', `/api/passports/${ID}/publish`)).toHaveLength(1);
  });
});
