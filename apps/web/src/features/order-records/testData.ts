import {
  customerSchema,
  orderRecordDetailSchema,
  orderRecordSchema,
  page as pageOf,
} from '@plastrace/shared';
import { json } from '../../test/fakeApi.ts';
import { wire } from '../../test/wire.ts';

// Fixtures of this feature's tests (wire format, snake_case).
export const ORDER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001';
export const CUSTOMER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002',
  code: 'CUS-001',
  name: 'Luzon Bottling Corp.',
};
export const SUPPLIER = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7003',
  code: 'SUP-001',
  name: 'Juan Junkshop',
};
export const FACILITY = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7004', code: 'MNL1', name: 'Manila plant' };
export const FLAKE = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7005', code: 'PET_FLAKE', name: 'PET flake' };
export const PELLETS = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7006',
  code: 'RPET_PELLET',
  name: 'rPET pellets',
};
export const PO_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7011';
export const DISPATCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7010';
export const RECEIPT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7012';
const PERSON = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7020', name: 'Mara Manager' };

export const draftOrder = (over: Record<string, unknown> = {}) => ({
  id: ORDER_ID,
  number: 'SO-2026-000012',
  kind: 'sales',
  status: 'draft',
  customer: CUSTOMER,
  supplier: null,
  facility: FACILITY,
  ordered_on: '2026-11-02',
  due_on: '2026-11-30',
  delivery_terms: 'Delivered to the buyer’s plant, Valenzuela',
  customer_reference: 'LBC-PO-7781',
  tolerance_pct: '5.00',
  currency: 'PHP',
  notes: null,
  total_kg: '1500.000',
  amount: '32500.00',
  shipped_kg: '0.000',
  fulfilled_pct: '0.00',
  created_by: PERSON,
  created_at: '2026-11-02T01:00:00.000Z',
  confirmed_by: null,
  confirmed_at: null,
  closed_by: null,
  closed_at: null,
  cancelled_by: null,
  cancelled_at: null,
  cancel_reason: null,
  version: 1,
  lines: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7030',
      line_no: 1,
      material: FLAKE,
      grade: 'A',
      kg: '1000.000',
      unit_price: '20.00',
      amount: '20000.00',
      fulfilment: { shipped_kg: '0.000', remaining_kg: '1000.000', fulfilled_pct: '0.00' },
    },
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7031',
      line_no: 2,
      material: PELLETS,
      grade: 'A',
      kg: '500.000',
      unit_price: '25.00',
      amount: '12500.00',
      fulfilment: { shipped_kg: '0.000', remaining_kg: '500.000', fulfilled_pct: '0.00' },
    },
  ],
  dispatches: [],
  receipts: [],
  ...over,
});

/** Confirmed, with one posted dispatch of 600 kg of flake against it. */
export const partlyFulfilled = (over: Record<string, unknown> = {}) => {
  const draft = draftOrder();
  return draftOrder({
    status: 'partly_fulfilled',
    version: 3,
    confirmed_by: PERSON,
    confirmed_at: '2026-11-02T02:00:00.000Z',
    shipped_kg: '600.000',
    fulfilled_pct: '40.00',
    lines: [
      {
        ...draft.lines[0],
        fulfilment: { shipped_kg: '600.000', remaining_kg: '400.000', fulfilled_pct: '60.00' },
      },
      draft.lines[1],
    ],
    dispatches: [
      {
        id: DISPATCH_ID,
        number: 'DS-2026-000044',
        delivery_receipt_no: 'DR-2026-000031',
        status: 'posted',
        dispatched_at: '2026-11-10T00:30:00.000Z',
        total_kg: '600.000',
      },
    ],
    ...over,
  });
};

export const purchaseOrder = (over: Record<string, unknown> = {}) => {
  const draft = draftOrder();
  return draftOrder({
    id: PO_ID,
    number: 'PO-2026-000003',
    kind: 'purchase',
    status: 'confirmed',
    customer: null,
    supplier: SUPPLIER,
    customer_reference: null,
    confirmed_by: PERSON,
    confirmed_at: '2026-11-02T02:00:00.000Z',
    lines: draft.lines,
    ...over,
  });
};

/** A purchase order 400 kg of whose flake arrived on a posted receive record, with a draft one after it. */
export const receivedPurchaseOrder = (over: Record<string, unknown> = {}) => {
  const draft = draftOrder();
  return purchaseOrder({
    status: 'partly_fulfilled',
    version: 3,
    shipped_kg: '400.000',
    fulfilled_pct: '26.67',
    lines: [
      {
        ...draft.lines[0],
        fulfilment: { shipped_kg: '400.000', remaining_kg: '600.000', fulfilled_pct: '40.00' },
      },
      draft.lines[1],
    ],
    receipts: [
      {
        id: RECEIPT_ID,
        number: 'RR-2026-000101',
        status: 'posted',
        received_at: '2026-11-09T01:15:00.000Z',
        total_net_kg: '400.000',
      },
      {
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7013',
        number: 'RR-2026-000102',
        status: 'draft',
        received_at: '2026-11-12T03:00:00.000Z',
        total_net_kg: '150.000',
      },
    ],
    ...over,
  });
};

export const detailAnswer = (value: unknown) => json(wire(orderRecordDetailSchema, value));
export const listAnswer = (items: unknown[], next_cursor: string | null = null) =>
  json(
    wire(pageOf(orderRecordSchema), {
      items: items.map((o) => wire(orderRecordSchema, o)),
      next_cursor,
    }),
  );
export const customerRecord = wire(customerSchema, {
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
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
