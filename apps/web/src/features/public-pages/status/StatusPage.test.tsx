import { healthSchema, readySchema } from '@plastrace/shared';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, hang, json, networkDown } from '../../../test/fakeApi.ts';
import { page } from '../../../test/pages.ts';
import { renderWithAuth } from '../../../test/render.tsx';
import { useControlledTimers } from '../../../test/timers.ts';
import { wire } from '../../../test/wire.ts';
import { StatusPage } from './StatusPage.tsx';

const healthy = wire(healthSchema, { status: 'ok', version: '0.1.0', uptime_s: 4242 });
const ready = wire(readySchema, { status: 'ready', database: true, migrations: { applied: 8, expected: 8 } });
const notReady = (database: boolean, applied: number) =>
  wire(readySchema, { status: 'not_ready', database, migrations: { applied, expected: 8 } });

const show = () => renderWithAuth(page('/status', StatusPage), '/status');
const stateOf = (component: string) =>
  within(screen.getByRole('rowheader', { name: component }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('StatusPage', () => {
  it('shows a loader until the first answer', async () => {
    fakeApi({ 'GET /api/health': hang, 'GET /api/ready': hang });
    show();
    expect(await screen.findByText('Checking the service…')).toBeInTheDocument();
    expect(document.title).toBe('Status · PlasTrace');
  });

  it('reports every component operational, with the API version and when it was checked', async () => {
    fakeApi({ 'GET /api/health': json(healthy), 'GET /api/ready': json(ready) });
    show();
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(stateOf('API')).toEqual([
      'Operational',
      expect.stringMatching(/^Version 0\.1\.0, answered in \d+ ms$/),
    ]);
    expect(stateOf('Database')[0]).toBe('Connected');
    expect(stateOf('Migrations')).toEqual(['Up to date', '8 of 8 applied']);
    expect(screen.getByText(/Last checked at .+\. Refreshes every 30 seconds/)).toBeInTheDocument();
  });

  it('is degraded when /api/ready answers 503: database unreachable', async () => {
    fakeApi({
      'GET /api/health': json(healthy),
      'GET /api/ready': json(notReady(false, 0), 503),
    });
    show();
    expect(await screen.findByText('Degraded service')).toBeInTheDocument();
    expect(stateOf('Database')).toEqual(['Unreachable', expect.stringMatching(/^HTTP 503 in \d+ ms$/)]);
    expect(stateOf('Migrations')).toEqual(['Unknown', 'Known once the database can be reached']);
  });

  it('is degraded when migrations are pending', async () => {
    fakeApi({
      'GET /api/health': json(healthy),
      'GET /api/ready': json(notReady(true, 6), 503),
    });
    show();
    expect(await screen.findByText('Degraded service')).toBeInTheDocument();
    expect(stateOf('Migrations')).toEqual(['Pending', '6 of 8 applied']);
  });

  it('is unreachable when the API does not answer', async () => {
    fakeApi({ 'GET /api/health': networkDown, 'GET /api/ready': networkDown });
    show();
    expect(await screen.findByText('PlasTrace is unreachable')).toBeInTheDocument();
    expect(stateOf('API')).toEqual(['Not responding', 'no answer']);
    expect(stateOf('Database')[0]).toBe('Unknown');
  });

  it('checks again on Refresh, and recovers', async () => {
    const api = fakeApi({ 'GET /api/health': networkDown, 'GET /api/ready': networkDown });
    show();
    expect(await screen.findByText('PlasTrace is unreachable')).toBeInTheDocument();
    api.on('GET /api/health', json(healthy));
    api.on('GET /api/ready', json(ready));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(api.calls('GET', '/api/health')).toHaveLength(2);
  });

  it('refreshes by itself every 30 seconds, but not while the page is hidden', async () => {
    useControlledTimers();
    const api = fakeApi({ 'GET /api/health': json(healthy), 'GET /api/ready': json(ready) });
    show();
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(api.calls('GET', '/api/ready')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(api.calls('GET', '/api/ready')).toHaveLength(2));

    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(api.calls('GET', '/api/ready')).toHaveLength(2);
  });
});
