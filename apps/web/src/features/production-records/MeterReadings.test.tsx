import { meterEnergySchema } from '@plastrace/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fromLocalInput } from '../../components/common/datetime.ts';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { MeterReadings, useMeterEnergy } from './MeterReadings.tsx';

// "Take kWh from meter" on the run form: the line's meter readings at the run's start and end, taken into
// the form with the meter named; nothing for a line without a meter.

const LINE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001';
const METER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002', code: 'EM-1', name: 'Wash line meter' };
const URL_PATH = `GET /api/production-lines/${LINE}/meter-energy`;

const STARTED = '2026-11-21T06:00';
const ENDED = '2026-11-21T14:00';

/** The same query as the panel's (one cache entry): says when the server's answer is in. */
function Answered() {
  const q = useMeterEnergy(
    LINE,
    fromLocalInput(STARTED, 'Asia/Manila'),
    fromLocalInput(ENDED, 'Asia/Manila'),
  );
  return <p data-testid="answered">{q.isSuccess ? `answered: ${q.data.reason ?? 'no reason'}` : q.status}</p>;
}

function Harness() {
  const [taken, setTaken] = useState('');
  return (
    <>
      <Answered />
      <MeterReadings
        lineId={LINE}
        startedAt={STARTED}
        endedAt={ENDED}
        timeZone="Asia/Manila"
        meterDeviceId=""
        onTake={(m) => setTaken(`${m.deviceId} ${m.start} ${m.end}`)}
      />
      <p data-testid="taken">{taken}</p>
    </>
  );
}

function render(answer: unknown) {
  const server = fakeApi({ ...signInAs('operator'), [URL_PATH]: json(wire(meterEnergySchema, answer)) });
  renderWithAuth(page('/run', Harness), '/run');
  return { server, user: userEvent.setup() };
}

describe('Take kWh from meter', () => {
  it('asks for the readings at the run’s start and end and takes them with the meter', {
    timeout: 60_000,
  }, async () => {
    const { server, user } = render({
      device: METER,
      start: { reading_id: 11, value: '1000.00', recorded_at: '2026-11-20T21:58:00.000Z' },
      end: { reading_id: 12, value: '1420.50', recorded_at: '2026-11-21T05:55:00.000Z' },
      kwh: '420.50',
      reason: null,
    });
    const take = await screen.findByRole('button', { name: 'Take kWh from meter' });
    expect(screen.getByText('Meter EM-1: 1000.00 → 1420.50 kWh (420.50 kWh)')).toBeInTheDocument();
    const url = decodeURIComponent(
      server.calls('GET', `/api/production-lines/${LINE}/meter-energy`)[0]?.url ?? '',
    );
    expect(url).toContain('from=2026-11-21T06:00:00+08:00');
    expect(url).toContain('to=2026-11-21T14:00:00+08:00');
    await user.click(take);
    expect(screen.getByTestId('taken')).toHaveTextContent(`${METER.id} 1000.00 1420.50`);
  });

  it('says why it cannot take them', { timeout: 60_000 }, async () => {
    render({
      device: METER,
      start: null,
      end: { reading_id: 12, value: '1420.50', recorded_at: '2026-11-21T05:55:00.000Z' },
      kwh: null,
      reason: 'Meter EM-1 has no reading in the 15 minutes before the start',
    });
    expect(await screen.findByRole('button', { name: 'Take kWh from meter' })).toBeDisabled();
    expect(
      screen.getByText('Meter EM-1 has no reading in the 15 minutes before the start'),
    ).toBeInTheDocument();
  });

  it('shows nothing for a line without a meter', { timeout: 60_000 }, async () => {
    const { server } = render({
      device: null,
      start: null,
      end: null,
      kwh: null,
      reason: 'This line has no energy meter',
    });
    // The panel has the answer once the probe beside it shows it (one query, one cache entry).
    await waitFor(() =>
      expect(screen.getByTestId('answered')).toHaveTextContent('answered: This line has no energy meter'),
    );
    expect(server.calls('GET', `/api/production-lines/${LINE}/meter-energy`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Take kWh from meter' })).not.toBeInTheDocument();
    expect(screen.queryByText('This line has no energy meter')).not.toBeInTheDocument();
  });
});
