import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, staleOrganization } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthContext.ts';
import { apiError, fakeApi, sessionUser, storeSession } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { StaleOrganizationDialog } from './StaleOrganizationDialog.tsx';

/** Calls once the stored session is restored, as pages do (they render inside the restored app). */
function Caller() {
  const [outcome, setOutcome] = useState('');
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'loading') return;
    api.get('/things').then(
      () => setOutcome('ok'),
      (e: unknown) => setOutcome(e instanceof ApiError ? `${e.status} ${e.code}` : 'error'),
    );
  }, [status]);
  return <p>Outcome: {outcome}</p>;
}

function renderCaller(reload: () => void) {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <>
          <Caller />
          <StaleOrganizationDialog reload={reload} />
        </>
      ),
    },
  ];
  return renderWithAuth(routes, '/');
}

describe('the stale-organization answer', () => {
  afterEach(() => staleOrganization.set(false));

  it('names the organization on every signed-in call, and asks for a reload when the server refuses it', async () => {
    storeSession();
    const server = fakeApi({
      'GET /api/things': apiError(
        409,
        'organization_switched',
        'You switched to another organization in another tab; reload to continue.',
      ),
    });
    const reload = vi.fn();
    renderCaller(reload);

    expect(await screen.findByText('Outcome: 409 organization_switched')).toBeInTheDocument();
    expect(server.calls('GET', '/api/things')[0]?.headers['x-organization-id']).toBe(
      sessionUser.organization.id,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Organization changed' });
    expect(dialog).toHaveTextContent(
      'You switched to another organization in another tab; reload to continue.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    // The session stays: the other tab's switch is not a sign-out.
    expect(localStorage.getItem('plastrace.token')).toBe('token-1');
  });

  it('leaves other conflicts to the page, and sends no organization without a session', async () => {
    const server = fakeApi({ 'GET /api/things': apiError(409, 'conflict', 'Someone else changed this.') });
    renderCaller(vi.fn());

    expect(await screen.findByText('Outcome: 409 conflict')).toBeInTheDocument();
    expect(server.calls('GET', '/api/things')[0]?.headers['x-organization-id']).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
