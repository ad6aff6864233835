import {
  groupedNumberHint,
  type ReceiveLineValues,
  receiveLineFigures,
  receiveLineProblems,
} from '@plastrace/shared';
import type { ReceiveInput, ReceiveRecord } from './api.ts';
import { fromLocalInput, toLocalInput } from './datetime.ts';

export interface LineDraft {
  /** React key only. */
  key: string;
  materialId: string;
  grossKg: string;
  tareKg: string;
  deductionPct: string;
  unitPrice: string;
}

export interface ReceiveDraft {
  supplierId: string;
  facilityId: string;
  receivedAt: string;
  weighbridgeTicket: string;
  scaleDeviceId: string;
  vehiclePlate: string;
  notes: string;
  lines: LineDraft[];
}

/** Field errors keyed like the server's after fieldErrorsOf: 'supplierId', 'lines.0.grossKg'. */
export type FormErrors = Record<string, string>;

let lineSeq = 0;
export const emptyLine = (): LineDraft => ({
  key: `line-${++lineSeq}`,
  materialId: '',
  grossKg: '',
  tareKg: '',
  deductionPct: '',
  unitPrice: '',
});

export const newDraft = (timeZone: string, now = new Date()): ReceiveDraft => ({
  supplierId: '',
  facilityId: '',
  receivedAt: toLocalInput(now, timeZone),
  weighbridgeTicket: '',
  scaleDeviceId: '',
  vehiclePlate: '',
  notes: '',
  lines: [emptyLine()],
});

export const draftOf = (record: ReceiveRecord, timeZone: string): ReceiveDraft => ({
  supplierId: record.supplier.id,
  facilityId: record.facility.id,
  receivedAt: toLocalInput(new Date(record.receivedAt), timeZone),
  weighbridgeTicket: record.weighbridgeTicket ?? '',
  scaleDeviceId: record.scaleDeviceId ?? '',
  vehiclePlate: record.vehiclePlate ?? '',
  notes: record.notes ?? '',
  lines: record.lines.map((l) => ({
    key: `line-${++lineSeq}`,
    materialId: l.material.id,
    grossKg: l.grossKg,
    tareKg: l.tareKg,
    deductionPct: l.deductionPct,
    unitPrice: l.unitPrice,
  })),
});

const valuesOf = (line: LineDraft): ReceiveLineValues => ({
  gross: line.grossKg,
  tare: line.tareKg,
  deduction: line.deductionPct,
  price: line.unitPrice,
});

/**
 * The line's net, payable and amount as posting will store them (null until the weights are numbers).
 * A line without a unit price is priced with `listPrice`, the price list's row posting will use.
 */
export const lineFigures = (line: LineDraft, listPrice?: string | null) =>
  receiveLineFigures({ ...valuesOf(line), price: line.unitPrice.trim() || listPrice || '' });

const decimalShape = (places: number) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`);
const KG = decimalShape(3);
const PCT = decimalShape(2);

/** The checks the server also makes, so a phone user learns of them without a round trip. */
export function validateDraft(draft: ReceiveDraft, timeZone: string): FormErrors {
  const errors: FormErrors = {};
  if (!draft.supplierId) errors.supplierId = 'Choose a supplier';
  if (!draft.facilityId) errors.facilityId = 'Choose a facility';
  if (!fromLocalInput(draft.receivedAt, timeZone)) errors.receivedAt = 'Enter the date and time received';
  draft.lines.forEach((line, i) => {
    const at = (field: string) => `lines.${i}.${field}`;
    if (!line.materialId) errors[at('materialId')] = 'Choose a material';
    if (!line.grossKg.trim()) errors[at('grossKg')] = 'Enter the gross weight';
    else if (!KG.test(line.grossKg.trim()))
      errors[at('grossKg')] = groupedNumberHint(line.grossKg) ?? 'Up to 3 decimals, e.g. 1250.5';
    if (line.tareKg.trim() && !KG.test(line.tareKg.trim()))
      errors[at('tareKg')] = groupedNumberHint(line.tareKg) ?? 'Up to 3 decimals, e.g. 25';
    if (line.deductionPct.trim() && !PCT.test(line.deductionPct.trim()))
      errors[at('deductionPct')] = 'A percentage from 0 to 100';
    // The rules between figures, worded and compared as the server does.
    const problems = receiveLineProblems(valuesOf(line));
    if (problems.tare && !errors[at('grossKg')]) errors[at('tareKg')] ??= problems.tare;
    if (problems.deduction) errors[at('deductionPct')] ??= problems.deduction;
    if (line.unitPrice.trim() && !PCT.test(line.unitPrice.trim()))
      errors[at('unitPrice')] = 'PHP per kg, up to 2 decimals';
  });
  return errors;
}

const optional = (value: string) => value.trim() || undefined;

/** The request body: empty optional fields, and an empty unit price, are left out. */
export function toInput(draft: ReceiveDraft, timeZone: string): ReceiveInput {
  return {
    supplierId: draft.supplierId,
    facilityId: draft.facilityId,
    receivedAt: fromLocalInput(draft.receivedAt, timeZone) ?? draft.receivedAt,
    weighbridgeTicket: optional(draft.weighbridgeTicket),
    scaleDeviceId: optional(draft.scaleDeviceId),
    vehiclePlate: optional(draft.vehiclePlate)?.toUpperCase(),
    notes: optional(draft.notes),
    lines: draft.lines.map((l) => ({
      materialId: l.materialId,
      grossKg: l.grossKg.trim(),
      tareKg: optional(l.tareKg),
      deductionPct: optional(l.deductionPct),
      unitPrice: optional(l.unitPrice),
    })),
  };
}
