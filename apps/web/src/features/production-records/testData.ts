// Fixtures of this feature's tests (wire format, snake_case).
export const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6001', code: 'MNL1', name: 'Manila plant' };
export const FLAKE = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6002', code: 'PET_FLAKE', name: 'PET flake' };
export const BOTTLES = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6003', code: 'PET_BTL', name: 'PET bottles' };
export const LINE = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6004', code: 'WASH1', name: 'Wash line 1' };
export const RUN_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6010';
export const IN_LOT = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6020', code: 'MNL1-261120-0001' };
export const OUT_LOT = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6021', code: 'MNL1-261121-0001' };

export const draftRun = (over: Record<string, unknown> = {}) => ({
  id: RUN_ID,
  number: 'PR-2026-000007',
  status: 'draft',
  facility: FACILITY,
  production_line: LINE,
  process: { code: 'washing', name: 'Washing' },
  product: null,
  bom_version: null,
  units: null,
  recycled_content_pct: null,
  started_at: '2026-11-20T22:00:00.000Z',
  ended_at: '2026-11-21T06:00:00.000Z',
  shift: 'Day',
  crew: 'Ana, Ben',
  meter_start_kwh: null,
  meter_end_kwh: null,
  meter_device: null,
  entered_kwh: null,
  water_m3: null,
  notes: null,
  inputs: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6030',
      line_no: 1,
      lot: IN_LOT,
      material: BOTTLES,
      kg: '1000.000',
      value_php: null,
    },
  ],
  outputs: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6031',
      line_no: 1,
      material: FLAKE,
      kg: '850.000',
      value_php: null,
      lot: null,
    },
  ],
  losses: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f6032',
      line_no: 1,
      kind: 'moisture',
      fate: 'landfill',
      kg: '150.000',
      material: null,
      lot: null,
    },
  ],
  photos: [],
  lineage: [],
  total_input_kg: '1000.000',
  total_output_kg: '850.000',
  total_loss_kg: '150.000',
  difference_kg: '0.000',
  yield_pct: '85.00',
  energy_kwh: null,
  energy_basis: null,
  energy_cost_php: null,
  line_cost_php: null,
  input_value_php: null,
  output_value_php: null,
  currency: 'PHP',
  over_capacity_reason: null,
  posted_at: null,
  voided_at: null,
  void_reason: null,
  created_at: '2026-11-21T06:05:00.000Z',
  version: 1,
  ...over,
});

export const postedRun = (over: Record<string, unknown> = {}) => {
  const draft = draftRun();
  return draftRun({
    status: 'posted',
    posted_at: '2026-11-21T06:10:00.000Z',
    version: 2,
    inputs: draft.inputs.map((i) => ({ ...i, value_php: '20000.00' })),
    outputs: draft.outputs.map((o) => ({ ...o, value_php: '26900.00', lot: OUT_LOT })),
    lineage: [{ from: IN_LOT, to: OUT_LOT, kg: '850.000' }],
    energy_kwh: '600.00',
    energy_basis: 'rated_power',
    energy_cost_php: '6900.00',
    line_cost_php: null,
    input_value_php: '20000.00',
    output_value_php: '26900.00',
    recycled_content_pct: '100.00',
    ...over,
  });
};
