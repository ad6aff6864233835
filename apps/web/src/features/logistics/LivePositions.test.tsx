import { vehiclePositionSchema } from '@plastrace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { usePositions } from './api.ts';
import { LivePositions } from './LivePositions.tsx';

const POSITIONS = '/api/logistics/positions';
const positionsSchema = z.object({ items: z.array(vehiclePositionSchema) });
const TRIP = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8201';
const routes = page('/logistics', LivePositions);

const position = (code: string, over: Record<string, unknown> = {}) => ({
  vehicle: {
    id: `0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f82${code.slice(-2)}`,
    code,
    name: 'Wing van',
    type: 'wing_van',
  },
  device: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8299', code: `GPS-${code}`, name: 'Tracker' },
  latitude: 14.6833,
  longitude: 120.9833,
  recorded_at: '2026-11-26T01:00:00.000Z',
  stale: false,
  trip: null,
  ...over,
});

/** LivePositions beside a line that shows once the positions query has its answer: a positive signal. */
function WithAnswerShown() {
  const answered = usePositions().isSuccess;
  return (
    <>
      <LivePositions />
      {answered && <p>Positions answered</p>}
    </>
  );
}

describe('Live positions', () => {
  it('lists each tracked vehicle with its trip and last position, stale ones marked', async () => {
    const server = fakeApi({
      ...signInAs('operator'),
      [`GET ${POSITIONS}`]: json(
        wire(positionsSchema, {
          items: [
            position('NBC 1211', { trip: { id: TRIP, number: 'TR-2026-000003' } }),
            position('ABC 9812', { stale: true, latitude: 14.7, longitude: 121.05 }),
          ],
        }),
      ),
    });
    renderWithAuth(routes, '/logistics');
    const table = within(await screen.findByRole('table', { name: 'Vehicle positions' }));
    expect(screen.getByRole('region', { name: 'Live positions' })).toBeInTheDocument();
    const [, moving, parked] = table.getAllByRole('row');
    expect(moving).toHaveTextContent('NBC 1211 · Wing van');
    expect(within(moving as HTMLElement).getByRole('link', { name: 'TR-2026-000003' })).toHaveAttribute(
      'href',
      `/logistics/trips/${TRIP}`,
    );
    expect(moving).toHaveTextContent('14.68330, 120.98330');
    expect(moving).not.toHaveTextContent('Stale');
    expect(parked).toHaveTextContent('Not on a trip');
    expect(parked).toHaveTextContent('Stale');
    expect(server.calls('GET', POSITIONS)).toHaveLength(1);
  });

  it('shows nothing while no tracker has reported', async () => {
    const server = fakeApi({ ...signInAs('operator'), [`GET ${POSITIONS}`]: json({ items: [] }) });
    renderWithAuth(page('/logistics', WithAnswerShown), '/logistics');
    // The answer has reached the page (the same render LivePositions gets it in): only now is the
    // region's absence the empty answer's doing rather than the request still being under way.
    await screen.findByText('Positions answered', undefined, { timeout: 10_000 });
    expect(server.calls('GET', POSITIONS)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Live positions' })).toBeNull();
  });
});
