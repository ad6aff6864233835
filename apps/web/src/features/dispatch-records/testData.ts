// Fixtures of this feature's tests (wire format, snake_case); parse them with `wire(dispatchRecordSchema, …)`.
export const CUSTOMER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001',
  code: 'PBI',
  name: 'Pellet Buyer Inc.',
};
export const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002', code: 'MNL1', name: 'Manila plant' };
export const FLAKE = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7003', code: 'PET_FLAKE', name: 'PET flake' };
export const VEHICLE = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7004',
  code: 'NBC 1234',
  name: 'Isuzu wing van',
  capacity_kg: '8000.000',
};
export const DRIVER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7005', code: 'D01', name: 'Jun Reyes' };
export const HAULER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7006', code: 'FASTH', name: 'Fast Haul Corp.' };
export const ORDER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7007', number: 'SO-2026-000003' };
export const ORDER_LINE_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7008';
export const DISPATCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7010';
export const LOT = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7020', code: 'MNL1-261121-0001' };

const STAMP = '2026-01-01T00:00:00Z';
/** The customer as GET /api/customers lists it (parse with customerSchema). */
export const customerRecord = {
  ...CUSTOMER,
  type: 'manufacturer',
  contact_name: null,
  phone: null,
  email: null,
  address_line: null,
  city: null,
  province: null,
  country: 'PH',
  tin: null,
  archived_at: null,
  version: 1,
  created_at: STAMP,
  updated_at: STAMP,
};

export const draftDispatch = (over: Record<string, unknown> = {}) => ({
  id: DISPATCH_ID,
  number: 'DS-2026-000012',
  delivery_receipt_no: null,
  status: 'draft',
  customer: CUSTOMER,
  order: null,
  facility: FACILITY,
  dispatched_at: '2026-11-22T00:30:00.000Z',
  vehicle: VEHICLE,
  driver: DRIVER,
  hauler: null,
  gross_kg: '12850.000',
  tare_kg: '12000.000',
  net_kg: '850.000',
  weighbridge_ticket: 'WB-5521',
  seal_numbers: ['S-100'],
  destination: 'Valenzuela plant',
  notes: null,
  lines: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7030',
      line_no: 1,
      lot: LOT,
      material: FLAKE,
      order_line_id: null,
      kg: '850.000',
      unit_price: '40.00',
      amount: '34000.00',
      value_php: null,
      device: null,
      reading: null,
      scale_calibration_overdue: false,
    },
  ],
  photos: [],
  total_kg: '850.000',
  amount: '34000.00',
  currency: 'PHP',
  delivery: null,
  discrepancy: null,
  posted_at: null,
  voided_at: null,
  void_reason: null,
  created_at: '2026-11-22T00:35:00.000Z',
  version: 1,
  ...over,
});

export const postedDispatch = (over: Record<string, unknown> = {}) => {
  const draft = draftDispatch();
  return draftDispatch({
    status: 'posted',
    delivery_receipt_no: 'DR-2026-000004',
    posted_at: '2026-11-22T00:40:00.000Z',
    version: 2,
    lines: draft.lines.map((l) => ({ ...l, value_php: '25500.00' })),
    ...over,
  });
};

/** The proof of delivery: 800 of the 850 kg shipped arrived. */
export const DELIVERY = {
  delivered_at: '2026-11-22T05:00:00.000Z',
  received_kg: '800.000',
  receiver_name: 'Lito Cruz',
  signature_url: null,
  photo_url: null,
  notes: null,
  difference_kg: '50.000',
};

/** 50 kg short, beyond the weighing tolerance: for a manager to settle. */
export const OPEN_DISCREPANCY = {
  kg: '50.000',
  status: 'open',
  reason: null,
  credit_note_amount: null,
  resolved_at: null,
};

export const deliveredWithDiscrepancy = (over: Record<string, unknown> = {}) =>
  postedDispatch({ version: 3, delivery: DELIVERY, discrepancy: OPEN_DISCREPANCY, ...over });
