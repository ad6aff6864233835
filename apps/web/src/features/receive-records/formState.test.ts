import { RECEIVE_LINE_RULES } from '@plastrace/shared';
import { describe, expect, it } from 'vitest';
import { emptyLine, lineFigures, newDraft, validateDraft } from './formState.ts';

const TZ = 'Asia/Manila';

function draftWith(line: { grossKg: string; tareKg?: string; deductionPct?: string; unitPrice?: string }) {
  const draft = newDraft(TZ, new Date('2026-11-20T01:00:00Z'));
  return {
    ...draft,
    supplierId: 's',
    facilityId: 'f',
    lines: [{ ...emptyLine(), materialId: 'm', tareKg: '', deductionPct: '', unitPrice: '', ...line }],
  };
}

describe('receive form rules', () => {
  it('refuses what the server refuses, in its words: tare equal to gross, a 100 % deduction', () => {
    expect(validateDraft(draftWith({ grossKg: '10', tareKg: '10', deductionPct: '100' }), TZ)).toEqual({
      'lines.0.tareKg': RECEIVE_LINE_RULES.tare,
      'lines.0.deductionPct': RECEIVE_LINE_RULES.deduction,
    });
    expect(validateDraft(draftWith({ grossKg: '10', tareKg: '9.999', deductionPct: '99.99' }), TZ)).toEqual(
      {},
    );
  });

  it('says how to write a number that is not one', () => {
    const errors = validateDraft(draftWith({ grossKg: '1,250', tareKg: '2.5.1', deductionPct: 'ten' }), TZ);
    expect(errors).toEqual({
      'lines.0.grossKg': 'Write 1250, without commas',
      'lines.0.tareKg': 'Up to 3 decimals, e.g. 25',
      'lines.0.deductionPct': 'A percentage from 0 to 100',
    });
  });

  it('previews the figures posting will store', () => {
    const [line] = draftWith({
      grossKg: '1250.5',
      tareKg: '50.25',
      deductionPct: '2.5',
      unitPrice: '18.75',
    }).lines;
    expect(line && lineFigures(line)).toEqual({
      netKg: '1200.250',
      payableKg: '1170.244',
      amount: '21942.08',
    });
  });
});
