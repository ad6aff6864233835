import { invitationSchema, supplierLookupSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../components/common/RequirePermission.tsx';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { itemsOf, wire } from '../../test/wire.ts';
import { TeamPage } from './TeamPage.tsx';

const supplier = wire(supplierLookupSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a99',
  code: 'SUP-001',
  name: 'Juan Junkshop',
  type: 'junkshop',
});
const invitation = wire(invitationSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a11',
  email: 'rosa@example.ph',
  role: 'supplier',
  supplier_id: supplier.id,
  supplier_name: supplier.name,
  status: 'pending',
  invited_by_name: 'Maria Santos',
  expires_at: '2026-06-01T00:00:00Z',
  created_at: '2026-05-25T00:00:00Z',
  accepted_at: null,
});

function renderTeam(role: Parameters<typeof signInAs>[0], handlers = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/members': emptyPage,
    'GET /api/invitations': emptyPage,
    'GET /api/suppliers/lookup': json(wire(itemsOf(supplierLookupSchema), { items: [supplier] })),
    ...handlers,
  });
  renderWithAuth(page('/user-management', TeamPage), '/user-management');
  return server;
}

async function openInvite() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Invite member' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
  return { user, dialog };
}

const roleOptions = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('combobox', { name: /^Role/ }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Invite member', () => {
  it('offers administrators every role and managers every role but administrator', async () => {
    renderTeam('admin');
    const { dialog } = await openInvite();
    expect(roleOptions(dialog)).toEqual(['Administrator', 'Manager', 'Operator', 'Auditor', 'Supplier']);
  });

  it('does not offer managers the administrator role', async () => {
    renderTeam('manager');
    const { dialog } = await openInvite();
    expect(roleOptions(dialog)).toEqual(['Manager', 'Operator', 'Auditor', 'Supplier']);
  });

  it('gives auditors no invite button and no invitations, which their role may not read', async () => {
    const server = renderTeam('auditor');
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/invitations')).toHaveLength(0);
  });

  it('tells operators they may not see the team, without asking the server', async () => {
    const server = renderTeam('operator');
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
    expect(screen.getByText(refusalText('members.read'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/members')).toHaveLength(0);
  });

  it('requires a supplier for the supplier role, then sends it', async () => {
    const server = renderTeam('manager', { 'POST /api/invitations': json(invitation, 201) });
    const { user, dialog } = await openInvite();
    const form = within(dialog);
    expect(form.queryByRole('combobox', { name: /^Supplier/ })).not.toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'Rosa@Example.ph');
    await user.selectOptions(form.getByRole('combobox', { name: /^Role/ }), 'Supplier');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText('Choose the supplier this member belongs to')).toBeInTheDocument();
    expect(server.calls('POST', '/api/invitations')).toHaveLength(0);

    await user.click(form.getByRole('combobox', { name: /^Supplier/ }));
    await user.keyboard('Juan');
    // The search goes to the server once typing pauses.
    await waitFor(() => expect(server.calls('GET', '/api/suppliers/lookup').at(-1)?.url).toContain('q=Juan'));
    await user.click(await screen.findByRole('option', { name: 'Juan Junkshop (SUP-001)' }));
    await user.click(form.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(server.calls('POST', '/api/invitations')).toHaveLength(1));
    expect(server.calls('POST', '/api/invitations')[0]?.body).toEqual({
      email: 'rosa@example.ph',
      role: 'supplier',
      supplier_id: supplier.id,
    });
    expect(await screen.findByText('Invitation sent to rosa@example.ph.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite member' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s field errors under their inputs and other refusals above the form', async () => {
    const server = renderTeam('admin', {
      'POST /api/invitations': fieldError({ 'body.email': 'This address cannot receive email' }),
    });
    const { user, dialog } = await openInvite();
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'jun@example.ph');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));

    const email = form.getByRole('textbox', { name: /^Email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/This address cannot receive email/));
    expect(email).toHaveAttribute('aria-invalid', 'true');

    server.on(
      'POST /api/invitations',
      apiError(403, 'forbidden', 'Your role may not invite an administrator'),
    );
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to do this');
    expect(alert).toHaveTextContent('Your role may not invite an administrator');
  });

  it('rejects an email that is not email-shaped without calling the server', async () => {
    const server = renderTeam('admin');
    const { user, dialog } = await openInvite();
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    const email = form.getByRole('textbox', { name: /^Email/ });
    // The server's own words (packages/shared invitationCreateSchema), under the field.
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(server.calls('POST', '/api/invitations')).toHaveLength(0);
    await user.type(email, '@example.ph');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(form.queryByText('Enter a valid email address')).not.toBeInTheDocument();
  });
});
