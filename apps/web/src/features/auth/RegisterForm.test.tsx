import { messageSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type Handler, json, networkDown } from '../../test/fakeApi.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { LandingPage } from '../landing/LandingPage.tsx';

async function openRegistration(handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    'POST /api/auth/signup': json(wire(messageSchema, { message: 'Welcome aboard!' }), 201),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithAuth([{ path: '/', Component: LandingPage }], '/');
  await user.click(
    within(await screen.findByRole('banner')).getByRole('button', { name: 'Get Beta Access' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Create your PlasTrace account' });
  return { server, user, dialog };
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  confirm = 'Str0ng-pass',
) {
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await user.type(field(/^First name/), ' Maria ');
  await user.type(field(/^Last name/), 'Santos');
  await user.type(field(/^Email/), 'maria@ecoplast.ph');
  await user.type(field(/^Company name/), 'EcoPlast Recycling Inc.');
  await user.selectOptions(field(/^Role/), 'Waste Collector');
  await user.type(field(/^Password/), 'Str0ng-pass');
  await user.type(field(/^Confirm password/), confirm);
  await user.selectOptions(field(/^Default currency/), 'PHP');
  await user.click(within(dialog).getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

const submit = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

describe('Registration dialog', () => {
  beforeEach(() => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
  });

  it('starts the browser session with GET /api/ping when it opens', async () => {
    const { server } = await openRegistration();

    await waitFor(() => expect(server.calls('GET', '/api/ping').length).toBeGreaterThan(0));
    expect(server.calls('GET', '/api/ping')[0]?.credentials).toBe('include');
  });

  it('offers the 10 roles, the 14 currencies with USD first chosen, and the spec placeholder', async () => {
    const { dialog } = await openRegistration();

    const roles = within(dialog).getByLabelText(/^Role/);
    expect(
      within(roles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Plastic Recycler',
      'Waste Collector',
      'Plastic Processor',
      'Manufacturer',
      'Brand Owner',
      'Environmental Consultant',
      'Operator',
      'Manager',
      'Administrator',
      'Other',
    ]);
    const currency = within(dialog).getByLabelText(/^Default currency/);
    expect(within(currency).getAllByRole('option')).toHaveLength(14);
    expect(currency).toHaveValue('USD');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAttribute(
      'placeholder',
      'Create a strong password',
    );
    expect(within(dialog).getByLabelText(/^EPR license/)).not.toBeRequired();
    for (const label of [
      /^First name/,
      /^Last name/,
      /^Email/,
      /^Company name/,
      /^Password/,
      /^Confirm password/,
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    expect(within(dialog).getByRole('checkbox', { name: /I agree/ })).toBeRequired();
  });

  it('has a show/hide toggle on both password fields', async () => {
    const { user, dialog } = await openRegistration();

    await user.click(within(dialog).getByRole('button', { name: 'Show confirm password' }));

    expect(within(dialog).getByLabelText(/^Confirm password/)).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('sends nothing when the passwords differ', async () => {
    const { server, user, dialog } = await openRegistration();

    await fillForm(user, dialog, 'Other-pass1');
    await submit(user, dialog);

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(server.calls('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('sends each profile field in both cases, then alerts and opens sign-in', async () => {
    const { server, user, dialog } = await openRegistration();
    await waitFor(() => expect(server.calls('GET', '/api/ping').length).toBeGreaterThan(0));

    await fillForm(user, dialog);
    await submit(user, dialog);

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Welcome aboard!'));
    const [request] = server.calls('POST', '/api/auth/signup');
    expect(request?.body).toEqual({
      email: 'maria@ecoplast.ph',
      password: 'Str0ng-pass',
      role: 'Collector',
      first_name: 'Maria',
      firstName: 'Maria',
      last_name: 'Santos',
      lastName: 'Santos',
      company_name: 'EcoPlast Recycling Inc.',
      companyName: 'EcoPlast Recycling Inc.',
      default_currency: 'PHP',
      defaultCurrency: 'PHP',
    });
    expect(request?.headers).toMatchObject({
      'x-csrf-token': 'csrf-ping',
      'content-type': 'application/json',
    });
    expect(request?.credentials).toBe('include');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create your PlasTrace account' })).not.toBeInTheDocument();
  });

  it('sends the EPR license in both cases when given, and alerts the default text without a message', async () => {
    const { server, user, dialog } = await openRegistration({
      // Deliberately not the API's answer, which has a message: the client copes without one.
      'POST /api/auth/signup': () => new Response(null, { status: 201 }),
    });

    await fillForm(user, dialog);
    await user.type(within(dialog).getByLabelText(/^EPR license/), 'EPR-PH-2024-001');
    await submit(user, dialog);

    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Registration successful! Please log in with your new account.',
      ),
    );
    expect(server.calls('POST', '/api/auth/signup')[0]?.body).toMatchObject({
      epr_license: 'EPR-PH-2024-001',
      eprLicense: 'EPR-PH-2024-001',
    });
  });

  it('fetches a token with /api/ping at submit when none is held, and stops when that fails', async () => {
    const { server, user, dialog } = await openRegistration({
      'GET /api/ping': apiError(503, 'service_unavailable', 'Down'),
    });

    await fillForm(user, dialog);
    await submit(user, dialog);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unable to obtain security token. Please refresh the page and try again.',
    );
    expect(server.calls('GET', '/api/ping').length).toBeGreaterThanOrEqual(2);
    expect(server.calls('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it.each([
    [
      'the server error',
      apiError(409, 'conflict', 'An account with this email already exists.'),
      'An account with this email already exists.',
    ],
    [
      'a default for an error without text',
      () => new Response('', { status: 500 }),
      'Registration failed. Please try again.',
    ],
    ['the generic message when offline', networkDown, 'An unexpected error occurred. Please try again.'],
  ])('shows %s above the form, cleared at the next submit', async (_, handler, message) => {
    const { user, dialog, server } = await openRegistration({ 'POST /api/auth/signup': handler });

    await fillForm(user, dialog);
    await submit(user, dialog);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.compareDocumentPosition(within(dialog).getByRole('form'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(window.alert).not.toHaveBeenCalled();

    server.on('POST /api/auth/signup', () => new Promise(() => {}));
    await submit(user, dialog);
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  });
});
