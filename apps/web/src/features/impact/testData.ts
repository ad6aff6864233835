// Test fixtures (not imported by app code): impact figures and pages as the API sends them.
import { impactPageSchema, impactSchema, publicImpactSchema } from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

const WARM =
  'EPA WARM v16 (transcribed exhibits): net recycling vs virgin production, kg CO2e/t · ref-2026.1';
const PE = 'PlasticsEurope eco-profiles (2008), virgin polymer cradle-to-gate (transcribed; unverified)';
const unit = 'kg CO2e per tonne';

const fates = (collected: string, landfill: string, recycled: string) => ({
  collected_kg: collected,
  recycled_kg: recycled,
  processed_kg: recycled,
  passed_on_kg: '0.000',
  landfill_kg: landfill,
  co_processing_kg: '0.000',
  resale_kg: '0.000',
  evaporated_kg: '0.000',
  reject_lot_kg: '0.000',
  diverted_kg: String((Number(collected) - Number(landfill)).toFixed(3)),
  diversion_rate_pct: collected === '0.000' ? null : '99.5',
});

const figures = {
  from: '2026-01-01',
  to: '2026-11-26',
  fates: fates('122337.500', '578.000', '10176.000'),
  co2e: {
    totals: [
      {
        basis: 'warm_recycling',
        label: 'Net recycling vs virgin production (EPA WARM v16)',
        kg_co2e_avoided: '11432.5',
        kg_calculated: '9976.000',
        kg_not_calculated: '200.000',
        statement: 'Net emissions of recycling against making the same polymer new.',
      },
      {
        basis: 'warm_virgin',
        label: 'Avoided virgin production (EPA WARM v16)',
        kg_co2e_avoided: '24799.3',
        kg_calculated: '10176.000',
        kg_not_calculated: '0.000',
        statement: 'Emissions of the virgin polymer each recycled kilogram stands in for.',
      },
      {
        basis: 'plasticseurope_virgin',
        label: 'Avoided virgin production, cradle-to-gate (PlasticsEurope)',
        kg_co2e_avoided: '34338.4',
        kg_calculated: '10176.000',
        kg_not_calculated: '0.000',
        statement: 'Cradle-to-gate emissions of the virgin polymer.',
      },
    ],
    by_material_type: [
      {
        material_type: 'PET_FLAKE',
        name: 'PET flake (washed)',
        polymer: 'PET',
        recycled_kg: '9976.000',
        factors: [
          {
            basis: 'warm_recycling',
            kg_co2e_per_t: '-1146.0',
            unit,
            kg_co2e_avoided: '11432.5',
            source: WARM,
            verified: false,
            not_calculated: null,
          },
          {
            basis: 'warm_virgin',
            kg_co2e_per_t: '2447.0',
            unit,
            kg_co2e_avoided: '24411.3',
            source: WARM,
            verified: true,
            not_calculated: null,
          },
          {
            basis: 'plasticseurope_virgin',
            kg_co2e_per_t: '3400.0',
            unit,
            kg_co2e_avoided: '33918.4',
            source: PE,
            verified: false,
            not_calculated: null,
          },
        ],
      },
      {
        material_type: 'LDPE_FILM',
        name: 'LDPE film',
        polymer: 'LDPE',
        recycled_kg: '200.000',
        factors: [
          {
            basis: 'warm_recycling',
            kg_co2e_per_t: null,
            unit,
            kg_co2e_avoided: null,
            source: null,
            verified: null,
            not_calculated:
              'Not on file: EPA WARM v16 (transcribed exhibits): virgin production only; recycling not modelled.',
          },
          {
            basis: 'warm_virgin',
            kg_co2e_per_t: '1940.0',
            unit,
            kg_co2e_avoided: '388.0',
            source: WARM,
            verified: false,
            not_calculated: null,
          },
          {
            basis: 'plasticseurope_virgin',
            kg_co2e_per_t: '2100.0',
            unit,
            kg_co2e_avoided: '420.0',
            source: PE,
            verified: false,
            not_calculated: null,
          },
        ],
      },
    ],
  },
  energy: {
    kwh: '13203.00',
    processed_kg: '21866.000',
    kwh_per_tonne: '603.8',
    runs: 27,
    runs_without_energy: 0,
    kg_without_energy: '0.000',
    grid_kg_co2e: '9403.2',
    grid_kg_co2e_per_kwh: '0.7122',
    grid_source: 'Philippine DOE National Grid Emission Factor 2015–2017',
    grid_verified: false,
    country: 'PH',
    statement: 'kWh of the posted runs whose energy is known.',
  },
  equivalents: [
    {
      code: 'passenger_car_years',
      label: 'Passenger cars driven for a year',
      value: '2.5',
      kg_co2e_per_unit: '4600',
      source: 'US EPA, “Greenhouse Gas Emissions from a Typical Passenger Vehicle”',
      url: 'https://www.epa.gov/greenvehicles/greenhouse-gas-emissions-typical-passenger-vehicle',
      as_of: 'June 2023',
      verified: false,
    },
    {
      code: 'petrol_litres',
      label: 'Litres of petrol burned',
      value: '4869.0',
      kg_co2e_per_unit: '2.348',
      source: 'US EPA, 8,887 g CO2 per US gallon of gasoline',
      url: 'https://nepis.epa.gov/Exe/ZyPURL.cgi?Dockey=P100CZFN.txt',
      as_of: 'Factor of 7 May 2010 (75 FR 25324); fact sheet November 2011',
      verified: true,
    },
  ],
  basis: [
    {
      figure: 'Collected',
      value: '122,337.5 kg',
      rule: 'Net kg of posted deliveries.',
      source: 'Posted records',
    },
  ],
};

const month = (m: string, collected: string, co2e: string) => ({
  month: m,
  collected_kg: collected,
  diverted_kg: collected,
  recycled_kg: '0.000',
  kg_co2e_avoided: co2e,
});

export const IMPACT = wire(impactSchema, {
  ...figures,
  months: [month('2026-09', '27962.700', '689.9'), month('2026-10', '5558.200', '809.6')],
});

export const EMPTY_IMPACT = wire(impactSchema, {
  ...figures,
  fates: fates('0.000', '0.000', '0.000'),
  co2e: { totals: figures.co2e.totals, by_material_type: [] },
  energy: { ...figures.energy, kwh: '0.00', processed_kg: '0.000', kwh_per_tonne: null, runs: 0 },
  months: [month('2026-11', '0.000', '0.0')],
});

export const UNPUBLISHED = wire(impactPageSchema, {
  published: false,
  published_at: null,
  published_by: null,
  headline: null,
  version: 0,
  slug: 'ecoplast-1a2b3c',
  public_url: 'http://localhost:3000/impact/public/ecoplast-1a2b3c',
});

export const PUBLISHED = wire(impactPageSchema, {
  ...UNPUBLISHED,
  published: true,
  published_at: '2026-11-26T02:00:00.000Z',
  published_by: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', name: 'Maria Santos' },
  headline: 'Every bottle counted',
  version: 1,
});

export const PUBLIC_IMPACT = wire(publicImpactSchema, {
  organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
  headline: 'Every bottle counted',
  published_at: '2026-11-26T02:00:00.000Z',
  this_year: IMPACT,
  all_time: figures,
});
