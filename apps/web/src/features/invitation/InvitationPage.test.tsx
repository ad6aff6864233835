import { invitationVerifySchema, successSchema } from '@plastrace/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type Handler, json, networkDown } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { useControlledTimers } from '../../test/timers.ts';
import { wire } from '../../test/wire.ts';
import { InvitationPage } from './InvitationPage.tsx';

function LoginProbe() {
  const state = useLocation().state as { message?: string; email?: string } | null;
  return (
    <p>
      Login page: {state?.message} / {state?.email}
    </p>
  );
}

const routes: RouteObject[] = [
  { path: '/invitation/:token', Component: InvitationPage },
  { path: '/login', Component: LoginProbe },
];

const validInvitation = wire(invitationVerifySchema, {
  valid: true,
  invitation: {
    email: 'juan@ecoplast.ph',
    role: 'supplier',
    supplier_name: 'Tondo Junkshop',
    expires_at: '2024-06-08T04:00:00Z',
  },
  message: 'Invitation is valid',
});

const accepted = wire(successSchema, { success: true, message: 'ok' });

const VERIFY = 'GET /api/dashboard/invitations/verify/inv-token';
const ACCEPT = 'POST /api/invitations/accept';

function renderInvitation(handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    [VERIFY]: json(validInvitation),
    [ACCEPT]: json(accepted),
    ...handlers,
  });
  const view = renderWithAuth(routes, '/invitation/inv-token');
  return { server, ...view };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), '  Juan ');
  await user.type(screen.getByLabelText(/^Last Name/), ' Dela Cruz ');
  await user.type(screen.getByLabelText(/^Password/), 'longenough');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'longenough');
}

const createButton = () => screen.getByRole('button', { name: /Create Account|Creating Account/ });

