import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme.ts';
import { RecordFacts } from './RecordFacts.tsx';

// A certificate's snapshot as log_certificate_snapshot (migration 0027) writes it: total_kg a JSON number.
const snapshot = (extra: Record<string, unknown> = {}) => ({
  type: 'certificate',
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9201',
  organization_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9202',
  number: 'WDC-2026-0007',
  client_name: 'SM City Marikina',
  client_type: 'mall',
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  lines: [
    { material_type: 'PET_BOTTLES_CLEAR', name: 'PET clear bottles', fate: 'co_processing', kg: '80.000' },
  ],
  total_kg: 80.0,
  issued_at: '2026-11-02T01:00:00.000Z',
  revoked_at: null,
  revoke_reason: null,
  labels: { organization: 'EcoPlast Recycling Inc.' },
  ...extra,
});

const show = (s: unknown) =>
  render(
    <MantineProvider theme={theme} env="test">
      <RecordFacts snapshot={s} timeZone="Asia/Manila" />
    </MantineProvider>,
  );

describe('A logged waste diversion certificate', () => {
  it('says what it certifies, and its revocation with the reason', () => {
    show(snapshot({ revoked_at: '2026-11-20T03:00:00.000Z', revoke_reason: 'Issued to the wrong client' }));
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent('WDC-2026-0007');
    expect(facts).toHaveTextContent('Issued toSM City Marikina (mall)');
    expect(facts).toHaveTextContent('Total80 kg');
    expect(facts).toHaveTextContent('Revoked');
    expect(facts).toHaveTextContent('Issued to the wrong client');
    expect(screen.getByRole('table', { name: 'Kilograms by material and fate' })).toHaveTextContent(
      'PET clear bottlesco processing80 kg',
    );
  });
});
