import { creditBatchSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { BatchDetailPage } from './BatchDetailPage.tsx';
import { BATCH_ID, batch, PREFIX } from './testCredits.ts';

const RR = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5041';
const RUN = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5010';
const evidence = [
  {
    lot: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5021', code: 'MNL1-261121-0001' },
    kg: '1440.000',
    material: { name: 'PET bottles, clear', type: 'PET_BOTTLES_CLEAR' },
    delivery: {
      id: RR,
      number: 'RR-2026-000001',
      received_at: '2026-11-20T00:00:00.000Z',
      weighbridge_ticket: 'WB-1',
      photos: 2,
    },
    supplier_type: 'waste_picker',
    recovery: { id: RUN, kind: 'production_record', number: 'PR-2026-000007', recovered_on: '2026-11-21' },
    fate: 'recycling',
    proofs: { delivery: `/verify/${RR}`, recovery: `/verify/${RUN}` },
  },
];

const show = (body: unknown) => {
  fakeApi({ ...signInAs('auditor'), [`GET /api/credits/batches/${BATCH_ID}`]: body as never });
  renderWithAuth(
    [{ path: '/epr-credits/batches/:id', Component: BatchDetailPage }],
    `/epr-credits/batches/${BATCH_ID}`,
  );
};

describe('A credit batch', () => {
  it('shows the issuer its evidence, collector pay and record-log proofs', async () => {
    show(json(wire(creditBatchSchema, { ...batch(2), evidence })));
    expect(await screen.findByRole('heading', { name: `Batch ${PREFIX}` })).toBeInTheDocument();
    const facts = screen.getByLabelText('Batch facts');
    expect(facts).toHaveTextContent('₱36,774.40 (₱18.39 per kg), from the supplier ledger');
    expect(facts).toHaveTextContent('Identity preserved (ISO 22095)');
    const table = screen.getByRole('table', { name: 'Evidence of the batch' });
    expect(table).toHaveTextContent(
      'MNL1-261121-00011,440 kgRR-2026-000001WB-12 photosWaste pickerPR-2026-000007',
    );
    expect(within(table).getByRole('link', { name: 'Delivery proof' })).toHaveAttribute(
      'href',
      `/verify/${RR}`,
    );
    expect(screen.getByRole('link', { name: 'Record-log proof' })).toHaveAttribute(
      'href',
      `/verify/${BATCH_ID}`,
    );
  });

  it('shows a holder the public facts only', async () => {
    show(
      json(
        wire(creditBatchSchema, {
          ...batch(2),
          is_issuer: false,
          evidence: null,
          collector_pay_php: null,
          collector_pay_per_kg: null,
          issued_by: null,
        }),
      ),
    );
    await screen.findByRole('heading', { name: `Batch ${PREFIX}` });
    expect(screen.queryByRole('table', { name: 'Evidence of the batch' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Batch facts')).not.toHaveTextContent('Collector pay');
    expect(screen.getByText('Your organization holds none of this batch’s credits now.')).toBeInTheDocument();
  });

  it('says so for a batch the organization never took part in', async () => {
    show(apiError(404, 'not_found', 'Credit batch not found'));
    expect(await screen.findByText('No such credit batch')).toBeInTheDocument();
  });
});
