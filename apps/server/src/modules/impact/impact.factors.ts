import type { ImpactFigures } from '@plastrace/shared';

// The impact page's figures that are not in the reference tables, each beside its source. The WARM factors
// and the grid's are read from material_types and grid_emission_factors (migrations 0001, 0013); these are
// not there yet, so they live here until a reference migration carries them.

/**
 * Virgin polymer, cradle to gate, kg CO2e per tonne, by the reference types' polymer. From the team's
 * reference notes (shared/reference/domain-facts.md, "Emission factors"), which transcribe them from a
 * secondary table: unverified until checked against PlasticsEurope's own eco-profiles.
 */
export const PLASTICSEUROPE_VIRGIN_KG_CO2E_PER_T: Readonly<Record<string, string>> = {
  PET: '3400',
  HDPE: '1900',
  PP: '2000',
  LDPE: '2100',
  PS: '3400',
  PVC: '1900',
};
export const PLASTICSEUROPE_SOURCE =
  'PlasticsEurope eco-profiles (2008), virgin polymer cradle-to-gate, as tabulated in Hopewell, Dvorak & Kosior 2009, Phil. Trans. R. Soc. B 364, table 3 (transcribed; unverified)';

type Equivalent = Omit<ImpactFigures['equivalents'][number], 'value'>;

/** US gallon in litres (exact, by definition). */
export const LITRES_PER_US_GALLON = '3.785411784';
/** kg CO2 per US gallon of gasoline burned: 8,887 g (EPA, from 75 FR 25324). */
export const KG_CO2_PER_GALLON_PETROL = '8.887';

/**
 * What a kilogram of CO2e avoided is like. The car and petrol figures are read from EPA's own pages; the
 * tree figure is the Equivalencies Calculator's as a public transcription gives it, so it stays unverified
 * until read on EPA's page. The car figure is CO2 at the tailpipe (EPA's later copy of the page reads
 * about 4.7 t): unverified until the current page is checked.
 */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    code: 'passenger_car_years',
    label: 'Passenger cars driven for a year',
    kg_co2e_per_unit: '4600',
    source:
      'US EPA, “Greenhouse Gas Emissions from a Typical Passenger Vehicle”: about 4.6 metric tons of CO2 per vehicle per year (fact sheet EPA-420-F-23-014)',
    url: 'https://www.epa.gov/greenvehicles/greenhouse-gas-emissions-typical-passenger-vehicle',
    as_of: 'June 2023',
    verified: false,
  },
  {
    code: 'petrol_litres',
    label: 'Litres of petrol burned',
    // 8.887 kg per gallon ÷ 3.785411784 litres per gallon, to the gram.
    kg_co2e_per_unit: '2.348',
    source:
      'US EPA, “Greenhouse Gas Emissions from a Typical Passenger Vehicle” (EPA-420-F-11-041): 8,887 g CO2 per US gallon of gasoline, the factor of 75 FR 25324; per litre at 3.785411784 L per gallon',
    url: 'https://nepis.epa.gov/Exe/ZyPURL.cgi?Dockey=P100CZFN.txt',
    as_of: 'Factor of 7 May 2010 (75 FR 25324); fact sheet November 2011',
    verified: true,
  },
  {
    code: 'tree_seedlings_10_years',
    label: 'Tree seedlings grown for 10 years',
    kg_co2e_per_unit: '60.494',
    source:
      'US EPA Greenhouse Gas Equivalencies Calculator, “urban tree seedlings grown for 10 years”: 0.0604935136 t CO2 per tree, as transcribed by the Washington State Department of Agriculture (WaCSEshiny, fct_ghgEq.R)',
    url: 'https://www.epa.gov/energy/greenhouse-gases-equivalencies-calculator-calculations-and-references',
    as_of: 'Not confirmed (secondary transcription)',
    verified: false,
  },
];
