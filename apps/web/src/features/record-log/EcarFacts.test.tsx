import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme.ts';
import { recordTitle } from './facts.ts';
import { RecordFacts } from './RecordFacts.tsx';

// A signed-off ECAR's snapshot as log_ecar_snapshot (migration 0027) writes it.
const snapshot = {
  type: 'ecar',
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9301',
  organization_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9302',
  year: 2026,
  version: 2,
  status: 'signed_off',
  content_sha256: 'a'.repeat(64),
  signed_at: '2027-03-02T01:00:00.000Z',
  opinion: 'The recovery claimed is supported by its evidence.',
  labels: { organization: 'Bravo Brands Inc.' },
};

describe('a logged ECAR', () => {
  it('reads as the year, version, sign-off and digest, and is named by its year and version', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <RecordFacts snapshot={snapshot} timeZone="Asia/Manila" />
      </MantineProvider>,
    );
    expect(screen.getByText('2026, version 2')).toBeInTheDocument();
    expect(screen.getAllByText('Signed off')).toHaveLength(2);
    expect(screen.getByText('“The recovery claimed is supported by its evidence.”')).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(recordTitle('ecar', snapshot.id, snapshot)).toBe('ECAR 2026 v2');
    expect(recordTitle('credit_batch', 'x', { serial_prefix: 'PH-PTEPR-LUNTIAN-VAL1-2026-0001' })).toBe(
      'credit batch PH-PTEPR-LUNTIAN-VAL1-2026-0001',
    );
  });
});
