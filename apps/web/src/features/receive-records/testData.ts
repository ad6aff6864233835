import { vi } from 'vitest';

// Fixtures shared by this feature's tests (wire format, snake_case).
export const SUPPLIER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5001',
  code: 'SUP-001',
  name: 'Juan Junkshop',
  type: 'junkshop',
};
export const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5002', code: 'MNL1', name: 'Manila MRF' };
export const PET = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5003',
  code: 'PET-BTL',
  name: 'PET bottles',
  polymer: 'PET',
  form: 'bottles',
  grade: 'A',
};
export const HDPE = {
  ...PET,
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5004',
  code: 'HDPE-RIG',
  name: 'HDPE rigid',
};
export const RECORD_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5010';
export const LOT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5020';

export const wireRecord = (over: Record<string, unknown> = {}) => ({
  id: RECORD_ID,
  number: 'RR-0042',
  status: 'draft',
  supplier: { id: SUPPLIER.id, code: SUPPLIER.code, name: SUPPLIER.name },
  facility: FACILITY,
  order: null,
  received_at: '2026-05-20T01:30:00Z',
  weighbridge_ticket: 'WB-778',
  scale_device_id: null,
  vehicle_plate: 'ABC1234',
  notes: null,
  lines: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5011',
      line_no: 1,
      material: { id: PET.id, code: PET.code, name: PET.name },
      gross_kg: '1250.500',
      tare_kg: '50.250',
      net_kg: '1200.250',
      deduction_pct: '2.50',
      payable_kg: '1170.244',
      unit_price: '18.75',
      amount: '21942.08',
      lot: null,
      device: null,
      reading: null,
      scale_calibration_overdue: false,
    },
  ],
  photos: [],
  total_net_kg: '1200.250',
  total_amount: '21942.08',
  currency: 'PHP',
  posted_at: null,
  voided_at: null,
  void_reason: null,
  created_at: '2026-05-20T01:31:00Z',
  version: 1,
  ...over,
});

export const PHOTO_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5030';
export const wirePhoto = (over: Record<string, unknown> = {}) => ({
  id: PHOTO_ID,
  mime: 'image/jpeg',
  size: 182_311,
  original_name: 'IMG_0001.jpg',
  captured_at: '2026-05-20T01:29:00Z',
  latitude: '14.589675',
  longitude: '120.979167',
  position: 1,
  created_at: '2026-05-20T01:31:30Z',
  url: `/api/receive-records/${RECORD_ID}/photos/${PHOTO_ID}`,
  thumbnail_url: `/api/receive-records/${RECORD_ID}/photos/${PHOTO_ID}/thumbnail`,
  ...over,
});

export const postedRecord = () => {
  const r = wireRecord({ status: 'posted', posted_at: '2026-05-20T02:00:00Z' });
  return {
    ...r,
    lines: r.lines.map((l) => ({ ...l, lot: { id: LOT_ID, code: 'MNL1-260520-0001' } })),
  };
};

/** What the server sends for a photo or thumbnail (the bytes do not matter to the page). */
export const photoResponse = () => new Response('jpeg bytes', { headers: { 'content-type': 'image/jpeg' } });
export const jpegFile = (name: string) => new File(['fake jpeg'], name, { type: 'image/jpeg' });

/** jsdom has no object URLs: previews and fetched photos get numbered stand-ins (blob:photo-1, …). */
export function stubObjectUrls() {
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:photo-${++n}`), revokeObjectURL: vi.fn() }),
  );
}
