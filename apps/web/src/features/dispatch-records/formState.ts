import { dispatchFigures, dispatchRecordFields, dispatchRules } from '@plastrace/shared';
import { z } from 'zod';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { leftOutWhenBlank, typed } from '../../components/common/schemaForm.ts';
import type { DispatchInput, DispatchRecord } from './api.ts';

const wire = dispatchRecordFields.shape;
const line = wire.lines.element.shape;
const counts = (wire.lines.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];

const loadLine = z.object({
  key: z.string(),
  lot_id: line.lot_id,
  kg: typed(line.kg),
  unit_price: leftOutWhenBlank(line.unit_price),
  // The scale and reading the kg came from ("Use this weight"); null when typed by hand.
  device_id: line.device_id,
  reading_id: line.reading_id,
});

/**
 * The dispatch form, checked by the API's own body schema and rules (dispatchRecordFields and
 * dispatchRules): the time is a datetime-local value read in the organization's zone, numbers are
 * held as typed, empty optional fields are left out, seals are typed one per tag.
 */
export const dispatchFormSchema = (timeZone: string) =>
  dispatchRecordFields
    .extend({
      order_id: leftOutWhenBlank(wire.order_id),
      dispatched_at: z
        .string()
        .transform((v) => fromLocalInput(v, timeZone) ?? v)
        .pipe(wire.dispatched_at),
      vehicle_id: leftOutWhenBlank(wire.vehicle_id),
      driver_id: leftOutWhenBlank(wire.driver_id),
      hauler_id: leftOutWhenBlank(wire.hauler_id),
      gross_kg: leftOutWhenBlank(wire.gross_kg),
      tare_kg: leftOutWhenBlank(wire.tare_kg),
      weighbridge_ticket: leftOutWhenBlank(wire.weighbridge_ticket),
      destination: leftOutWhenBlank(wire.destination),
      notes: leftOutWhenBlank(wire.notes),
      lines: z.array(loadLine).check(...counts),
    })
    // Also while another field is refused, so every message shows at once.
    .superRefine(dispatchRules, { when: () => true });

type FormSchema = ReturnType<typeof dispatchFormSchema>;
export type DispatchFormValues = z.input<FormSchema>;

let seq = 0;
const key = () => `load-${++seq}`;
export const emptyLine = () => ({
  key: key(),
  lot_id: '',
  kg: '',
  unit_price: '',
  device_id: null as string | null,
  reading_id: null as number | null,
});

export const newValues = (timeZone: string, now = new Date()): DispatchFormValues => ({
  customer_id: '',
  order_id: '',
  facility_id: '',
  dispatched_at: toLocalInput(now, timeZone),
  vehicle_id: '',
  driver_id: '',
  hauler_id: '',
  gross_kg: '',
  tare_kg: '',
  weighbridge_ticket: '',
  seal_numbers: [],
  destination: '',
  notes: '',
  lines: [emptyLine()],
});

export const valuesOf = (r: DispatchRecord, timeZone: string): DispatchFormValues => ({
  customer_id: r.customer.id,
  order_id: r.order?.id ?? '',
  facility_id: r.facility.id,
  dispatched_at: toLocalInput(new Date(r.dispatchedAt), timeZone),
  vehicle_id: r.vehicle?.id ?? '',
  driver_id: r.driver?.id ?? '',
  hauler_id: r.hauler?.id ?? '',
  gross_kg: r.grossKg ?? '',
  tare_kg: r.tareKg ?? '',
  weighbridge_ticket: r.weighbridgeTicket ?? '',
  seal_numbers: r.sealNumbers,
  destination: r.destination ?? '',
  notes: r.notes ?? '',
  lines: r.lines.map((l) => ({
    key: key(),
    lot_id: l.lot.id,
    kg: l.kg,
    unit_price: l.unitPrice,
    device_id: l.device?.id ?? null,
    reading_id: l.device ? (l.reading?.id ?? null) : null,
  })),
});

/** The checked form as the API's body: the React keys dropped. */
export function toInput(checked: z.output<FormSchema>): DispatchInput {
  return {
    ...checked,
    // A line typed by hand names no scale: the keys are left out, not sent as null.
    lines: checked.lines.map(({ key: _, device_id, reading_id, ...rest }) =>
      device_id ? { ...rest, device_id, reading_id } : rest,
    ),
  };
}

/** The load as typed: total, amount and the weighbridge's verdict (the shared rule posting applies). */
export const figuresOf = (
  values: DispatchFormValues,
  tolerancePct: string,
  orderPrice: (lotId: string) => string,
) =>
  dispatchFigures(
    values.lines.map((l) => ({ kg: l.kg, unitPrice: l.unit_price.trim() || orderPrice(l.lot_id) })),
    values.gross_kg,
    values.tare_kg,
    tolerancePct,
  );
