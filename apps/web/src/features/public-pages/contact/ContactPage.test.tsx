import { contactInfoSchema, contactReceiptSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { fieldError, page, signInAs } from '../../../test/pages.ts';
import { renderWithAuth } from '../../../test/render.tsx';
import { wire } from '../../../test/wire.ts';
import { ContactPage } from './ContactPage.tsx';

const info = {
  'GET /api/contact': json(wire(contactInfoSchema, { support_email: 'support@plastrace.ph' })),
};
const show = (path = '/contact') => renderWithAuth(page('/contact', ContactPage), path);
const form = () => screen.getByRole('form', { name: 'Contact us' });

async function fillIn(message = 'We run three junkshops in Quezon City and want to join.') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana Reyes');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.ph');
  await user.type(screen.getByRole('textbox', { name: 'Organization' }), 'QC Junkshop Cooperative');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Beta access');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
  return user;
}

describe('ContactPage', () => {
  it('says what is missing, field by field, without sending anything', async () => {
    const api = fakeApi(info);
    show();
    expect(document.title).toBe('Contact us · PlasTrace');
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveAccessibleDescription('Choose a topic');
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(api.calls('POST', '/api/contact')).toEqual([]);

    // A message goes as soon as its field is edited; the others stay.
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
  });

  it('refuses a bad email address and a message over 5000 characters', async () => {
    const api = fakeApi(info);
    show();
    const user = await fillIn('x');
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@');
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(5001));
    expect(screen.getByText('5001 of 5000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 5000 characters')).toBeInTheDocument();
    expect(api.calls('POST', '/api/contact')).toEqual([]);
  });

  it('sends the message with the CSRF token and shows the receipt', async () => {
    const api = fakeApi({
      ...info,
      'POST /api/contact': json(
        wire(contactReceiptSchema, {
          reference: 'PT-3F9A21B7',
          message: 'Thank you! Your message has been sent.',
        }),
        201,
      ),
    });
    show();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const done = await screen.findByRole('status', { name: 'Message sent' });
    expect(done).toHaveTextContent('Thank you! Your message has been sent.');
    expect(done).toHaveTextContent('Your reference is PT-3F9A21B7. The receipt went to ana@example.ph.');
    const [call] = api.calls('POST', '/api/contact');
    expect(call?.body).toEqual({
      name: 'Ana Reyes',
      email: 'ana@example.ph',
      organization: 'QC Junkshop Cooperative',
      topic: 'beta_access',
      message: 'We run three junkshops in Quezon City and want to join.',
    });
    expect(call?.headers['x-csrf-token']).toBe('csrf-1');
    expect(call?.credentials).toBe('include');

    await user.click(within(done).getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it("puts the server's per-field messages under their fields", async () => {
    fakeApi({
      ...info,
      'POST /api/contact': fieldError({ 'body.email': 'This address cannot receive mail' }),
    });
    show();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This address cannot receive mail'));
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a refusal for too many messages', async () => {
    fakeApi({
      ...info,
      'POST /api/contact': apiError(
        429,
        'rate_limited',
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    });
    show();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('preselects ?topic=privacy and names the support address', async () => {
    fakeApi(info);
    show('/contact?topic=privacy');
    expect(await screen.findByRole('combobox', { name: 'Topic' })).toHaveValue('privacy');
    expect(await screen.findByRole('link', { name: 'support@plastrace.ph' })).toHaveAttribute(
      'href',
      'mailto:support@plastrace.ph',
    );
  });

  it('fills in a signed-in member’s name, email and organization', async () => {
    fakeApi({ ...info, ...signInAs('operator') });
    show();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Maria Santos');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('maria@ecoplast.ph');
    expect(screen.getByRole('textbox', { name: 'Organization' })).toHaveValue('EcoPlast Recycling Inc.');
  });
});
