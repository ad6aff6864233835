import { loginResponseSchema, messageSchema } from '@plastrace/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/csrf.ts';
import { transactionLog } from '../../auth/transactionLog.ts';
import { apiError, fakeApi, type Handler, hang, json, networkDown, wireUser } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { useControlledTimers } from '../../test/timers.ts';
import { publicConfigSchema, wire } from '../../test/wire.ts';
import { SignInPanel } from './SignInPanel.tsx';

const signedIn = wire(loginResponseSchema, {
  session: { access_token: 'token-new', expires_at: '2024-06-02T00:00:00Z' },
  user: wireUser,
});
const { session } = signedIn;

function renderLogin(handlers: Record<string, Handler> = {}, onSwitchToRegister = vi.fn()) {
  const server = fakeApi({ 'POST /api/auth/login': json(signedIn), ...handlers });
  const view = renderWithAuth(
    [{ path: '/', element: <SignInPanel onSwitchToRegister={onSwitchToRegister} /> }],
    '/',
  );
  return { server, ...view };
}

const emailInput = () => screen.getByLabelText(/^Email/);
const passwordInput = () => screen.getByLabelText(/^Password/);

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'maria@ecoplast.ph',
  password = 'pw-123456',
) {
  await user.type(emailInput(), email);
  await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts empty, with a required email field, a required password and Remember me off', () => {
    renderLogin();

    expect(emailInput()).toHaveValue('');
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toBeRequired();
    expect(passwordInput()).toHaveValue('');
    expect(passwordInput()).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  it('checks the fields with the API’s schema, under each field, before sending anything', async () => {
    const user = userEvent.setup();
    const { server } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // packages/shared loginBodySchema's words.
    expect(emailInput()).toHaveAccessibleDescription('Enter a valid email address');
    expect(passwordInput()).toHaveAccessibleDescription('Password is required');
    expect(server.calls('POST', '/api/auth/login')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(passwordInput(), 'p');
    expect(passwordInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('signs in with a camelCase payload, the CSRF token and the public key, and remembers the session', async () => {
    const user = userEvent.setup();
    const { server } = renderLogin();

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn(user);

    await waitFor(() => expect(localStorage.getItem('plastrace.token')).toBe('token-new'));
    const [request] = server.calls('POST', '/api/auth/login');
    expect(request?.body).toEqual({ email: 'maria@ecoplast.ph', password: 'pw-123456', rememberMe: true });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-api-key': 'plastrace-web',
      'x-csrf-token': 'csrf-1',
    });
    expect(request?.credentials).toBe('include');
    expect(JSON.parse(localStorage.getItem('plastrace.user') ?? '{}')).toMatchObject({
      id: wireUser.id,
      firstName: 'Maria',
    });
    expect(localStorage.getItem('plastrace.explicitLogout')).toBeNull();
    expect(transactionLog.size).toBe(1);
    expect(await screen.findByText('Welcome back, Maria.')).toBeInTheDocument();
  });

  it("keeps the session for this tab only without 'Remember me'", async () => {
    const user = userEvent.setup();
    renderLogin();

    await signIn(user);

    await waitFor(() => expect(sessionStorage.getItem('plastrace.token')).toBe('token-new'));
    expect(localStorage.getItem('plastrace.token')).toBeNull();
  });

  it('fetches the user when the login answer has none', async () => {
    const user = userEvent.setup();
    const { server } = renderLogin({
      // The server always sends the user; the client copes without one all the same (spec §4).
      'POST /api/auth/login': json(wire(loginResponseSchema.partial({ user: true }), { session })),
      'GET /api/dashboard/users/me': json(wireUser),
    });

    await signIn(user);

    await waitFor(() => expect(server.calls('GET', '/api/dashboard/users/me')).toHaveLength(1));
    expect(server.calls('GET', '/api/dashboard/users/me')[0]?.headers.authorization).toBe('Bearer token-new');
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('plastrace.user') ?? '{}')).toMatchObject({
        lastName: 'Santos',
      }),
    );
  });

  it.each([
    [
      'the server error',
      apiError(401, 'unauthorized', 'Invalid email or password'),
      'Invalid email or password',
    ],
    [
      'a default for an error without text',
      () => new Response('', { status: 500 }),
      'Login failed. Please try again.',
    ],
    [
      'the cookie hint when the CSRF token is refused twice',
      apiError(403, 'csrf_invalid', 'Invalid or missing CSRF token'),
      'CSRF token not available. Please try reloading or ensure cookies are enabled.',
    ],
    [
      'the connection message when offline',
      networkDown,
      'Unable to connect to the server. Please check your internet connection.',
    ],
    [
      'the generic message for anything else',
      // Deliberately no answer the API sends: the client must not trust a malformed one.
      json({ nothing: true }),
      'An unexpected error occurred. Please try again.',
    ],
  ])('shows %s', async (_, handler, message) => {
    const user = userEvent.setup();
    renderLogin({ 'POST /api/auth/login': handler });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(sessionStorage.getItem('plastrace.token')).toBeNull();
  });

  it.each([
    [
      'fails',
      apiError(503, 'service_unavailable', 'Down'),
      'Unable to obtain security token. Please refresh the page and try again.',
    ],
    // Deliberately not the API's answer, which always holds a token.
    ['holds no token', json({}), 'Security token unavailable. Please refresh the page and try again.'],
  ])('is blocked when the one CSRF refresh %s', async (_, handler, message) => {
    const user = userEvent.setup();
    const { server } = renderLogin({ 'GET /api/csrf-token': handler });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
    expect(server.calls('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('gives up after 10 seconds', async () => {
    useControlledTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    setCsrfToken('held');
    renderLogin({ 'POST /api/auth/login': hang });

    await signIn(user);
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    // Read at once: findBy would move the clock on while it waits.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Login request timed out. Please check your connection and try again.',
    );
  });

  it('clears the previous error when trying again', async () => {
    let attempt = 0;
    const user = userEvent.setup();
    renderLogin({
      'POST /api/auth/login': (request) =>
        ++attempt === 1
          ? apiError(401, 'unauthorized', 'Invalid email or password')(request)
          : new Promise(() => {}),
    });

    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  describe('magic link', () => {
    it('is disabled while the email is empty, and says why', async () => {
      const user = userEvent.setup();
      renderLogin();
      const button = screen.getByRole('button', { name: 'Send Magic Link' });

      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Please enter your email address to receive a magic link.');
      await user.type(emailInput(), 'a');
      expect(button).toBeEnabled();
      expect(
        screen.queryByText('Please enter your email address to receive a magic link.'),
      ).not.toBeInTheDocument();
    });

    it("sends POST /api/auth/magiclink {email} and shows the server's message", async () => {
      const user = userEvent.setup();
      const { server } = renderLogin({
        'POST /api/auth/magiclink': json(
          wire(messageSchema, { message: 'Check maria@ecoplast.ph for your sign-in link.' }),
        ),
      });

      await user.type(emailInput(), 'maria@ecoplast.ph');
      await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));

      expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
        'Check maria@ecoplast.ph for your sign-in link.',
      );
      const [request] = server.calls('POST', '/api/auth/magiclink');
      expect(request?.body).toEqual({ email: 'maria@ecoplast.ph' });
      expect(request?.headers['x-csrf-token']).toBe('csrf-1');
    });

    it.each([
      [
        'a success without a message',
        () => new Response(null, { status: 200 }),
        'Magic link sent! Please check your email.',
      ],
      [
        'a refusal without text',
        () => new Response('', { status: 500 }),
        'Failed to send magic link. Please try again.',
      ],
      [
        'a rate limit',
        apiError(429, 'rate_limited', 'Too many requests. Try again in a minute.'),
        'Too many requests. Try again in a minute.',
      ],
      ['no connection', networkDown, 'An unexpected error occurred while sending the magic link.'],
    ])('handles %s', async (_, handler, message) => {
      const user = userEvent.setup();
      renderLogin({ 'POST /api/auth/magiclink': handler });

      await user.type(emailInput(), 'maria@ecoplast.ph');
      await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
    });
  });

  it("checks the address of 'Forgot password?' with the API's schema before sending", async () => {
    const user = userEvent.setup();
    const { server } = renderLogin();
    await user.type(emailInput(), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(emailInput()).toHaveAccessibleDescription('Enter a valid email address');
    expect(server.calls('POST', '/api/auth/password/forgot')).toHaveLength(0);
    await user.type(emailInput(), 'ecoplast.ph');
    expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("sends a reset link from 'Forgot password?' and shows the server's message", async () => {
    const user = userEvent.setup();
    const { server } = renderLogin({
      'POST /api/auth/password/forgot': json(
        wire(messageSchema, { message: 'If an account exists, we sent a link.' }),
      ),
    });
    await user.type(emailInput(), 'maria@ecoplast.ph');

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(emailInput()).toHaveValue('maria@ecoplast.ph');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('If an account exists, we sent a link.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/password/forgot')[0]?.body).toEqual({
      email: 'maria@ecoplast.ph',
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the demo account when the server has one, and fills it in on request', async () => {
    const user = userEvent.setup();
    renderLogin({
      'GET /api/public/config': json(
        wire(publicConfigSchema, { demo: { email: 'demo@plastrace.ph', password: 'demo-pass-1' } }),
      ),
    });

    await user.click(await screen.findByRole('button', { name: 'Use demo account' }));

    expect(screen.getByText('demo@plastrace.ph')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('demo@plastrace.ph');
    expect(passwordInput()).toHaveValue('demo-pass-1');
  });

  it('shows no demo hint when the server has no demo', async () => {
    const { server } = renderLogin();

    await waitFor(() => expect(server.calls('GET', '/api/public/config')).toHaveLength(1));
    expect(screen.queryByText('Demo account')).not.toBeInTheDocument();
  });

  it("switches to registration from 'Sign up here'", async () => {
    const user = userEvent.setup();
    const onSwitch = vi.fn();
    renderLogin({}, onSwitch);

    await user.click(screen.getByRole('button', { name: 'Sign up here' }));

    expect(onSwitch).toHaveBeenCalledOnce();
  });
});
