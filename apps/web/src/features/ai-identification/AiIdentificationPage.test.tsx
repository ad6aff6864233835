import {
  accuracySchema,
  identificationSchema,
  identifyResultSchema,
  materialSchema,
  page,
  receiveRecordSchema,
  referenceSpectrumSchema,
  valueSchema,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page as route, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { itemsOf, materialRecord, wire } from '../../test/wire.ts';
import { RECORD_ID, wireRecord } from '../receive-records/testData.ts';
import { AiIdentificationPage } from './AiIdentificationPage.tsx';
import { linePath } from './SpectrumChart.tsx';

const IDENT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001';
const USER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'Maria Santos' };
const LINE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5011';
const pet = materialRecord({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002',
  code: 'PET-CLR',
  name: 'PET clear',
  polymer: 'PET',
});
const candidates = [
  { polymer: 'PET', score: 0.9731, reference: 'PET__mpx__VLFR_06.csv' },
  { polymer: 'PLA', score: 0.41, reference: 'PLA__mpx__VLFR_08.csv' },
  { polymer: 'PS', score: 0.38, reference: 'PS__mpx__VLFR_05.csv' },
];
const identification = (over: Record<string, unknown> = {}) => ({
  id: IDENT,
  technique: 'FTIR',
  file_name: null,
  best_polymer: 'PET',
  best_score: 0.9731,
  family: 'PET',
  candidates,
  confirmation: null,
  created_by: USER,
  created_at: '2026-11-26T02:00:00Z',
  version: 1,
  threshold: 0.7,
  library: 'both',
  chart: {
    start: 600,
    step: 5,
    sample: [0, 0.5, 1, 0.2],
    reference: [0.1, 0.4, 1, 0.3],
    reference_name: candidates[0]?.reference,
  },
  ...over,
});
const result = (over: Record<string, unknown> = {}) =>
  wire(identifyResultSchema, {
    best: over.best_polymer === null ? null : { polymer: 'PET', score: 0.9731 },
    candidates,
    identification: identification(over),
  });

function renderPage(role: 'manager' | 'operator' | 'auditor', handlers: Record<string, Handler> = {}) {
  const server = fakeApi({
    ...signInAs(role),
    'GET /api/materials': json(wire(page(materialSchema), { items: [pet], next_cursor: null })),
    'GET /api/identification/identifications': emptyPage,
    [`GET /api/identification/identifications/${IDENT}`]: json(wire(identificationSchema, identification())),
    ...handlers,
  });
  renderWithAuth(route('/ai-identification', AiIdentificationPage), '/ai-identification');
  return { server, user: userEvent.setup() };
}

const CSV = 'wavenumber,absorbance\n600,0.01\n602,0.02';

