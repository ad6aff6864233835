// Realistic Philippine master data for the demo organization. Names of people and businesses are made up.

export const DEMO_ORG = {
  name: 'Malinis Plastics Recovery Inc. (demo)',
  slug: 'demo',
  country: 'PH',
  defaultCurrency: 'PHP',
  timeZone: 'Asia/Manila',
  businessRole: 'Recycler',
  eprLicense: 'NSWMC-PRO-2024-0117',
};

/** Shown on the login form and printed at first start: demo data only, never a real account. */
export const DEMO_PASSWORD = 'Malinis-demo-2026';

export const DEMO_MEMBERS = [
  {
    role: 'admin',
    user: {
      email: 'admin@demo.plastrace.ph',
      firstName: 'Maria',
      lastName: 'Santos',
      phone: '+63 917 555 0101',
    },
  },
  {
    role: 'manager',
    user: {
      email: 'manager@demo.plastrace.ph',
      firstName: 'Ramon',
      lastName: 'Dela Cruz',
      phone: '+63 917 555 0102',
    },
  },
  {
    role: 'operator',
    user: {
      email: 'operator@demo.plastrace.ph',
      firstName: 'Jun',
      lastName: 'Mendoza',
      phone: '+63 917 555 0103',
    },
  },
  {
    role: 'auditor',
    user: {
      email: 'auditor@demo.plastrace.ph',
      firstName: 'Celia',
      lastName: 'Navarro',
      phone: '+63 917 555 0104',
    },
  },
  {
    role: 'supplier',
    user: {
      email: 'supplier@demo.plastrace.ph',
      firstName: 'Rosalinda',
      lastName: 'Dizon',
      phone: '+63 917 555 0105',
    },
  },
] as const;

type FacilitySeed = {
  code: string;
  name: string;
  type: 'mrf' | 'junkshop' | 'recycling_plant' | 'warehouse';
  addressLine: string;
  barangay: string;
  city: string;
  province: string;
  region: string;
  latitude: string;
  longitude: string;
};

export const FACILITIES: FacilitySeed[] = [
  {
    code: 'MNL1',
    name: 'Valenzuela Recycling Plant',
    type: 'recycling_plant',
    addressLine: '112 Gen. T. de Leon Road',
    barangay: 'Gen. T. de Leon',
    city: 'Valenzuela',
    province: 'Metro Manila',
    region: 'NCR',
    latitude: '14.683300',
    longitude: '120.983300',
  },
  {
    code: 'MNL2',
    name: 'Payatas Materials Recovery Facility',
    type: 'mrf',
    addressLine: 'Litex Road',
    barangay: 'Payatas',
    city: 'Quezon City',
    province: 'Metro Manila',
    region: 'NCR',
    latitude: '14.711000',
    longitude: '121.096700',
  },
  {
    code: 'MNL3',
    name: 'Tondo Collection Point',
    type: 'junkshop',
    addressLine: '45 Capulong Street',
    barangay: 'Tondo',
    city: 'Manila',
    province: 'Metro Manila',
    region: 'NCR',
    latitude: '14.620100',
    longitude: '120.966900',
  },
  {
    code: 'CEB1',
    name: 'Mandaue Recycling Plant',
    type: 'recycling_plant',
    addressLine: 'M.C. Briones Street',
    barangay: 'Tipolo',
    city: 'Mandaue',
    province: 'Cebu',
    region: 'Central Visayas',
    latitude: '10.334800',
    longitude: '123.932400',
  },
  {
    code: 'CEB2',
    name: 'Inayawan Warehouse',
    type: 'warehouse',
    addressLine: 'Inayawan Road',
    barangay: 'Inayawan',
    city: 'Cebu City',
    province: 'Cebu',
    region: 'Central Visayas',
    latitude: '10.272000',
    longitude: '123.855000',
  },
];

type SupplierType = 'waste_picker' | 'junkshop' | 'aggregator' | 'cooperative' | 'lgu' | 'company';
type SupplierSeed = { name: string; type: SupplierType; city: string; province: string; contactName: string };

