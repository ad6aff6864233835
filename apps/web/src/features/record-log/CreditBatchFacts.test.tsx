import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme.ts';
import { RecordFacts } from './RecordFacts.tsx';

const PREFIX = 'PH-PTEPR-ECOPLAST-MNL1-2026-0001';

describe('A logged EPR credit batch', () => {
  it('names its serials, fate and where each range stands, without holders', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <RecordFacts
          timeZone="Asia/Manila"
          snapshot={{
            type: 'credit_batch',
            id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001',
            organization_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002',
            serial_prefix: PREFIX,
            country: 'PH',
            programme: 'PTEPR',
            vintage: 2026,
            fate: 'co_processing',
            material_type: 'mixed',
            quantity: 3,
            kg: 3000,
            coc_model: 'identity_preserved',
            issued_at: '2026-11-26T02:00:00.000Z',
            blocks: [
              {
                first_no: 1,
                last_no: 1,
                status: 'retired',
                beneficiary: 'Jollibee Foods Corporation',
                compliance_year: 2026,
                purpose: 'RA 11898 compliance 2026',
                retired_at: '2026-11-26T03:00:00.000Z',
              },
              {
                first_no: 2,
                last_no: 3,
                status: 'held',
                beneficiary: null,
                compliance_year: null,
                purpose: null,
              },
            ],
            labels: { organization: 'EcoPlast Recycling Inc.', facility: 'Manila MRF' },
          }}
        />
      </MantineProvider>,
    );
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent(PREFIX);
    expect(facts).toHaveTextContent('Credits3 credits (3,000 kg)');
    expect(facts).toHaveTextContent('Co-processing (cement kiln fuel), not recycling');
    expect(facts).toHaveTextContent('Mixed material types');
    const ranges = screen.getByRole('table', { name: 'Serial ranges of the batch' });
    expect(ranges).toHaveTextContent(`${PREFIX}-0000011RetiredJollibee Foods Corporation, 2026`);
    expect(ranges).toHaveTextContent(`${PREFIX}-000002 – ${PREFIX}-0000032Not retired`);
  });
});
