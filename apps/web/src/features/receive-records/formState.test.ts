import { RECEIVE_LINE_RULES } from '@plastrace/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyLine,
  type LineValues,
  lineFigures,
  newValues,
  receiveFormSchema,
  toInput,
} from './formState.ts';

const TZ = 'Asia/Manila';
const MATERIAL = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01';

function valuesWith(line: Partial<LineValues>) {
  return {
    ...newValues(TZ, new Date('2026-11-20T01:00:00Z')),
    supplier_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02',
    facility_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03',
    lines: [{ ...emptyLine(), material_id: MATERIAL, ...line }],
  };
}

/** The messages by field, as the form shows them (the first one of each field). */
function problems(values: ReturnType<typeof valuesWith>) {
  const result = receiveFormSchema(TZ).safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('receive form rules', () => {
  it('refuses what the server refuses, in its words: tare equal to gross, a 100 % deduction', () => {
    expect(problems(valuesWith({ gross_kg: '10', tare_kg: '10', deduction_pct: '100' }))).toEqual({
      'lines.0.tare_kg': RECEIVE_LINE_RULES.tare,
      'lines.0.deduction_pct': RECEIVE_LINE_RULES.deduction,
    });
    expect(problems(valuesWith({ gross_kg: '10', tare_kg: '9.999', deduction_pct: '99.99' }))).toEqual({});
    // Every message at once, even while another figure of the line is refused.
    expect(problems(valuesWith({ gross_kg: '1,250', deduction_pct: '100' }))).toEqual({
      'lines.0.gross_kg': 'Gross weight: write 1250, without commas',
      'lines.0.deduction_pct': RECEIVE_LINE_RULES.deduction,
    });
  });

  it('says how to write a number that is not one, as the API does', () => {
    expect(problems(valuesWith({ gross_kg: '1,250', tare_kg: '2.5.1', deduction_pct: '12.345' }))).toEqual({
      'lines.0.gross_kg': 'Gross weight: write 1250, without commas',
      'lines.0.tare_kg': 'Tare weight must be a non-negative number',
      'lines.0.deduction_pct': 'Deduction can have at most 2 decimals',
    });
    expect(problems({ ...valuesWith({ gross_kg: '' }), supplier_id: '', received_at: '' })).toEqual({
      supplier_id: 'Choose a supplier',
      received_at: 'Enter the date and time received',
      'lines.0.gross_kg': 'Gross weight must be a non-negative number',
    });
  });

  it('sends the time in the organization’s zone and leaves empty optional fields out', () => {
    const values = { ...valuesWith({ gross_kg: ' 100 ', unit_price: '18.75' }), vehicle_plate: 'abc 123' };
    const input = toInput(receiveFormSchema(TZ).parse(values));
    expect(input).toMatchObject({ receivedAt: '2026-11-20T09:00:00+08:00', vehiclePlate: 'ABC 123' });
    expect(input.weighbridgeTicket).toBeUndefined();
    expect(input.lines).toEqual([
      {
        materialId: MATERIAL,
        grossKg: '100',
        tareKg: undefined,
        deductionPct: undefined,
        unitPrice: '18.75',
      },
    ]);
  });

  it('sends the purchase order chosen; without one, a new delivery leaves it out and an edit clears it', () => {
    const ORDER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a04';
    const schema = receiveFormSchema(TZ);
    const chosen = schema.parse({ ...valuesWith({ gross_kg: '100' }), order_id: ORDER });
    expect(toInput(chosen).orderId).toBe(ORDER);
    expect(toInput(chosen, true).orderId).toBe(ORDER);
    const none = schema.parse(valuesWith({ gross_kg: '100' }));
    expect(toInput(none)).not.toHaveProperty('orderId', null);
    expect(toInput(none).orderId).toBeUndefined();
    expect(toInput(none, true).orderId).toBeNull();
    expect(problems({ ...valuesWith({ gross_kg: '100' }), order_id: 'PO-2026-000003' })).toEqual({
      order_id: 'Choose a purchase order',
    });
  });

  it('previews the figures posting will store', () => {
    const [line] = valuesWith({
      gross_kg: '1250.5',
      tare_kg: '50.25',
      deduction_pct: '2.5',
      unit_price: '18.75',
    }).lines;
    expect(line && lineFigures(line)).toEqual({
      netKg: '1200.250',
      payableKg: '1170.244',
      amount: '21942.08',
    });
  });
});
