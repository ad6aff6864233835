import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onPhone } from '../../test/phone.ts';
import { theme } from '../../theme.ts';
import { RecordFacts } from './RecordFacts.tsx';
import { dispatchSnapshot, lotSnapshot, productionSnapshot, receiveSnapshot } from './testLog.ts';

const show = (snapshot: unknown) =>
  render(
    <MantineProvider theme={theme} env="test">
      <RecordFacts snapshot={snapshot} timeZone="Asia/Manila" />
    </MantineProvider>,
  );

describe('What a logged record says', () => {
  it('a production run: process, where, inputs, outputs by material name and losses', () => {
    show(productionSnapshot());
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent('PR-2026-000007');
    expect(facts).toHaveTextContent('ProcessSorting');
    expect(facts).toHaveTextContent('MNL1 · Manila MRF');
    expect(screen.getByRole('table', { name: 'Inputs of the run' })).toHaveTextContent(
      'MNL1-261126-00011,250.5 kg',
    );
    expect(screen.getByRole('table', { name: 'Outputs of the run' })).toHaveTextContent(
      'PET-FLK · PET flakes1,200 kgMNL1-261126-0002',
    );
    expect(screen.getByRole('table', { name: 'Losses of the run' })).toHaveTextContent(
      'Contamination50.5 kgLandfill',
    );
  });

  it('a dispatch: receipt, customer type, delivery and discrepancy, seals and lots', () => {
    show(dispatchSnapshot());
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent('DS-2026-000004');
    expect(facts).toHaveTextContent('Delivery receiptDR-2026-000003');
    expect(facts).toHaveTextContent('Customer typeConverter');
    expect(facts).toHaveTextContent('997 kg received');
    expect(facts).toHaveTextContent('Discrepancy3 kg (Open)');
    expect(facts).toHaveTextContent('SealsS-1, S-2');
    expect(screen.getByRole('table', { name: 'Lots dispatched' })).toHaveTextContent(
      'MNL1-261126-00021,000 kg',
    );
  });

  it('a lot names the record that made it', () => {
    show(lotSnapshot());
    expect(screen.getByLabelText('What the record says')).toHaveTextContent(
      'Made byReceive record RR-2026-000123',
    );
  });

  it('a published passport: its lot, version and content digest', () => {
    show({
      type: 'passport',
      id: '0190a0c0-0000-7000-8000-000000000001',
      lot_code: 'MNL1-261126-0007',
      version: 2,
      published_at: '2026-11-26T02:00:00.000Z',
      content_sha256: 'ab'.repeat(32),
      content: { anything: true },
      labels: { organization: 'Malinis Recycling' },
    });
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent('Product passport of lotMNL1-261126-0007');
    expect(facts).toHaveTextContent('Version2');
    expect(facts).toHaveTextContent('Recorded byMalinis Recycling');
    expect(facts).toHaveTextContent('ab'.repeat(32));
  });

  it('reads a snapshot not in form as far as it goes, and one of an unknown kind not at all', () => {
    const { unmount } = show({
      ...receiveSnapshot(),
      lines: [{ net_kg: 5 }, 'junk', { net_kg: '2.000' }],
      labels: 7,
    });
    const facts = screen.getByLabelText('What the record says');
    expect(facts).toHaveTextContent('RR-2026-000123');
    expect(facts).not.toHaveTextContent('Recorded by');
    expect(
      within(screen.getByRole('table', { name: 'Lines of the record' })).getAllByRole('row'),
    ).toHaveLength(3);
    unmount();
    show({ type: 'epr_credit', id: 'x' });
    expect(screen.getByText('The logged snapshot is in the technical details below.')).toBeInTheDocument();
  });

  it('shows lines as cards on a phone', async () => {
    await onPhone(async () => {
      show(productionSnapshot());
      const outputs = screen.getByRole('list', { name: 'Outputs of the run' });
      expect(within(outputs).getByRole('listitem')).toHaveTextContent(
        'PET-FLK · PET flakes1,200 kgMNL1-261126-0002',
      );
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
