import { type StopKind, tripFields, tripRules, tripStopInputSchema } from '@plastrace/shared';
import { z } from 'zod';
import { toLocalInput } from '../../components/common/datetime.ts';
import { leftOutWhenBlank } from '../../components/common/schemaForm.ts';
import type { TripInput } from './api.ts';

const wire = tripFields.shape;
const stop = tripStopInputSchema.shape;
const counts = (wire.stops.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];

/**
 * The trip form, checked by the API's own body schema and rules (tripFields and tripRules): a stop holds
 * both record fields, the one of its kind filled; empty optional fields are left out.
 */
export const tripFormSchema = tripFields
  .extend({
    notes: leftOutWhenBlank(wire.notes),
    stops: z
      .array(
        z.object({
          key: z.string(),
          kind: stop.kind,
          dispatch_record_id: leftOutWhenBlank(stop.dispatch_record_id),
          receive_record_id: leftOutWhenBlank(stop.receive_record_id),
          address: leftOutWhenBlank(stop.address),
          latitude: leftOutWhenBlank(stop.latitude),
          longitude: leftOutWhenBlank(stop.longitude),
        }),
      )
      .check(...counts),
  })
  // Also while another field is refused, so every message shows at once.
  .superRefine(tripRules, { when: () => true });

export type TripFormValues = z.input<typeof tripFormSchema>;
export type StopValues = TripFormValues['stops'][number];

let seq = 0;
export const emptyStop = (kind: StopKind = 'pickup'): StopValues => ({
  key: `stop-${++seq}`,
  kind,
  dispatch_record_id: '',
  receive_record_id: '',
  address: '',
  latitude: '',
  longitude: '',
});

export const newValues = (timeZone: string, now = new Date()): TripFormValues => ({
  vehicle_id: '',
  driver_id: '',
  planned_on: toLocalInput(now, timeZone).slice(0, 10),
  notes: '',
  stops: [emptyStop()],
});

/** The record field of a stop's kind. */
export const recordField = (kind: StopKind) =>
  kind === 'delivery' ? 'dispatch_record_id' : 'receive_record_id';

/** The checked form as the API's body: the React keys dropped. */
export function toInput(checked: z.output<typeof tripFormSchema>): TripInput {
  return { ...checked, stops: checked.stops.map(({ key: _, ...rest }) => rest) };
}
