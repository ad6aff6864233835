import { messageSchema, userSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, wireUser } from '../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { ownSessionsSchema, wire } from '../../test/wire.ts';
import { ProfilePage } from './ProfilePage.tsx';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const session = (id: string, current: boolean, userAgent: string) => ({
  id,
  current,
  user_agent: userAgent,
  ip: current ? '203.0.113.5' : '198.51.100.7',
  created_at: '2026-05-01T00:00:00Z',
  last_seen_at: '2026-05-20T02:00:00Z',
  expires_at: '2026-06-01T00:00:00Z',
});
const sessions = wire(ownSessionsSchema, {
  items: [
    session('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d01', true, CHROME_MAC),
    session('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4d02', false, SAFARI_IPHONE),
  ],
});
const message = (text: string) => json(wire(messageSchema, { message: text }));

function renderProfile(handlers = {}, extra = {}) {
  const server = fakeApi({
    ...signInAs('operator', extra),
    'GET /api/sessions': json(sessions),
    ...handlers,
  });
  renderWithAuth(page('/profile', ProfilePage), '/profile');
  return server;
}

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('ProfilePage – password', () => {
  it('refuses a confirmation that does not match, without calling the server', async () => {
    const server = renderProfile();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Change password' });
    const form = within(passwordForm());
    await user.type(form.getByLabelText(/^Current password/), 'old-password');
    await user.type(form.getByLabelText(/^New password/), 'new-password-1');
    await user.type(form.getByLabelText(/^Confirm new password/), 'new-password-2');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/password')).toHaveLength(0);
  });

  it('says under each field what is missing, and a message goes as its field is edited', async () => {
    const server = renderProfile();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Change password' });
    const form = within(passwordForm());
    await user.click(form.getByRole('button', { name: 'Change password' }));

    const current = form.getByLabelText(/^Current password/);
    expect(current).toHaveAccessibleDescription('Enter your current password');
    expect(form.getByLabelText(/^New password/)).toHaveAccessibleDescription('Password is required');
    expect(form.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription(
      'Please confirm your password',
    );
    await user.type(current, 'o');
    expect(current).not.toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText(/^New password/)).toHaveAccessibleDescription('Password is required');
    expect(server.calls('POST', '/api/auth/password')).toHaveLength(0);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const server = renderProfile();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Change password' });
    const form = within(passwordForm());
    await user.type(form.getByLabelText(/^Current password/), 'old-password');
    await user.type(form.getByLabelText(/^New password/), 'short');
    await user.type(form.getByLabelText(/^Confirm new password/), 'short');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/password')).toHaveLength(0);
  });

  it('sends the change and puts the server’s field error under the current password', async () => {
    const server = renderProfile({
      'POST /api/auth/password': fieldError(
        { 'body.current_password': 'Your current password is not correct' },
        'Your current password is not correct',
      ),
    });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Change password' });
    const form = within(passwordForm());
    await user.type(form.getByLabelText(/^Current password/), 'wrong-password');
    await user.type(form.getByLabelText(/^New password/), 'new-password-1');
    await user.type(form.getByLabelText(/^Confirm new password/), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(server.calls('POST', '/api/auth/password')).toHaveLength(1));
    expect(server.calls('POST', '/api/auth/password')[0]?.body).toEqual({
      current_password: 'wrong-password',
      new_password: 'new-password-1',
    });
    expect(form.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      /Your current password is not correct/,
    );
  });
});

describe('ProfilePage – details and sessions', () => {
  it('saves name and phone, an empty phone as null', async () => {
    const server = renderProfile({
      'PATCH /api/profile': json(
        wire(userSchema, { ...wireUser, role: 'operator', first_name: 'Maria Clara', phone: null }),
      ),
    });
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: /^First name/ });
    await user.clear(first);
    await user.type(first, ' Maria Clara ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(server.calls('PATCH', '/api/profile')).toHaveLength(1));
    expect(server.calls('PATCH', '/api/profile')[0]?.body).toEqual({
      first_name: 'Maria Clara',
      last_name: 'Santos',
      phone: null,
    });
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
  });

  it('checks the details with the API’s schema and puts a server refusal under its field', async () => {
    const server = renderProfile({
      'PATCH /api/profile': fieldError({ 'body.phone': 'Enter a phone number such as 0917 123 4567' }),
    });
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: /^First name/ });
    await user.clear(first);
    await user.type(first, '   ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(first).toHaveAccessibleDescription('First name is required');
    expect(server.calls('PATCH', '/api/profile')).toHaveLength(0);
    await user.type(first, 'Ana');
    expect(first).not.toHaveAttribute('aria-invalid', 'true');

    const phone = screen.getByRole('textbox', { name: /^Phone number/ });
    // The schema's own words for a number too long, not the library's.
    await user.type(phone, '0'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/A phone number has at most 30 characters/),
    );
    expect(server.calls('PATCH', '/api/profile')).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/Enter a phone number such as 0917 123 4567/),
    );
    expect(within(screen.getByRole('form', { name: 'Your details' })).queryByRole('alert')).toBeNull();
  });

  it('shows an unverified email with a resend button', async () => {
    const server = renderProfile(
      { 'POST /api/auth/verify-email/resend': message('Check your inbox.') },
      { email_verified: false },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('lists sessions, marks this device and signs out another one', async () => {
    const other = sessions.items[1]?.id ?? '';
    const server = renderProfile({
      [`DELETE /api/sessions/${other}`]: message('The session has been signed out.'),
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const mine = await within(list).findByRole('listitem', { name: 'Chrome on macOS' });
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    const phone = within(list).getByRole('listitem', { name: 'Safari on iOS' });
    expect(phone).toHaveTextContent('198.51.100.7');

    await user.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(server.calls('DELETE', `/api/sessions/${other}`)).toHaveLength(1));
    expect(await screen.findByText('The session has been signed out.')).toBeInTheDocument();
  });
});
