import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { HelpPage } from './HelpPage.tsx';

describe('HelpPage', () => {
  it('links every section from the contents and shows the permissions table', async () => {
    fakeApi(signInAs('operator'));
    renderWithAuth(page('/help', HelpPage), '/help');
    const contents = await screen.findByRole('navigation', { name: 'On this page' });
    for (const link of within(contents).getAllByRole('link')) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id), id).not.toBeNull();
    }
    expect(within(contents).getByRole('link', { name: 'Roles and what each may do' })).toHaveAttribute(
      'href',
      '#roles',
    );
    const table = screen.getByRole('table', { name: 'Permissions by role' });
    // Rendered from the shared permission table the server enforces.
    const inviteAdmins = within(table)
      .getByRole('rowheader', { name: /^Change the organization settings/ })
      .closest('tr') as HTMLElement;
    expect(
      within(inviteAdmins)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['yes', '–no', '–no', '–no', '–no']);
    const deliveries = within(table)
      .getByRole('rowheader', { name: /^View records and lots/ })
      .closest('tr') as HTMLElement;
    expect(within(deliveries).getAllByRole('cell')).toHaveLength(5);
    expect(within(deliveries).queryByText('no')).not.toBeInTheDocument();
    expect(screen.getByText(/Magic link\./)).toBeInTheDocument();
  });
});
