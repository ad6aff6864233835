import {
  type EprCredits,
  eprCountrySchema,
  eprCreditsResultSchema,
  materialTypeSchema,
  page as pageOf,
  processTypeSchema,
} from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { emptyPage, fieldError, page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { itemsOf, wire } from '../../test/wire.ts';
import { SystemCatalogPage } from './SystemCatalogPage.tsx';

const pet = wire(materialTypeSchema, {
  code: 'PET_BOTTLES_CLEAR',
  name: 'PET clear bottles',
  polymer: 'PET',
  form: 'bottles',
  resin_code: 1,
  description: '',
  recycling_kg_co2e_per_t: -1146,
  virgin_kg_co2e_per_t: 2447,
  factor_source: 'EPA WARM v16',
  factor_verified: false,
  ref_version: 'ref-2026.1',
});

const basis = (credits: string, remaining: string): EprCredits['basis'] => [
  { figure: 'kg considered', value: '2750.500 kg', rule: 'As entered', source: 'Entered' },
  { figure: 'Credits', value: credits, rule: '1 credit = 1 tonne', source: 'Plastic Credit Exchange' },
  { figure: 'Remaining kg', value: remaining, rule: 'Carried', source: 'Plastic Credit Exchange' },
];

const result = (over: Partial<EprCredits>) =>
  wire(eprCreditsResultSchema, {
    source: 'material_type',
    end_fate: 'recycling',
    end_fate_label: 'Recycling',
    country: 'PH',
    year: 2026,
    kg: '2750.500',
    items: [],
    by_material_type: [],
    eligible: true,
    eligibility: 'Recycling is recovery under RA 11898: every kilogram counts towards the target.',
    eligible_kg: '2750.500',
    credits: 2,
    remaining_kg: '750.500',
    target: {
      recovery_target_pct: '60.00',
      year: 2026,
      law: 'RA 11898',
      source: 'DENR',
      statement: '60.00 % of the 2022 plastic footprint is to be recovered in 2026.',
    },
    co2e: { kg_co2e: '-3152.1', effect: 'avoided', statement: '3152.1 kg CO2e avoided by recycling.' },
    basis: basis('2', '750.500 kg'),
    ...over,
  });

function renderCalculator(answer: Handler) {
  const server = fakeApi({
    ...signInAs('operator'),
    'GET /api/materials': emptyPage,
    'GET /api/calculations/material-types': json(
      wire(pageOf(materialTypeSchema), { items: [pet], next_cursor: null }),
    ),
    'GET /api/calculations/process-types': json(wire(itemsOf(processTypeSchema), { items: [] })),
    'GET /api/calculations/epr-countries': json(wire(itemsOf(eprCountrySchema), { items: [] })),
    'POST /api/calculations/epr-credits': answer,
  });
  renderWithAuth(page('/system-catalog', SystemCatalogPage), '/system-catalog?tab=epr-credits');
  return server;
}

async function fill(fate: string, year = '2026') {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'EPR credits calculator' }));
  await screen.findByRole('option', { name: 'PET clear bottles (PET_BOTTLES_CLEAR)' });
  await user.selectOptions(form.getByRole('combobox', { name: /^Material type/ }), 'PET_BOTTLES_CLEAR');
  const kg = form.getByRole('textbox', { name: /^Mass/ });
  await user.clear(kg);
  await user.type(kg, '2750.5');
  await user.selectOptions(form.getByRole('combobox', { name: /^End fate/ }), fate);
  const yearBox = form.getByRole('textbox', { name: /^Year/ });
  await user.clear(yearBox);
  if (year) await user.type(yearBox, year);
  await user.click(form.getByRole('button', { name: 'Calculate' }));
  return { user, form };
}

describe('EPR credits calculator', () => {
  it('credits whole tonnes, carries the rest and lists the basis of every figure', async () => {
    const server = renderCalculator(json(result({})));
    await fill('Recycling');
    const panel = await screen.findByLabelText('EPR credits result');
    expect(panel).toHaveTextContent('Counts as recovery');
    expect(panel).toHaveTextContent('2 (1 credit = 1 tonne)');
    expect(panel).toHaveTextContent('750.5 kg towards the next credit');
    expect(panel).toHaveTextContent('60.00 % of the 2022 plastic footprint is to be recovered in 2026.');
    expect(panel).toHaveTextContent('3152.1 kg CO2e avoided by recycling.');
    const table = within(screen.getByRole('table', { name: 'Basis of each figure' }));
    expect(table.getByText('Credits').closest('tr')).toHaveTextContent('Plastic Credit Exchange');
    expect(server.calls('POST', '/api/calculations/epr-credits')[0]?.body).toEqual({
      material_type: 'PET_BOTTLES_CLEAR',
      kg: '2750.5',
      end_fate: 'recycling',
      year: 2026,
    });
  });

  it('says plainly that landfill earns nothing under RA 11898', async () => {
    const landfill = result({
      end_fate: 'landfill',
      end_fate_label: 'Landfill',
      eligible: false,
      eligibility: 'Landfill is not recovery under RA 11898: landfilled kilograms earn no EPR credit.',
      eligible_kg: '0.000',
      credits: 0,
      remaining_kg: '0.000',
      basis: basis('0', '0.000 kg'),
    });
    const server = renderCalculator(json(landfill));
    await fill('Landfill');
    const panel = await screen.findByLabelText('EPR credits result');
    expect(within(panel).getByText('Earns no credits')).toBeInTheDocument();
    expect(within(panel).getByText('Not recovery: no credits')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Landfill is not recovery under RA 11898');
    expect(server.calls('POST', '/api/calculations/epr-credits')[0]?.body).toMatchObject({
      end_fate: 'landfill',
    });
  });

  it('labels co-processing as such', async () => {
    renderCalculator(
      json(
        result({
          end_fate: 'co_processing',
          end_fate_label: 'Co-processing (cement kilns)',
          eligibility: 'Co-processing counts as recovery under RA 11898 but is labelled as such.',
        }),
      ),
    );
    await fill('Co-processing (cement kilns)');
    const panel = await screen.findByLabelText('EPR credits result');
    expect(within(panel).getByText('Co-processing, not recycling')).toBeInTheDocument();
    expect(within(panel).getByText('Co-processing (cement kilns)')).toBeInTheDocument();
  });

  it('refuses a missing year in the browser and shows the server’s field refusals under the field', async () => {
    const server = renderCalculator(
      fieldError({ 'body.material_type': 'Unknown material type PET_BOTTLES_CLEAR' }),
    );
    const { user, form } = await fill('Recycling', '');
    const year = form.getByRole('textbox', { name: /^Year/ });
    await waitFor(() => expect(year).toHaveAccessibleDescription('Give the compliance year'));
    expect(server.calls('POST', '/api/calculations/epr-credits')).toHaveLength(0);
    await user.type(year, '2026');
    await user.click(form.getByRole('button', { name: 'Calculate' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: /^Material type/ })).toHaveAccessibleDescription(
        'Unknown material type PET_BOTTLES_CLEAR',
      ),
    );
  });
});
