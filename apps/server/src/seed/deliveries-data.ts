// How each kind of Philippine supplier delivers: what, how much, how it is weighed, and when it is paid.

export type SupplierKind = 'waste_picker' | 'junkshop' | 'aggregator' | 'cooperative' | 'lgu' | 'company';

export type Vehicle = { kind: string; tareKg: [number, number] };

export type DeliveryProfile = {
  /** Relative number of deliveries per supplier of this kind. */
  weight: number;
  /** Material type codes this kind brings (repeats make one more likely). */
  materials: string[];
  lines: [number, number];
  /** Net kg per line. */
  netKg: [number, number];
  /** Moisture and contamination deducted before paying, % (in half-percent steps). */
  deductionPct: [number, number];
  /** Trucks cross the weighbridge (gross/tare of the vehicle); pushcarts and sacks use a platform scale. */
  vehicles: Vehicle[] | null;
  /** Days after delivery a payable falls due; 0 is cash on the spot. */
  termsDays: number;
  notes: string[];
};

const L300: Vehicle = { kind: 'L300 van', tareKg: [1400, 1700] };
const SIX_WHEELER: Vehicle = { kind: '6-wheeler truck', tareKg: [5200, 6400] };
const TEN_WHEELER: Vehicle = { kind: '10-wheeler truck', tareKg: [8600, 10400] };
const DUMP_TRUCK: Vehicle = { kind: 'LGU dump truck', tareKg: [7800, 9200] };
const MULTICAB: Vehicle = { kind: 'multicab', tareKg: [850, 1000] };

export const PROFILES: Record<SupplierKind, DeliveryProfile> = {
  waste_picker: {
    weight: 3,
    materials: [
      'PET_BOTTLES_CLEAR',
      'PET_BOTTLES_CLEAR',
      'PET_BOTTLES_COLOURED',
      'HDPE_COLOURED',
      'PP_RIGID',
    ],
    lines: [1, 2],
    netKg: [4, 45],
    deductionPct: [0, 5],
    vehicles: null,
    termsDays: 0,
    notes: ['Kariton delivery, bottles in sacks', 'Caps and labels still on', 'Sorted at the curb'],
  },
  junkshop: {
    weight: 3,
    materials: [
      'PET_BOTTLES_CLEAR',
      'PET_BOTTLES_COLOURED',
      'HDPE_NATURAL',
      'HDPE_COLOURED',
      'PP_RIGID',
      'PP_WOVEN',
      'LDPE_FILM',
    ],
    lines: [1, 4],
    netKg: [40, 450],
    deductionPct: [2, 8],
    vehicles: [MULTICAB, L300],
    termsDays: 7,
    notes: ['Mixed load, sorted at the gate', 'Some wet sacks after the rain', 'Labels not removed'],
  },
  cooperative: {
    weight: 2,
    materials: ['PET_BALE', 'PET_BALE', 'PET_BOTTLES_CLEAR', 'HDPE_NATURAL', 'HDPE_COLOURED', 'PP_RIGID'],
    lines: [1, 3],
    netKg: [250, 1400],
    deductionPct: [1, 6],
    vehicles: [L300, SIX_WHEELER],
    termsDays: 14,
    notes: ['Baled at the cooperative', 'Members’ weekly collection', 'Bales strapped, lightly wet'],
  },
  aggregator: {
    weight: 1,
    materials: ['PET_BALE', 'PET_BALE', 'HDPE_NATURAL', 'HDPE_COLOURED', 'PP_RIGID', 'PP_WOVEN'],
    lines: [1, 3],
    netKg: [900, 4500],
    deductionPct: [3, 10],
    vehicles: [SIX_WHEELER, TEN_WHEELER],
    termsDays: 30,
    notes: ['Bales from provincial junkshops', 'Moisture checked on two bales', 'Mixed colours in PET bales'],
  },
  lgu: {
    weight: 1,
    materials: ['PET_BOTTLES_CLEAR', 'PET_BOTTLES_COLOURED', 'HDPE_COLOURED', 'PP_WOVEN', 'LDPE_FILM'],
    lines: [1, 3],
    netKg: [120, 900],
    deductionPct: [5, 15],
    vehicles: [DUMP_TRUCK],
    termsDays: 30,
    notes: [
      'Barangay MRF residuals, heavily soiled',
      'Segregated at source program',
      'Coastal clean-up haul',
    ],
  },
  company: {
    weight: 0.5,
    materials: ['HDPE_REGRIND', 'PP_RIGID', 'PET_BOTTLES_CLEAR'],
    lines: [1, 2],
    netKg: [400, 2400],
    deductionPct: [0, 2],
    vehicles: [SIX_WHEELER],
    termsDays: 30,
    notes: ['Post-industrial rejects, clean', 'Preform rejects in gaylords', 'Line purgings, single polymer'],
  },
};

/** Letters used on Philippine plates (LTO avoids I, O and Q). */
export const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
