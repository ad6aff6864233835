// Test fixtures (not imported by app code): certificates as the API sends them.
import {
  certificateAvailableSchema,
  certificateDetailSchema,
  certificateSchema,
  page as pageOf,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const CERT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9001';
const USER = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9002', name: 'Maria Santos' };
const LOT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9003';
const RECEIVE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9004';
const RUN = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f9005';

export const available = wire(certificateAvailableSchema, {
  from: '2026-11-01',
  to: '2026-11-25',
  rows: [
    { material_type: 'HDPE_BOTTLES', name: 'HDPE bottles', fate: 'recycling', available_kg: '120.000' },
    {
      material_type: 'PET_BOTTLES_CLEAR',
      name: 'PET clear bottles',
      fate: 'co_processing',
      available_kg: '60.000',
    },
    {
      material_type: 'PET_BOTTLES_CLEAR',
      name: 'PET clear bottles',
      fate: 'recycling',
      available_kg: '900.000',
    },
  ],
  total_kg: '1080.000',
});

const summary = {
  id: CERT_ID,
  number: 'WDC-2026-0007',
  status: 'issued',
  client_name: 'Barangay San Roque',
  client_type: 'lgu',
  client_address: null,
  period_from: '2026-11-01',
  period_to: '2026-11-25',
  lines: [
    { material_type: 'PET_BOTTLES_CLEAR', name: 'PET clear bottles', fate: 'recycling', kg: '700.000' },
  ],
  total_kg: '700.000',
  signatory_name: 'Liza Reyes',
  signatory_title: 'Plant Manager',
  notes: null,
  issued_at: '2026-11-26T02:00:00.000Z',
  issued_by: USER,
  revoked_at: null,
  revoked_by: null,
  revoke_reason: null,
  public_url: `http://localhost:3000/certificates/${CERT_ID}`,
};

export const certificatesPage = wire(pageOf(certificateSchema), { items: [summary], next_cursor: null });

export const certificate = (extra: Record<string, unknown> = {}) =>
  wire(certificateDetailSchema, {
    ...summary,
    evidence: [
      {
        lot: { id: LOT, code: 'MNL1-261120-0001' },
        material: { name: 'PET clear bottles', type: 'PET_BOTTLES_CLEAR' },
        facility: { code: 'MNL1', name: 'Valenzuela Plant' },
        delivery: {
          id: RECEIVE,
          number: 'RR-2026-000042',
          received_at: '2026-11-20T00:00:00.000Z',
          weighbridge_ticket: 'WB-5512',
          supplier_type: 'waste_picker',
        },
        recovery: {
          kind: 'production_record',
          id: RUN,
          number: 'PR-2026-000007',
          recovered_on: '2026-11-21',
        },
        fate: 'recycling',
        kg: '700.000',
        proof_url: `/verify/${RECEIVE}`,
      },
    ],
    log_url: `/verify/${CERT_ID}`,
    ...extra,
  });

export const revoked = {
  status: 'revoked',
  revoked_at: '2026-11-26T05:00:00.000Z',
  revoked_by: USER,
  revoke_reason: 'Issued to the wrong client',
};