export const SUPPLIERS: SupplierSeed[] = [
  {
    name: 'Samahang Mangangalakal ng Payatas Cooperative',
    type: 'cooperative',
    city: 'Quezon City',
    province: 'Metro Manila',
    contactName: 'Rosalinda Dizon',
  },
  {
    name: 'Bagong Pag-asa Waste Pickers Association',
    type: 'cooperative',
    city: 'Manila',
    province: 'Metro Manila',
    contactName: 'Eduardo Manalo',
  },
  {
    name: 'JM Santos Junkshop',
    type: 'junkshop',
    city: 'Manila',
    province: 'Metro Manila',
    contactName: 'Jose Maria Santos',
  },
  {
    name: 'Tatay Ben Junkshop',
    type: 'junkshop',
    city: 'Caloocan',
    province: 'Metro Manila',
    contactName: 'Benigno Cruz',
  },
  {
    name: 'Malabon Scrap Trading',
    type: 'aggregator',
    city: 'Malabon',
    province: 'Metro Manila',
    contactName: 'Liza Villanueva',
  },
  {
    name: 'Barangay Holy Spirit MRF',
    type: 'lgu',
    city: 'Quezon City',
    province: 'Metro Manila',
    contactName: 'Kagawad Arnel Ramos',
  },
  {
    name: 'Sari-Sari Bottling Corp. (post-industrial)',
    type: 'company',
    city: 'Pasig',
    province: 'Metro Manila',
    contactName: 'Carmela Tan',
  },
  {
    name: 'Mandaue City ENRO',
    type: 'lgu',
    city: 'Mandaue',
    province: 'Cebu',
    contactName: 'Engr. Ramon Ouano',
  },
  {
    name: 'Inayawan Waste Pickers Cooperative',
    type: 'cooperative',
    city: 'Cebu City',
    province: 'Cebu',
    contactName: 'Maricel Alcoseba',
  },
  {
    name: 'Lapu-Lapu Junkshop ni Nonoy',
    type: 'junkshop',
    city: 'Lapu-Lapu',
    province: 'Cebu',
    contactName: 'Nonoy Bacalso',
  },
  {
    name: 'Visayas Plastic Aggregators',
    type: 'aggregator',
    city: 'Talisay',
    province: 'Cebu',
    contactName: 'Grace Uy',
  },
  {
    name: 'Gloria Reyes',
    type: 'waste_picker',
    city: 'Quezon City',
    province: 'Metro Manila',
    contactName: 'Gloria Reyes',
  },
  {
    name: 'Danilo Pascual',
    type: 'waste_picker',
    city: 'Manila',
    province: 'Metro Manila',
    contactName: 'Danilo Pascual',
  },
];

// Extra names for --scale: combined deterministically into more junkshops and pickers.
export const FIRST_NAMES = [
  'Ana',
  'Carlo',
  'Dolores',
  'Efren',
  'Fe',
  'Gilbert',
  'Imelda',
  'Jun',
  'Luz',
  'Mario',
  'Nena',
  'Rey',
];
export const LAST_NAMES = [
  'Aquino',
  'Bautista',
  'Castillo',
  'Dela Cruz',
  'Garcia',
  'Lim',
  'Mendoza',
  'Navarro',
  'Ocampo',
  'Reyes',
];
export const CITIES: [string, string][] = [
  ['Quezon City', 'Metro Manila'],
  ['Manila', 'Metro Manila'],
  ['Caloocan', 'Metro Manila'],
  ['Navotas', 'Metro Manila'],
  ['Cebu City', 'Cebu'],
  ['Mandaue', 'Cebu'],
];

/** Material codes follow the reference material types; base prices are junkshop-gate PHP/kg in NCR. */
export const MATERIALS: {
  typeCode: string;
  polymer: string;
  form: string;
  resinCode: number | null;
  basePrice: number;
}[] = [
  { typeCode: 'PET_BOTTLES_CLEAR', polymer: 'PET', form: 'bottles', resinCode: 1, basePrice: 16 },
  { typeCode: 'PET_BOTTLES_COLOURED', polymer: 'PET', form: 'bottles', resinCode: 1, basePrice: 9 },
  { typeCode: 'PET_BALE', polymer: 'PET', form: 'bale', resinCode: 1, basePrice: 19 },
  { typeCode: 'PET_FLAKE', polymer: 'PET', form: 'flake', resinCode: 1, basePrice: 42 },
  { typeCode: 'HDPE_NATURAL', polymer: 'HDPE', form: 'rigid', resinCode: 2, basePrice: 22 },
  { typeCode: 'HDPE_COLOURED', polymer: 'HDPE', form: 'rigid', resinCode: 2, basePrice: 13 },
  { typeCode: 'HDPE_REGRIND', polymer: 'HDPE', form: 'regrind', resinCode: 2, basePrice: 30 },
  { typeCode: 'PP_RIGID', polymer: 'PP', form: 'rigid', resinCode: 5, basePrice: 12 },
  { typeCode: 'PP_WOVEN', polymer: 'PP', form: 'film', resinCode: 5, basePrice: 6 },
  { typeCode: 'PP_PELLET', polymer: 'PP', form: 'pellet', resinCode: 5, basePrice: 58 },
  { typeCode: 'LDPE_FILM', polymer: 'LDPE', form: 'film', resinCode: 4, basePrice: 5 },
  // Made, not bought: the demo's extrusion line turns washed flake into it (last, so the seeded
  // price walk of the materials above stays as it was).
  { typeCode: 'PET_PELLET', polymer: 'PET', form: 'pellet', resinCode: 1, basePrice: 62 },
];

export const PRICE_REGIONS: { region: string; factor: number }[] = [
  { region: 'NCR', factor: 1 },
  // Cebu gate prices run a little lower: further from the big Luzon buyers.
  { region: 'Central Visayas', factor: 0.92 },
];