describe('InvitationPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies the token first, then shows the registration card with the invitation details', async () => {
    const { server } = renderInvitation();

    expect(screen.getByText('Verifying invitation...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Complete Your Registration' })).toBeInTheDocument();
    expect(screen.getByText("You've been invited to join PlasTrace")).toBeInTheDocument();
    const details = screen.getByLabelText('Invitation details');
    expect(details).toHaveTextContent('juan@ecoplast.ph');
    expect(details).toHaveTextContent('Supplier');
    expect(details).toHaveTextContent('Tondo Junkshop');
    expect(screen.getByText(/^Invitation expires on/)).toHaveTextContent(
      // The one date format, in the visitor's zone (any from UTC−4 eastwards sees the 8th).
      'Invitation expires on Jun 8, 2024',
    );
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveAttribute('placeholder', '+63 912 345 6789');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('placeholder', 'Minimum 8 characters');
    const [request] = server.calls('GET', '/api/dashboard/invitations/verify/inv-token');
    expect(request?.headers['x-api-key']).toBe('plastrace-web');
  });

  it('shows an unknown role as it is, and no supplier line without a supplier', async () => {
    renderInvitation({
      [VERIFY]: json(
        wire(invitationVerifySchema, {
          ...validInvitation,
          invitation: { ...validInvitation.invitation, role: 'auditor-lead', supplier_name: null },
        }),
      ),
    });

    const details = await screen.findByLabelText('Invitation details');
    expect(details).toHaveTextContent('auditor-lead');
    expect(details).not.toHaveTextContent('Supplier');
  });

  it.each([
    [
      'the server message when not valid',
      json(
        wire(invitationVerifySchema, {
          valid: false,
          invitation: null,
          message: 'This invitation was revoked',
        }),
      ),
      'This invitation was revoked',
    ],
    [
      'a default when not valid without a message',
      json(wire(invitationVerifySchema, { valid: false, invitation: null, message: '' })),
      'Invalid or expired invitation',
    ],
    [
      'the server message of a failed request',
      apiError(404, 'not_found', 'Invitation not found'),
      'Invitation not found',
    ],
    ['a default when the request fails without one', networkDown, 'Failed to verify invitation'],
  ])('shows the Invalid Invitation card with %s', async (_, handler, message) => {
    renderInvitation({ [VERIFY]: handler });

    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('says the link is invalid when it carries no token', async () => {
    const server = fakeApi();
    renderWithAuth(routes, '/invitation/%20');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid invitation link');
    expect(server.calls('GET', '/api/dashboard/invitations/verify/%20')).toHaveLength(0);
  });

  it('checks the form with the messages of the spec before sending anything', async () => {
    const user = userEvent.setup();
    const { server } = renderInvitation();
    await screen.findByRole('heading', { name: 'Complete Your Registration' });

    await user.type(screen.getByLabelText(/^First Name/), '   ');
    await user.click(createButton());

    for (const message of [
      'First name is required',
      'Last name is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'shorter');
    await user.click(createButton());
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls('POST', '/api/invitations/accept')).toHaveLength(0);

    // Each message sits under its field and goes as that field is edited.
    const last = screen.getByLabelText(/^Last Name/);
    expect(last).toHaveAccessibleDescription('Last name is required');
    await user.type(last, 'Cruz');
    expect(last).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First Name/)).toHaveAccessibleDescription('First name is required');
  });

  it('puts a refused field under that field, with the server message under the form', async () => {
    const user = userEvent.setup();
    renderInvitation({
      [ACCEPT]: apiError(400, 'validation_failed', 'Some fields are invalid', {
        fields: { 'body.phone': 'At most 30 characters' },
      }),
    });
    await screen.findByRole('heading', { name: 'Complete Your Registration' });
    await fillValid(user);
    await user.click(createButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are invalid');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveAccessibleDescription(/At most 30 characters/);
  });

  it('sends trimmed names without an empty phone, then redirects to /login after 3 seconds', async () => {
    // The clock moves only when the test moves it, so "not yet at 2.9 s" holds however slow the machine.
    useControlledTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, router } = renderInvitation();
    await screen.findByRole('heading', { name: 'Complete Your Registration' });

    await fillValid(user);
    await user.type(screen.getByLabelText(/^Phone Number/), '   ');
    await user.click(createButton());

    expect(await screen.findByRole('heading', { name: 'Account Created Successfully!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account has been created successfully. You will be redirected to the login page shortly.',
      ),
    ).toBeInTheDocument();
    const [request] = server.calls('POST', '/api/invitations/accept');
    expect(request?.body).toEqual({
      token: 'inv-token',
      password: 'longenough',
      first_name: 'Juan',
      last_name: 'Dela Cruz',
    });
    expect(request?.headers['x-csrf-token']).toBe('csrf-1');

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(router.state.location.pathname).toBe('/invitation/inv-token');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/login');
    expect(
      screen.getByText(
        'Login page: Account created successfully! Please log in with your credentials. / juan@ecoplast.ph',
      ),
    ).toBeInTheDocument();
  });

  it("sends a trimmed phone, shows 'Creating Account...' while working, and goes to login at once on request", async () => {
    let answer: (r: Response) => void = () => {};
    const user = userEvent.setup();
    const { server, router } = renderInvitation({
      [ACCEPT]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('heading', { name: 'Complete Your Registration' });

    await fillValid(user);
    await user.type(screen.getByLabelText(/^Phone Number/), ' +63 912 345 6789 ');
    await user.click(createButton());

    expect(createButton()).toHaveTextContent('Creating Account...');
    expect(createButton()).toBeDisabled();
    expect(server.calls('POST', '/api/invitations/accept')[0]?.body).toMatchObject({
      phone: '+63 912 345 6789',
    });
    answer(Response.json(accepted));
    await user.click(await screen.findByRole('button', { name: 'Go to Login Now' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    [
      'the message when success is false',
      json(wire(successSchema, { success: false, message: 'This invitation was already used' })),
      'This invitation was already used',
    ],
    [
      'a default when success is false without a message',
      json(wire(successSchema, { success: false, message: '' })),
      'Failed to create account',
    ],
    [
      'the server message of a failed request',
      apiError(409, 'conflict', 'An account with this email already exists'),
      'An account with this email already exists',
    ],
    ['a default when the request fails without one', networkDown, 'Failed to create account'],
  ])('shows %s under the form', async (_, handler, message) => {
    const user = userEvent.setup();
    renderInvitation({ [ACCEPT]: handler });
    await screen.findByRole('heading', { name: 'Complete Your Registration' });

    await fillValid(user);
    await user.click(createButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const form = screen.getByRole('form', { name: 'Complete your registration' });
    expect(within(form).getByRole('alert')).toBe(alert);
    expect(createButton()).toHaveTextContent('Create Account');
  });
});
