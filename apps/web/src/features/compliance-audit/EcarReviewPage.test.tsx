import type { MemberRole } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { EcarReviewPage } from './EcarReviewPage.tsx';
import { ids, report } from './testData.ts';

const path = `/api/compliance/ecar/${ids.report}`;
const retirementKey = `retirement:${ids.block}`;

function renderReview(role: MemberRole, handlers: Record<string, Handler> = {}) {
  const server = fakeApi({ ...signInAs(role), [`GET ${path}`]: json(report()), ...handlers });
  const view = renderWithAuth(
    [{ path: '/compliance-audit/ecar/:id', Component: EcarReviewPage }],
    `/compliance-audit/ecar/${ids.report}`,
  );
  return { server, ...view };
}

const item = (title: RegExp) => screen.getByRole('article', { name: title });

describe('ECAR review', () => {
  it('shows the statement and each item with its evidence and proof links', async () => {
    renderReview('manager');
    expect(await screen.findByRole('heading', { name: /ECAR 2026, version 1/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Statement of the 2026 ECAR' })).toHaveTextContent('100,000 kg');
    const retirement = item(/^Retired credits/);
    expect(within(retirement).getByText('Not reviewed')).toBeInTheDocument();
    const evidence = within(retirement).getByRole('table', { name: /^Evidence of Retired credits/ });
    expect(evidence).toHaveTextContent('MNL1-261120-001');
    expect(evidence).toHaveTextContent('RR-2026-000123, ticket WB-778');
    expect(
      within(evidence).getByRole('link', { name: 'Log proof of delivery RR-2026-000123' }),
    ).toHaveAttribute('href', `/verify/${ids.delivery}`);
    expect(within(retirement).getByRole('link', { name: /Log proof of batch/ })).toHaveAttribute(
      'href',
      `/verify/${ids.batch}`,
    );
    // A manager drafts; reviewing and signing off are the auditor's.
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
  });

  it('lets the auditor accept an item, and query one only with a comment', async () => {
    const { server } = renderReview('auditor', {
      [`POST ${path}/reviews`]: json(report({ 'footprint:rigid': 'accepted' }), 201),
    });
    expect(await screen.findByRole('button', { name: 'Sign off' })).toBeDisabled();
    expect(screen.getByText(/0 of 2 items accepted/)).toBeInTheDocument();
    await userEvent.click(within(item(/^Footprint: Rigid/)).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(server.calls('POST', `${path}/reviews`)).toHaveLength(1));
    expect(server.calls('POST', `${path}/reviews`)[0]?.body).toEqual({
      item_key: 'footprint:rigid',
      decision: 'accepted',
      comment: null,
    });

    await userEvent.click(within(item(/^Retired credits/)).getByRole('button', { name: /^Query/ }));
    const dialog = screen.getByRole('dialog', { name: /^Query “Retired credits/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send query' }));
    expect(await within(dialog).findByText(/needs a comment/)).toBeInTheDocument();
    expect(server.calls('POST', `${path}/reviews`)).toHaveLength(1);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Comment/ }),
      'The ticket is unreadable',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send query' }));
    await waitFor(() => expect(server.calls('POST', `${path}/reviews`)).toHaveLength(2));
    expect(server.calls('POST', `${path}/reviews`)[1]?.body).toEqual({
      item_key: retirementKey,
      decision: 'queried',
      comment: 'The ticket is unreadable',
    });
  });

  it('signs off with an opinion once every item is accepted', async () => {
    const all = { 'footprint:rigid': 'accepted', [retirementKey]: 'accepted' } as const;
    const signed = report(all, {
      status: 'signed_off',
      signed_by: { id: ids.auditor, name: 'Jose Rizal' },
      signed_at: '2026-10-08T01:00:00.000Z',
      opinion: 'Fairly stated in all material respects.',
    });
    const { server } = renderReview('auditor', {
      [`GET ${path}`]: json(report(all)),
      [`POST ${path}/sign-off`]: json(signed),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign off' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off the ECAR' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Audit opinion/ }), 'Fine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    expect(await within(dialog).findByText(/at least 10 characters/)).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Audit opinion/ }),
      'ly stated in all material respects.',
    );
    server.on(`GET ${path}`, json(signed));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(server.calls('POST', `${path}/sign-off`)).toHaveLength(1));
    expect(server.calls('POST', `${path}/sign-off`)[0]?.body).toEqual({
      opinion: 'Finely stated in all material respects.',
    });
    expect(await screen.findByText('Signed off: frozen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.getByText('Opinion: “Fairly stated in all material respects.”')).toBeInTheDocument();
  });

  it('shows a refusal of a review', async () => {
    renderReview('auditor', {
      [`POST ${path}/reviews`]: apiError(
        422,
        'unprocessable',
        'This ECAR is signed off and frozen: draft a new version to change it',
      ),
    });
    await userEvent.click(
      await within(await screen.findByRole('article', { name: /^Footprint: Rigid/ })).findByRole('button', {
        name: /^Accept/,
      }),
    );
    expect(await screen.findByText(/frozen: draft a new version/)).toBeInTheDocument();
  });

  it('says when the report is not the organization’s', async () => {
    renderReview('auditor', { [`GET ${path}`]: apiError(404, 'not_found', 'ECAR not found') });
    expect(await screen.findByText('Report not found')).toBeInTheDocument();
  });
});
