import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { navFor } from '../../layout/navigation.ts';
import { routes } from '../../router.tsx';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { onPhone } from '../../test/phone.ts';
import { renderRoutes, renderWithAuth } from '../../test/render.tsx';
import { TracePage } from './TracePage.tsx';
import { IDS, recallOf, traceOf } from './testTrace.ts';

const PATH = '/traceability';
const CODE = 'MNL1-261120-0002';
const BY_CODE = `GET /api/trace/codes/${CODE}`;
const render = (search = '') => renderWithAuth(page(PATH, TracePage), `${PATH}${search}`);
const paramsOf = (url = '') => Object.fromEntries(new URL(url, 'http://x').searchParams);
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

function serve(role: Parameters<typeof signInAs>[0], handlers: Record<string, Handler>) {
  return fakeApi({ ...signInAs(role), ...handlers });
}

describe('Traceability', () => {
  it('traces a lot by its code: supplier and customer shares, origins and destinations', async () => {
    const server = serve('manager', { [BY_CODE]: json(traceOf()) });
    const { router } = render();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Trace a lot' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Lot code or record id' }), CODE);
    await user.click(screen.getByRole('button', { name: 'Trace' }));

    expect(await screen.findByRole('heading', { level: 2, name: `Lot ${CODE}` })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?q=${CODE}`);
    expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(1);
    expect(paramsOf(server.calls('GET', `/api/trace/codes/${CODE}`)[0]?.url)).toEqual({
      direction: 'both',
      depth: '10',
    });
    expect(document.title).toBe('Traceability · PlasTrace');

    const summary = within(screen.getByRole('region', { name: `Lot ${CODE}` }));
    expect(summary.getByText('Started with').nextSibling).toHaveTextContent('900 kg');
    expect(summary.getByRole('link', { name: CODE })).toHaveAttribute(
      'href',
      `/batch-management/${IDS.flakes}`,
    );

    const origins = within(screen.getByRole('region', { name: 'Where it came from' }));
    expect(rowTexts(origins.getByRole('table', { name: 'Supplier shares' }))).toEqual([
      ['Juan, "Kuya" Junkshop · Junkshop · SUP-001', '1', '540 kg', '60.00 %'],
      ['Barangay 12 MRF · LGU · SUP-002', '1', '360 kg', '40.00 %'],
    ]);
    expect(origins.getByRole('img', { name: /^Supplier shares: / })).toHaveAccessibleName(
      'Supplier shares: Juan, "Kuya" Junkshop 60.00 %, Barangay 12 MRF 40.00 %',
    );
    const originTable = origins.getByRole('table', { name: 'Origins' });
    expect(rowTexts(originTable)).toEqual([
      ['Juan, "Kuya" Junkshop · Junkshop', 'RR-0011', 'MNL1-261101-0001', 'Nov 1, 2026', '540 kg', '60.00 %'],
      ['Barangay 12 MRF · LGU', 'RR-0014', 'MNL1-261105-0003', 'Nov 5, 2026', '360 kg', '40.00 %'],
    ]);
    expect(within(originTable).getByRole('link', { name: 'RR-0011' })).toHaveAttribute(
      'href',
      `/receive-records/${IDS.rrA}`,
    );
    expect(within(originTable).getByRole('link', { name: 'MNL1-261105-0003' })).toHaveAttribute(
      'href',
      `/batch-management/${IDS.bottlesB}`,
    );

    const destinations = within(screen.getByRole('region', { name: 'Where it went' }));
    // What no dispatch accounts for is the rest of the bar: 900 − 500 − 250 kg.
    expect(rowTexts(destinations.getByRole('table', { name: 'Customer shares' }))).toEqual([
      ['PlastiCorp · Manufacturer · CUS-001', '1', '500 kg', '55.56 %'],
      ['GreenPack · Brand owner · CUS-002', '1', '250 kg', '27.78 %'],
      ['Not dispatched', '—', '150 kg', '16.66 %'],
    ]);
    const destinationTable = destinations.getByRole('table', { name: 'Destinations' });
    expect(rowTexts(destinationTable)).toEqual([
      [
        'DR-0021',
        'Nov 22, 2026',
        'PlastiCorp · Manufacturer',
        'Delivered',
        'MNL1-261121-0001',
        '500 kg',
        '500 kg',
        '55.56 %',
      ],
      [
        'DR-0022',
        'Nov 23, 2026',
        'GreenPack · Brand owner',
        'On the way',
        'MNL1-261121-0002',
        '250 kg',
        '250 kg',
        '27.78 %',
      ],
    ]);
    expect(within(destinationTable).getByRole('link', { name: 'DR-0022' })).toHaveAttribute(
      'href',
      `/dispatch-records/${IDS.drB}`,
    );
  });

  it('traces an id that is no lot’s as a record’s: a delivery traced downstream is a recall', async () => {
    const server = serve('auditor', {
      [`GET /api/trace/lots/${IDS.rrA}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET /api/trace/records/${IDS.rrA}`]: json(recallOf()),
    });
    render(`?q=${IDS.rrA}&direction=downstream`);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Delivery RR-0011' });
    expect(server.calls('GET', `/api/trace/lots/${IDS.rrA}`)).toHaveLength(1);
    expect(paramsOf(server.calls('GET', `/api/trace/records/${IDS.rrA}`)[0]?.url)).toEqual({
      direction: 'downstream',
      depth: '10',
    });
    expect(server.requests.some((r) => r.path.startsWith('/api/trace/codes'))).toBe(false);
    const summary = within(heading.closest('section') as HTMLElement);
    expect(summary.getByRole('link', { name: 'Delivery RR-0011' })).toHaveAttribute(
      'href',
      `/receive-records/${IDS.rrA}`,
    );
    // Downstream only: no origins, and every destination with the part of the delivery it got.
    expect(screen.queryByRole('region', { name: 'Where it came from' })).not.toBeInTheDocument();
    const destinations = screen.getByRole('table', { name: 'Destinations' });
    expect(rowTexts(destinations).map((r) => [r[0], r[6], r[7]])).toEqual([
      ['DR-0021', '300 kg', '50.00 %'],
      ['DR-0022', '150 kg', '25.00 %'],
    ]);
  });

  it('puts the direction and the depth in the address and the request', async () => {
    const server = serve('operator', { [BY_CODE]: json(traceOf()) });
    const { router } = render(`?q=${CODE}`);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Origins' });

    await user.click(screen.getByRole('radio', { name: 'Where it came from' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${CODE}&direction=upstream`));
    await waitFor(() => expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(2));
    expect(paramsOf(server.calls('GET', `/api/trace/codes/${CODE}`)[1]?.url)).toEqual({
      direction: 'upstream',
      depth: '10',
    });

    const depth = screen.getByRole('textbox', { name: 'Depth (steps)' });
    await user.clear(depth);
    await user.type(depth, '3');
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${CODE}&direction=upstream&depth=3`));
    await waitFor(() => expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(3));
    expect(paramsOf(server.calls('GET', `/api/trace/codes/${CODE}`)[2]?.url)).toEqual({
      direction: 'upstream',
      depth: '3',
    });

    // A depth the API would refuse is not sent.
    await user.clear(depth);
    await user.type(depth, '30');
    expect(await screen.findByText('From 1 to 25')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(3);
    expect(router.state.location.search).toBe(`?q=${CODE}&direction=upstream&depth=3`);
  });

  it('reads the direction and depth of a shared link', async () => {
    const server = serve('manager', { [BY_CODE]: json(traceOf({ direction: 'downstream', depth: 4 })) });
    render(`?q=${CODE}&direction=downstream&depth=4`);
    expect(await screen.findByRole('heading', { level: 2, name: `Lot ${CODE}` })).toBeInTheDocument();
    expect(paramsOf(server.calls('GET', `/api/trace/codes/${CODE}`)[0]?.url)).toEqual({
      direction: 'downstream',
      depth: '4',
    });
    expect(screen.getByRole('radio', { name: 'Where it went' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Depth (steps)' })).toHaveValue('4');
  });

  it('warns when the depth stopped the trace, and traces deeper', async () => {
    const server = serve('manager', {
      [BY_CODE]: (r) => json(traceOf({ truncated: true, depth: Number(paramsOf(r.url).depth) }))(r),
    });
    const { router } = render(`?q=${CODE}`);
    const user = userEvent.setup();

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('The trace stopped before its ends');
    expect(warning).toHaveTextContent('Some lots lead further than 10 steps');
    await user.click(within(warning).getByRole('button', { name: 'Trace 20 steps' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?q=${CODE}&depth=20`));
    await waitFor(() => expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(2));
    expect(paramsOf(server.calls('GET', `/api/trace/codes/${CODE}`)[1]?.url).depth).toBe('20');
    expect(await screen.findByText(/Some lots lead further than 20 steps/)).toBeInTheDocument();
  });

  it('says when no lot has the code, or nothing has the id', async () => {
    const server = serve('manager', {
      'GET /api/trace/codes/nope-1': apiError(404, 'not_found', 'Lot NOPE-1 not found'),
      [`GET /api/trace/lots/${IDS.drA}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET /api/trace/records/${IDS.drA}`]: apiError(404, 'not_found', 'Record not found'),
    });
    const { router } = render('?q=nope-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No lot of your organization has the code NOPE-1. Check the code on the label.',
    );

    await router.navigate(`${PATH}?q=${IDS.drA}`);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `No lot or record of your organization has the id ${IDS.drA}.`,
      ),
    );
    expect(server.calls('GET', `/api/trace/records/${IDS.drA}`)).toHaveLength(1);
  });

  it('gives the server’s reason for a draft record, without a retry', async () => {
    serve('manager', {
      [`GET /api/trace/lots/${IDS.rrB}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET /api/trace/records/${IDS.rrB}`]: apiError(
        422,
        'unprocessable',
        "RR-0014 has no lots yet: a draft's lots are made when it is posted",
      ),
    });
    render(`?q=${IDS.rrB}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The trace could not be loaded');
    expect(alert).toHaveTextContent("RR-0014 has no lots yet: a draft's lots are made when it is posted");
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('asks for a code before tracing', async () => {
    const server = serve('manager', {});
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Trace' }));
    expect(screen.getByRole('textbox', { name: 'Lot code or record id' })).toHaveAccessibleDescription(
      'Enter a lot code or a record id',
    );
    expect(server.requests.some((r) => r.path.startsWith('/api/trace'))).toBe(false);
  });

  it('lists every lot of the trace, and traces again from one', async () => {
    const server = serve('manager', {
      [BY_CODE]: json(traceOf()),
      'GET /api/trace/codes/MNL1-261121-0002': json(
        traceOf({ start: { lot_ids: [IDS.halfB], record: null, kg: '400.000' } }),
      ),
    });
    const { router } = render(`?q=${CODE}`);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Lots in the trace' });
    expect(rowTexts(table).map((r) => r.slice(0, 8))).toEqual([
      [
        '1 step back',
        'MNL1-261101-0001',
        'PET bottles',
        'Manila MRF',
        '600 kg',
        '540 kg',
        '0 kg',
        'Consumed',
      ],
      [
        '1 step back',
        'MNL1-261105-0003',
        'PET bottles',
        'Manila MRF',
        '400 kg',
        '360 kg',
        '0 kg',
        'Consumed',
      ],
      [
        'Started',
        'MNL1-261120-0002Started',
        'PET flakes',
        'Manila MRF',
        '900 kg',
        '900 kg',
        '0 kg',
        'Consumed',
      ],
      ['1 step on', 'MNL1-261121-0001', 'PET flakes', 'Manila MRF', '500 kg', '500 kg', '0 kg', 'Dispatched'],
      [
        '1 step on',
        'MNL1-261121-0002',
        'PET flakes',
        'Manila MRF',
        '400 kg',
        '400 kg',
        '150 kg',
        'Available',
      ],
    ]);
    // No "trace from here" on the lot already traced.
    expect(within(table).queryByRole('button', { name: `Trace from ${CODE}` })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Trace from MNL1-261121-0002' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Lot MNL1-261121-0002' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=MNL1-261121-0002');
    expect(server.calls('GET', '/api/trace/codes/MNL1-261121-0002')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Lot code or record id' })).toHaveValue('MNL1-261121-0002');
    // A new search is a new history entry: Back returns to the previous trace.
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 2, name: `Lot ${CODE}` })).toBeInTheDocument();
  });

  it('draws the lineage as a graph whose lots trace again on a click or Enter', async () => {
    const server = serve('manager', {
      [BY_CODE]: json(traceOf()),
      'GET /api/trace/codes/MNL1-261101-0001': json(traceOf()),
      'GET /api/trace/codes/MNL1-261121-0001': json(traceOf()),
    });
    const { router } = render(`?q=${CODE}`);
    const user = userEvent.setup();

    const graph = await screen.findByRole('application', { name: /^Lineage graph of Lot MNL1-261120-0002/ });
    expect(graph).toHaveAccessibleName(
      `Lineage graph of Lot ${CODE}: 5 lots, 2 suppliers, 2 customers. The lots table below lists the same.`,
    );
    const started = within(graph).getByRole('group', {
      name: `Lot ${CODE}, PET flakes, 900 kg, a started lot`,
    });
    expect(started).toHaveTextContent('Started');
    expect(
      within(graph).getByLabelText('Supplier Juan, "Kuya" Junkshop, 540 kg (60.00 %)'),
    ).toBeInTheDocument();
    expect(within(graph).getByLabelText('Customer GreenPack, 250 kg (27.78 %)')).toBeInTheDocument();
    // Columns left to right: suppliers, the lots they delivered, the start, what it became, customers.
    const x = (el: HTMLElement) => Number(/translate\((-?[\d.]+)px/.exec(el.style.transform)?.[1]);
    const supplier = within(graph).getByLabelText(/^Supplier Juan/);
    const origin = within(graph).getByRole('button', { name: /^Lot MNL1-261101-0001/ });
    const next = within(graph).getByRole('button', { name: /^Lot MNL1-261121-0001/ });
    const customer = within(graph).getByLabelText(/^Customer PlastiCorp/);
    expect([supplier, origin, started, next, customer].map(x)).toEqual([0, 320, 640, 960, 1280]);
    // A click as React Flow sees it (user-event's mousedown has no `view`, which d3-zoom's pan needs).
    fireEvent.click(started);
    expect(server.calls('GET', `/api/trace/codes/${CODE}`)).toHaveLength(1);

    fireEvent.click(origin);
    await waitFor(() => expect(router.state.location.search).toBe('?q=MNL1-261101-0001'));
    expect(server.calls('GET', '/api/trace/codes/MNL1-261101-0001')).toHaveLength(1);

    await router.navigate(-1);
    const again = await screen.findByRole('button', { name: /^Lot MNL1-261121-0001/ });
    again.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=MNL1-261121-0001'));
  });

  it('exports the trace as a CSV: a row per lot, origin and destination', async () => {
    serve('auditor', { [BY_CODE]: json(traceOf()) });
    const save = catchDownloads();
    render(`?q=${CODE}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));

    expect(save).toHaveBeenCalledOnce();
    const link = save.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('trace-mnl1-261120-0002-both.csv');
    const blob = (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const lines = (await blob.text()).split('\r\n');
    expect(lines).toHaveLength(5 + 2 + 2 + 2);
    expect(lines[0]).toBe(
      'Kind,Level,Lot code,Material,Facility,Lot status,Partner,Partner code,Partner type,Record,Date,Delivered,Lot kg,Dispatched kg,kg linked to the start,Share %,On hand kg',
    );
    expect(lines[3]).toBe(
      'lot,Started,MNL1-261120-0002,PET flakes,Manila MRF,consumed,,,,,,,900.000,,900.000,,0.000',
    );
    expect(lines[6]).toBe(
      'origin,1 step back,MNL1-261101-0001,PET bottles,Manila MRF,consumed,"Juan, ""Kuya"" Junkshop",SUP-001,Junkshop,RR-0011,2026-11-01T02:00:00Z,,600.000,,540.000,60.00,',
    );
    expect(lines[9]).toBe(
      'destination,1 step on,MNL1-261121-0002,PET flakes,Manila MRF,available,GreenPack,CUS-002,Brand owner,DR-0022,2026-11-23T03:00:00Z,no,400.000,250.000,250.000,27.78,',
    );
    expect(lines[10]).toBe('');
  });

  it('offers the CSV only to roles that may export', async () => {
    serve('operator', { [BY_CODE]: json(traceOf()) });
    render(`?q=${CODE}`);
    await screen.findByRole('table', { name: 'Origins' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows cards on a phone, and the graph at a fixed height', async () => {
    await onPhone(async () => {
      serve('manager', { [BY_CODE]: json(traceOf()) });
      render(`?q=${CODE}`);
      const origins = await screen.findByRole('list', { name: 'Origins' });
      expect(within(origins).getAllByRole('listitem')[0]).toHaveTextContent(
        'Juan, "Kuya" Junkshop · Junkshop540 kg · 60.00 %RR-0011MNL1-261101-0001Received Nov 1, 2026',
      );
      expect(screen.getByRole('list', { name: 'Destinations' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Lots in the trace' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Lots in the trace' })).not.toBeInTheDocument();
      const graph = await screen.findByRole('application', { name: /^Lineage graph/ });
      expect(graph.parentElement).toHaveStyle({ height: 'calc(22.5rem * var(--mantine-scale))' });
    });
  });

  it('shows guidance before anything is traced', async () => {
    const server = serve('manager', {});
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Traceability' })).toBeInTheDocument();
    const guidance = screen
      .getByRole('heading', { level: 2, name: 'Trace a lot' })
      .closest('[role="status"]');
    expect(guidance).toHaveTextContent(/Enter a lot code as printed on its label/);
    expect(server.requests.some((r) => r.path.startsWith('/api/trace'))).toBe(false);
  });

  it('is for staff: a supplier has no sidebar item and is refused the page, unasked', async () => {
    const labels = (role: Parameters<typeof navFor>[0]) =>
      navFor(role).flatMap((g) => g.items.map((i) => i.label));
    expect(labels('auditor')).toContain('Trace a lot');
    expect(labels('supplier')).not.toContain('Trace a lot');

    const server = serve('supplier', {});
    render(`?q=${CODE}`);
    expect(await screen.findByText(/Your role may not trace lots/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Traceability' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.startsWith('/api/trace'))).toBe(false);
  });

  it.each(['/traceability', '/reports/supply-chain'])(
    'is at %s inside the signed-in layout',
    async (path) => {
      serve('manager', { [BY_CODE]: json(traceOf()) });
      renderRoutes(routes, `${path}?q=${CODE}`);
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: `Lot ${CODE}` })).toBeInTheDocument();
      const item = screen.getByRole('link', { name: 'Trace a lot' });
      if (path === '/traceability') expect(item).toHaveAttribute('aria-current', 'page');
    },
  );
});
