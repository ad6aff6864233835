import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { TracePage } from './TracePage.tsx';
import { IDS, traceOf } from './testTrace.ts';

const CODE = 'MNL1-261120-0002';
const render = () => renderWithAuth(page('/traceability', TracePage), `/traceability?q=${CODE}`);
const doc = (events: unknown[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-11-25T00:00:00.000Z',
  epcisBody: { eventList: events },
});
const ev = (id: string) => ({ type: 'ObjectEvent', eventID: id, eventTime: '2026-11-20T00:00:00.000Z' });

describe('EPCIS on the traceability page', () => {
  it('exports the traced lot’s lineage, every page, as one .jsonld the server finds valid', async () => {
    const pages: Handler = (req) =>
      new URL(req.url, 'http://x').searchParams.get('nextPageToken')
        ? Response.json(doc([ev('e3')]))
        : Response.json(doc([ev('e1'), ev('e2')]), {
            headers: {
              link: `</api/epcis/events?perPage=500&trace=${IDS.flakes}&nextPageToken=t1>; rel="next"`,
            },
          });
    const server = fakeApi({
      ...signInAs('auditor'),
      [`GET /api/trace/codes/${CODE}`]: json(traceOf()),
      'GET /api/epcis/events': pages,
      'POST /api/epcis/validate': json({ valid: true, events: 3, errors: [] }),
    });
    const save = catchDownloads();
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export EPCIS' }));

    expect(await screen.findByText('3 events: valid against the GS1 EPCIS 2.0 schema')).toBeInTheDocument();
    const [first] = server.calls('GET', '/api/epcis/events');
    expect(new URL(first?.url ?? '', 'http://x').searchParams.get('trace')).toBe(IDS.flakes);
    expect(server.calls('GET', '/api/epcis/events')).toHaveLength(2);
    const sent = server.calls('POST', '/api/epcis/validate')[0]?.body as ReturnType<typeof doc>;
    // Sent as GS1 wrote it: no snake_case keys.
    expect(sent.epcisBody.eventList).toEqual([ev('e1'), ev('e2'), ev('e3')]);
    expect(save).toHaveBeenCalledOnce();
    expect((save.mock.contexts[0] as HTMLAnchorElement).download).toBe(`epcis-${CODE}.jsonld`);
    // An auditor may export but not capture.
    expect(screen.queryByRole('heading', { name: 'Import partner EPCIS' })).not.toBeInTheDocument();
  });

  it('captures a partner’s file and shows each event’s status and our lots', async () => {
    const server = fakeApi({
      ...signInAs('manager'),
      [`GET /api/trace/codes/${CODE}`]: json(traceOf()),
      'POST /api/epcis/capture': json({
        capture_id: '00000000-0000-4000-8000-000000000001',
        captured: 1,
        duplicates: 1,
        events: [
          {
            index: 0,
            event_id: 'urn:uuid:a',
            event_hash: 'ni:///sha-256;aa?ver=CBV2.0',
            status: 'captured',
            lots: [{ id: IDS.flakes, code: CODE }],
          },
          {
            index: 1,
            event_id: 'urn:uuid:b',
            event_hash: 'ni:///sha-256;bb?ver=CBV2.0',
            status: 'duplicate',
            lots: [],
          },
        ],
      }),
    });
    render();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'EPCIS file' });
    // Mantine's FileInput is a button in front of a hidden file input.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      new File([JSON.stringify(doc([ev('urn:uuid:a'), ev('urn:uuid:b')]))], 'partner.jsonld'),
    );

    expect(await screen.findByText('1 captured, 1 already held.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Captured events' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([`urn:uuid:aCaptured${CODE}`, 'urn:uuid:bDuplicate—']);
    expect(
      (server.calls('POST', '/api/epcis/capture')[0]?.body as ReturnType<typeof doc> | undefined)?.epcisBody
        .eventList,
    ).toHaveLength(2);
  });

  it('shows every bad event when the server refuses the file, and a file that is not JSON', async () => {
    fakeApi({
      ...signInAs('admin'),
      [`GET /api/trace/codes/${CODE}`]: json(traceOf()),
      'POST /api/epcis/capture': apiError(
        422,
        'unprocessable',
        '1 event of the document do not match the EPCIS 2.0 schema; nothing was captured',
        {
          events: [{ index: 1, event_id: 'urn:uuid:b', path: '/', message: 'must have eventTime' }],
          document: [],
        },
      ),
    });
    render();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'EPCIS file' });
    // Mantine's FileInput is a button in front of a hidden file input.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['{}'], 'partner.jsonld'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was captured');
    expect(within(alert).getByRole('table', { name: 'Errors by event' })).toHaveTextContent(
      '#2 urn:uuid:b/must have eventTime',
    );

    await user.upload(input, new File(['not json'], 'broken.jsonld'));
    expect(await screen.findByText('broken.jsonld is not a JSON or JSON-LD file')).toBeInTheDocument();
  });
});
