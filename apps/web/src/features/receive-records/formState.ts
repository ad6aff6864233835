import { receiveLineFigures, receiveLineProblems, receiveRecordInputSchema } from '@plastrace/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { leftOutWhenBlank, typed, useSchemaForm } from '../../components/common/schemaForm.ts';
import type { ReceiveInput, ReceiveRecord } from './api.ts';

const wire = receiveRecordInputSchema.shape;
const wireLine = wire.lines.element.shape;

/** One delivery line as typed: the wire's line, its numbers as text, and a React key. */
const lineFormSchema = wire.lines.element
  .extend({
    key: z.string(),
    gross_kg: typed(wireLine.gross_kg),
    // The server defaults an absent tare and deduction to 0; the form leaves them out, as it always has.
    tare_kg: leftOutWhenBlank(wireLine.tare_kg.unwrap().optional()),
    deduction_pct: leftOutWhenBlank(wireLine.deduction_pct.unwrap().optional()),
    unit_price: leftOutWhenBlank(wireLine.unit_price),
  })
  // The rules between a line's figures, which the database enforces at saving, in its words: also
  // while another field of the line is refused, so every message shows at once.
  .superRefine(
    (line, ctx) => {
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const problems = receiveLineProblems({
        gross: text(line.gross_kg),
        tare: text(line.tare_kg),
        deduction: text(line.deduction_pct),
        price: '',
      });
      if (problems.tare) ctx.addIssue({ code: 'custom', path: ['tare_kg'], message: problems.tare });
      if (problems.deduction)
        ctx.addIssue({ code: 'custom', path: ['deduction_pct'], message: problems.deduction });
    },
    { when: () => true },
  );

/**
 * The delivery form, checked by the API's own body schema (receiveRecordInputSchema): the time is the
 * datetime-local value read in the organization's zone, empty optional fields are left out.
 */
export const receiveFormSchema = (timeZone: string) =>
  receiveRecordInputSchema.extend({
    received_at: z
      .string()
      .transform((local) => fromLocalInput(local, timeZone) ?? local)
      .pipe(wire.received_at),
    weighbridge_ticket: leftOutWhenBlank(wire.weighbridge_ticket),
    scale_device_id: leftOutWhenBlank(wire.scale_device_id),
    vehicle_plate: leftOutWhenBlank(wire.vehicle_plate),
    notes: leftOutWhenBlank(wire.notes),
    // No purchase order: left out (a new delivery) or cleared (toInput sends null for a draft's edit).
    order_id: leftOutWhenBlank(wire.order_id),
    // The wire's own count rules (at least one line, at most 50), on lines held as text.
    lines: z.array(lineFormSchema).check(...((wire.lines.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[])),
  });

type ReceiveFormSchema = ReturnType<typeof receiveFormSchema>;
export type ReceiveFormValues = z.input<ReceiveFormSchema>;
export type LineValues = ReceiveFormValues['lines'][number];

let lineSeq = 0;
export const emptyLine = (): LineValues => ({
  key: `line-${++lineSeq}`,
  material_id: '',
  gross_kg: '',
  tare_kg: '',
  deduction_pct: '',
  unit_price: '',
  device_id: null,
  reading_id: null,
});

export const newValues = (timeZone: string, now = new Date(), orderId = ''): ReceiveFormValues => ({
  supplier_id: '',
  facility_id: '',
  order_id: orderId,
  received_at: toLocalInput(now, timeZone),
  weighbridge_ticket: '',
  scale_device_id: '',
  vehicle_plate: '',
  notes: '',
  lines: [emptyLine()],
});

export const valuesOf = (record: ReceiveRecord, timeZone: string): ReceiveFormValues => ({
  supplier_id: record.supplier.id,
  facility_id: record.facility.id,
  // Editing a draft keeps the order it names.
  order_id: record.order?.id ?? '',
  received_at: toLocalInput(new Date(record.receivedAt), timeZone),
  weighbridge_ticket: record.weighbridgeTicket ?? '',
  scale_device_id: record.scaleDeviceId ?? '',
  vehicle_plate: record.vehiclePlate ?? '',
  notes: record.notes ?? '',
  lines: record.lines.map((l) => ({
    key: `line-${++lineSeq}`,
    material_id: l.material.id,
    gross_kg: l.grossKg,
    tare_kg: l.tareKg,
    deduction_pct: l.deductionPct,
    unit_price: l.unitPrice,
    device_id: l.device?.id ?? null,
    reading_id: l.device ? (l.reading?.id ?? null) : null,
  })),
});

/**
 * The delivery form: a draft being edited, or a new delivery received now (against `orderId`, a
 * purchase order, when one is given).
 */
export function useReceiveForm(timeZone: string, record?: ReceiveRecord, orderId = '') {
  const schema = useMemo(() => receiveFormSchema(timeZone), [timeZone]);
  // Made once: the form keeps its first values (and "now" is when the form opened).
  const [initial] = useState(() =>
    record ? valuesOf(record, timeZone) : newValues(timeZone, new Date(), orderId),
  );
  return { schema, form: useSchemaForm(schema, initial) };
}
export type ReceiveForm = ReturnType<typeof useReceiveForm>['form'];

/**
 * The line's net, payable and amount as posting will store them (null until the weights are numbers).
 * A line without a unit price is priced with `listPrice`: the purchase order line's price, else the
 * price list's row, as posting will.
 */
export const lineFigures = (line: LineValues, listPrice?: string | null) =>
  receiveLineFigures({
    gross: line.gross_kg,
    tare: line.tare_kg,
    deduction: line.deduction_pct,
    price: line.unit_price.trim() || listPrice || '',
  });

/**
 * The request body (camelCase: the client writes the wire's names) from the checked form. Without an
 * order, a new delivery leaves it out and a draft's edit (which replaces the draft) clears it.
 */
export function toInput(body: z.output<ReceiveFormSchema>, editing = false): ReceiveInput {
  return {
    supplierId: body.supplier_id,
    facilityId: body.facility_id,
    orderId: body.order_id ?? (editing ? null : undefined),
    receivedAt: body.received_at,
    weighbridgeTicket: body.weighbridge_ticket ?? undefined,
    scaleDeviceId: body.scale_device_id ?? undefined,
    vehiclePlate: body.vehicle_plate ?? undefined,
    notes: body.notes ?? undefined,
    lines: body.lines.map((l) => ({
      materialId: l.material_id,
      grossKg: l.gross_kg,
      tareKg: l.tare_kg,
      deductionPct: l.deduction_pct,
      unitPrice: l.unit_price,
      // The scale and reading the gross came from: none when typed by hand.
      deviceId: l.device_id ?? undefined,
      readingId: l.reading_id ?? undefined,
    })),
  };
}
