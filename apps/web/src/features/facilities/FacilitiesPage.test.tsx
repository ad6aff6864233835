import { facilitySchema, page } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { emptyPage, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { facilityRecord, wire } from '../../test/wire.ts';
import { FacilitiesPage } from './FacilitiesPage.tsx';

const mrf = facilityRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01',
  code: 'MRF-QC-01',
  name: 'Quezon City MRF',
  type: 'mrf',
  address_line: '12 Mindanao Ave',
  barangay: 'Bagong Pag-asa',
  city: 'Quezon City',
  province: null,
  region: 'NCR',
  country: 'PH',
  latitude: '14.6760',
  longitude: '121.0437',
  permits: [],
  archived_at: null,
  version: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const depot = facilityRecord({
  ...mrf,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c02',
  code: 'WH-01',
  name: 'Valenzuela depot',
});
const facilities = (items: unknown[], next_cursor: string | null) =>
  wire(page(facilitySchema), { items, next_cursor });
const PATH = '/api/facilities';

function renderFacilities(
  role: Parameters<typeof signInAs>[0] = 'manager',
  handlers = {},
  url = '/facilities',
) {
  const server = fakeApi({
    ...signInAs(role),
    [`GET ${PATH}`]: json(facilities([mrf], 'c2')),
    ...handlers,
  });
  renderWithAuth(route('/facilities', FacilitiesPage), url);
  return server;
}

const lastListUrl = (server: ReturnType<typeof fakeApi>) =>
  new URL(server.calls('GET', PATH).at(-1)?.url ?? '', 'http://x').searchParams;

describe('Facilities (the master-data list)', () => {
  it('asks for the filters, sort and archived toggle from the URL and pages with Load more', async () => {
    const server = renderFacilities(
      'manager',
      {
        [`GET ${PATH}`]: (r: { url: string }) =>
          Response.json(r.url.includes('cursor=c2') ? facilities([depot], null) : facilities([mrf], 'c2')),
      },
      '/facilities?type=mrf&sort=-code&archived=1&q=quezon',
    );
    expect(await screen.findByText('Quezon City MRF')).toBeInTheDocument();
    const query = lastListUrl(server);
    expect(query.get('type')).toBe('mrf');
    expect(query.get('sort')).toBe('-code');
    expect(query.get('include_archived')).toBe('true');
    expect(query.get('q')).toBe('quezon');
    expect(query.get('limit')).toBe('50');
    expect(query.has('cursor')).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(lastListUrl(server).get('cursor')).toBe('c2'));
    expect(await screen.findByText('Valenzuela depot')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('changes the query when a filter or the sort changes', async () => {
    const server = renderFacilities();
    await screen.findByText('Quezon City MRF');
    expect(lastListUrl(server).has('type')).toBe(false);
    expect(lastListUrl(server).get('sort')).toBe('name');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Warehouse');
    await waitFor(() => expect(lastListUrl(server).get('type')).toBe('warehouse'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest first');
    await waitFor(() => expect(lastListUrl(server).get('sort')).toBe('-created_at'));
    expect(lastListUrl(server).get('type')).toBe('warehouse');
    await user.click(screen.getByRole('switch', { name: 'Include archived' }));
    await waitFor(() => expect(lastListUrl(server).get('include_archived')).toBe('true'));
  });

  it('creates a facility with the right body and puts a duplicate code message under Code', async () => {
    const server = renderFacilities('admin', {
      [`POST ${PATH}`]: apiError(409, 'conflict', 'A facility with code MRF-QC-01 already exists', {
        fields: { 'body.code': 'A facility with code MRF-QC-01 already exists' },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New facility' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New facility' }));
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'MRF-QC-01');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Second MRF');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Type/ }), 'MRF');
    await user.type(dialog.getByRole('textbox', { name: /^City/ }), 'Quezon City');
    await user.type(dialog.getByRole('textbox', { name: /^Region/ }), 'NCR');
    await user.type(dialog.getByRole('textbox', { name: /^Latitude/ }), '14.5');
    await user.click(dialog.getByRole('button', { name: 'Create facility' }));

    await waitFor(() => expect(server.calls('POST', PATH)).toHaveLength(1));
    expect(server.calls('POST', PATH)[0]?.body).toEqual({
      code: 'MRF-QC-01',
      name: 'Second MRF',
      type: 'mrf',
      city: 'Quezon City',
      region: 'NCR',
      latitude: '14.5',
    });
    const code = dialog.getByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/already exists/));
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks required fields before sending', async () => {
    const server = renderFacilities('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New facility' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New facility' }));
    await user.click(dialog.getByRole('button', { name: 'Create facility' }));
    expect(await dialog.findByText('Code is required')).toBeInTheDocument();
    expect(server.calls('POST', PATH)).toHaveLength(0);
  });

  it('saves only the changed fields with the version, and offers a reload on 409', async () => {
    const server = renderFacilities('manager', {
      [`PATCH ${PATH}/${mrf.id}`]: apiError(
        409,
        'conflict',
        'Someone else changed this facility. Reload and try again.',
      ),
      [`GET ${PATH}/${mrf.id}`]: json(facilityRecord({ ...mrf, name: 'QC Central MRF', version: 5 })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit .+: Quezon City MRF$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Quezon City MRF' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Quezon City MRF 1');
    await user.clear(dialog.getByRole('textbox', { name: /^Barangay/ }));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(server.calls('PATCH', `${PATH}/${mrf.id}`)).toHaveLength(1));
    expect(server.calls('PATCH', `${PATH}/${mrf.id}`)[0]?.body).toEqual({
      name: 'Quezon City MRF 1',
      barangay: null,
      version: 4,
    });
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('This facility was changed by someone else');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('QC Central MRF'));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    server.on(`PATCH ${PATH}/${mrf.id}`, json(facilityRecord({ ...mrf, name: 'QC MRF', version: 6 })));
    await user.clear(dialog.getByRole('textbox', { name: /^Name/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'QC MRF');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls('PATCH', `${PATH}/${mrf.id}`)).toHaveLength(2));
    expect(server.calls('PATCH', `${PATH}/${mrf.id}`)[1]?.body).toEqual({ name: 'QC MRF', version: 5 });
  });

  it('archives only after confirming', async () => {
    const server = renderFacilities('admin', {
      [`POST ${PATH}/${mrf.id}/archive`]: json(
        facilityRecord({ ...mrf, archived_at: '2026-05-01T00:00:00Z', version: 5 }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit .+: Quezon City MRF$/ }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Quezon City MRF' }));
    await user.click(form.getByRole('button', { name: 'Archive' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Archive facility?' }));
    expect(server.calls('POST', `${PATH}/${mrf.id}/archive`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(server.calls('POST', `${PATH}/${mrf.id}/archive`)).toHaveLength(1));
    expect(await screen.findByText('Quezon City MRF has been archived.')).toBeInTheDocument();
  });

  it('shows operators a read-only form and no New or Export buttons', async () => {
    renderFacilities('operator');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View .+: Quezon City MRF$/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Quezon City MRF' }));
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New facility' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('says what an empty list is for, and offers to add the first record', async () => {
    renderFacilities('manager', { [`GET ${PATH}`]: emptyPage });
    expect(await screen.findByRole('heading', { name: 'No facilities yet' })).toBeInTheDocument();
    expect(screen.getByText(/Every delivery, lot and stock count belongs to one/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add the first facility' }));
    expect(await screen.findByRole('dialog', { name: 'New facility' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderFacilities('auditor', { [`GET ${PATH}`]: emptyPage }, '/facilities?type=warehouse');
    expect(
      await screen.findByRole('heading', { name: 'No facilities match these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Clear a filter or include archived records to see more.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