describe('AI identification', () => {
  it('identifies a pasted spectrum and shows the best polymer, the top 3 and the chart', async () => {
    const { server, user } = renderPage('operator', {
      'POST /api/identification/spectra': json(result(), 201),
    });
    await user.click(await screen.findByLabelText('Spectrum (CSV)'));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Identify' }));
    const found = await screen.findByRole('region', { name: 'Identification result' });
    expect(within(found).getByRole('heading', { name: 'PET' })).toBeInTheDocument();
    expect(within(found).getByText('r = 0.97')).toBeInTheDocument();
    const rows = within(within(found).getByRole('table', { name: 'Top candidates' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'PET0.973PET__mpx__VLFR_06.csv',
      'PLA0.410PLA__mpx__VLFR_08.csv',
      'PS0.380PS__mpx__VLFR_05.csv',
    ]);
    const chart = within(found).getByRole('img', {
      name: 'Processed spectrum against PET__mpx__VLFR_06.csv',
    });
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    expect(server.calls('POST', '/api/identification/spectra')[0]?.body).toEqual({
      csv: CSV,
      technique: 'FTIR',
    });
  }, 60_000);

  it('says unknown when nothing reaches 0.70, and shows the server’s refusal of a bad spectrum', async () => {
    const { server, user } = renderPage('operator', {
      'POST /api/identification/spectra': fieldError(
        { 'body.csv': 'Too few points: 2; a spectrum needs at least 20' },
        'Too few points: 2; a spectrum needs at least 20',
      ),
    });
    await user.click(await screen.findByLabelText('Spectrum (CSV)'));
    await user.paste('600,1');
    await user.click(screen.getByRole('button', { name: 'Identify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too few points: 2; a spectrum needs at least 20',
    );
    server.on(
      'POST /api/identification/spectra',
      json(result({ best_polymer: null, best_score: null, family: null }), 201),
    );
    server.on(
      `GET /api/identification/identifications/${IDENT}`,
      json(
        wire(identificationSchema, identification({ best_polymer: null, best_score: null, family: null })),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Identify' }));
    expect(await screen.findByText('Unknown — no reference matched ≥ 0.70')).toBeInTheDocument();
  }, 60_000);

  it('confirms the material onto a draft receive line, showing its value first', async () => {
    const { server, user } = renderPage('operator', {
      'POST /api/identification/spectra': json(result(), 201),
      'GET /api/receive-records': json(
        wire(page(receiveRecordSchema), { items: [wireRecord()], next_cursor: null }),
      ),
      'GET /api/identification/value': json(
        wire(valueSchema, {
          qty_kg: '1170.244',
          unit_price: '20.00',
          value_php: '23404.88',
          currency: 'PHP',
          price_note: 'x',
        }),
      ),
      [`POST /api/identification/identifications/${IDENT}/confirm`]: json(
        wire(
          identificationSchema,
          identification({
            version: 2,
            confirmation: {
              material: { id: pet.id, code: pet.code, name: pet.name, polymer: 'PET' },
              lot: null,
              reclassified_into: null,
              receive_line: { id: LINE_ID, record_id: RECORD_ID, record_number: 'RR-0042', line_no: 1 },
              value: null,
              confirmed_by: USER,
              confirmed_at: '2026-11-26T02:05:00Z',
            },
          }),
        ),
      ),
    });
    await user.click(await screen.findByLabelText('Spectrum (CSV)'));
    await user.paste('600,1');
    await user.click(screen.getByRole('button', { name: 'Identify' }));
    const form = await screen.findByRole('region', { name: 'Confirm the material' });
    // The material is suggested from the match.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Material' })).toHaveValue('PET clear (PET-CLR)'),
    );
    await user.click(within(form).getByRole('radio', { name: 'A receive line (draft)' }));
    await user.click(within(form).getByRole('combobox', { name: 'Draft receive record' }));
    await user.click(await screen.findByRole('option', { name: /RR-0042/ }));
    await user.click(within(form).getByRole('combobox', { name: 'Line' }));
    await user.click(await screen.findByRole('option', { name: /Line 1: PET bottles/ }));
    expect(await within(form).findByRole('status')).toHaveTextContent('₱23,404.88');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/identification/identifications/${IDENT}/confirm`)[0]?.body).toEqual({
        material_id: pet.id,
        receive_line_id: LINE_ID,
        version: 1,
      }),
    );
    expect(
      await screen.findByText(/Confirmed as PET clear by Maria Santos on RR-0042 line 1/),
    ).toBeInTheDocument();
  }, 60_000);

  it('lets an auditor read the site library’s accuracy, without identifying or adding', async () => {
    const ref = wire(referenceSpectrumSchema, {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6003',
      polymer: 'PP',
      name: 'PP NIR 1',
      technique: 'NIR',
      points: 400,
      range_cm1: [4000, 7990],
      notes: null,
      created_by: USER,
      created_at: '2026-11-26T02:00:00Z',
      archived_at: null,
    });
    const { user } = renderPage('auditor', {
      'GET /api/identification/references': json(wire(itemsOf(referenceSpectrumSchema), { items: [ref] })),
      'GET /api/identification/references/accuracy': json(
        wire(accuracySchema, {
          technique: 'NIR',
          method: 'x',
          overall: { tested: 4, correct: 3, accuracy: 0.75 },
          polymers: [{ polymer: 'PP', spectra: 4, tested: 4, correct: 3, accuracy: 0.75 }],
        }),
      ),
    });
    expect(await screen.findByRole('button', { name: 'Identify' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Site library' }));
    const table = await screen.findByRole('table', { name: 'Accuracy per polymer, NIR' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('PP475 % (3/4)');
    expect(screen.queryByRole('region', { name: 'Add a reference spectrum' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive PP NIR 1' })).not.toBeInTheDocument();
  }, 60_000);

  it('draws values 0–1 top to bottom across the plot', () => {
    expect(linePath([1, 0])).toBe('M8.0,8.0L632.0,192.0');
  });
});
