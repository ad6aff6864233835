import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { DebugPage } from './DebugPage.tsx';
import { formatAge, formatBytes } from './figures.ts';
import { debugAnswer } from './testData.ts';

const renderPage = () => renderWithAuth(page('/debug', DebugPage), '/debug');
const region = (name: string) => screen.getByRole('region', { name });

describe('the admin tools', () => {
  it('shows each section of the installation’s figures to an administrator', async () => {
    fakeApi({ ...signInAs('admin'), 'GET /api/debug': json(debugAnswer()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin tools' })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing needs attention/)).toBeInTheDocument();
    expect(region('Version and build')).toHaveTextContent('3f9c2ab');
    expect(region('Database')).toHaveTextContent('16.4, external (DATABASE_URL)');
    expect(region('Database')).toHaveTextContent('50.0 MB');
    expect(region('Database')).toHaveTextContent('4 open of 10, 3 idle, 0 waiting');
    expect(region('Migrations')).toHaveTextContent('2 of 2');
    expect(region('Mail outbox')).toHaveTextContent('the server log (no SMTP_URL)');
    expect(region('Record log queue')).toHaveTextContent('Waiting for the sequencer0');
    const config = within(screen.getByRole('table', { name: 'Configuration' }));
    expect(config.getByText('postgres://plastrace@db.internal:5432/plastrace')).toBeInTheDocument();
    const secret = config.getByText('DATABASE_URL password').closest('tr') as HTMLElement;
    expect(within(secret).getByText('set')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Colours and gradients' })).toHaveAttribute(
      'href',
      '/debug-gradients',
    );
  });

  it('warns first about what is wrong', async () => {
    fakeApi({
      ...signInAs('admin'),
      'GET /api/debug': json(
        debugAnswer({
          migrations: {
            status: 'not_ready',
            applied: 1,
            expected: 2,
            items: [],
            pending: ['0001_reference_data'],
          },
          mail: {
            transport: 'smtp',
            unsent: 3,
            failing: 2,
            sent_last_day: 0,
            oldest_unsent_at: '2026-11-25T20:00:00.000Z',
            oldest_unsent_age_s: 21_600,
          },
          record_log: {
            pending: 40,
            organization_pending: 5,
            oldest_pending_at: '2026-11-26T01:50:00.000Z',
            oldest_pending_age_s: 600,
          },
        }),
      ),
    });
    renderPage();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent?.split('.')[0])).toEqual([
      expect.stringMatching(/^Migrations are missing/),
      expect.stringMatching(/^Mail is failing/),
      expect.stringMatching(/^The record log is behind/),
    ]);
    expect(alerts[0]).toHaveTextContent('pending: 0001_reference_data');
    expect(region('Mail outbox')).toHaveTextContent('6 h ago');
  });

  it('refreshes on demand and copies the answer as the API sent it', async () => {
    const server = fakeApi({ ...signInAs('admin'), 'GET /api/debug': json(debugAnswer()) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Database' });
    server.on('GET /api/debug', json(debugAnswer({ version: '0.2.0' })));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('0.2.0')).toBeInTheDocument();
    expect(server.calls('GET', '/api/debug')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Copy as JSON' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // user-event stands in for the browser's clipboard.
    const copied = JSON.parse(await navigator.clipboard.readText());
    // Key for key the wire's answer: snake_case survives the page's round trip through camelCase.
    expect(copied).toEqual(debugAnswer({ version: '0.2.0' }));
  });

  it('says when the figures cannot be read, and retries', async () => {
    const server = fakeApi({
      ...signInAs('admin'),
      'GET /api/debug': apiError(500, 'internal_error', 'Something went wrong'),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('The admin tools could not be loaded')).toBeInTheDocument();
    server.on('GET /api/debug', json(debugAnswer()));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Database' })).toBeInTheDocument();
  });

  it('is for administrators only, without asking the server', async () => {
    const server = fakeApi(signInAs('manager'));
    renderPage();
    expect(await screen.findByText(/Your role may not open the admin tools/)).toBeInTheDocument();
    expect(server.calls('GET', '/api/debug')).toEqual([]);
  });
});

describe('the admin tools’ figures', () => {
  it('writes sizes and ages for people', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(8_563_495)).toBe('8.2 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatAge(null)).toBe('—');
    expect(formatAge(0)).toBe('0 s');
    expect(formatAge(93)).toBe('1 min 33 s');
    expect(formatAge(3600)).toBe('1 h');
    expect(formatAge(200_000)).toBe('2 d 7 h');
  });

  it('shows an administrator who does not run the installation only the build, migrations and their queue', async () => {
    fakeApi({
      ...signInAs('admin'),
      'GET /api/debug': json(
        debugAnswer({
          operator: false,
          configuration: null,
          database: null,
          mail: null,
          record_log: {
            pending: null,
            organization_pending: 2,
            oldest_pending_at: null,
            oldest_pending_age_s: null,
          },
        }),
      ),
    });
    renderWithAuth(page('/debug', DebugPage), '/debug');
    expect(
      await screen.findByText('Installation details are for its operators', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Migrations' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Record log queue' })).toHaveTextContent(
      'This organization’s entries waiting2',
    );
    expect(screen.queryByRole('region', { name: 'Database' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Mail outbox' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Configuration' })).toBeNull();
  });
});
