import {
  LOSS_FATES,
  LOSS_KINDS,
  massBalance,
  productionLossSchema,
  productionRecordFields,
  productionRunRules,
} from '@plastrace/shared';
import { z } from 'zod';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { leftOutWhenBlank, typed } from '../../components/common/schemaForm.ts';
import type { ProductionInput, ProductionRecord } from './api.ts';

const wire = productionRecordFields.shape;
const counts = <T extends z.ZodArray>(field: T) => (field.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[];
const keyed = { key: z.string() };

const inputLine = wire.inputs.element.extend({ ...keyed, kg: typed(wire.inputs.element.shape.kg) });
const outputLine = wire.outputs.element.extend({ ...keyed, kg: typed(wire.outputs.element.shape.kg) });
const lossLine = productionLossSchema.extend({
  ...keyed,
  kg: typed(productionLossSchema.shape.kg),
  material_id: leftOutWhenBlank(productionLossSchema.shape.material_id),
});

/**
 * The run form, checked by the API's own body schema and rules (productionRecordFields and
 * productionRunRules): times are datetime-local values read in the organization's zone, numbers are
 * held as typed, empty optional fields are left out.
 */
export const productionFormSchema = (timeZone: string) => {
  const local = (field: typeof wire.started_at) =>
    z
      .string()
      .transform((v) => fromLocalInput(v, timeZone) ?? v)
      .pipe(field);
  return (
    productionRecordFields
      .extend({
        production_line_id: leftOutWhenBlank(wire.production_line_id),
        started_at: local(wire.started_at),
        ended_at: local(wire.ended_at),
        shift: leftOutWhenBlank(wire.shift),
        crew: leftOutWhenBlank(wire.crew),
        meter_start_kwh: leftOutWhenBlank(wire.meter_start_kwh),
        meter_end_kwh: leftOutWhenBlank(wire.meter_end_kwh),
        meter_device_id: leftOutWhenBlank(wire.meter_device_id),
        energy_kwh: leftOutWhenBlank(wire.energy_kwh),
        water_m3: leftOutWhenBlank(wire.water_m3),
        notes: leftOutWhenBlank(wire.notes),
        product_id: leftOutWhenBlank(wire.product_id),
        bom_version_id: leftOutWhenBlank(wire.bom_version_id),
        units: leftOutWhenBlank(wire.units),
        inputs: z.array(inputLine).check(...counts(wire.inputs)),
        outputs: z.array(outputLine).check(...counts(wire.outputs)),
        losses: z.array(lossLine).max(20, 'At most 20 losses'),
      })
      // Also while another field is refused, so every message shows at once.
      .superRefine(productionRunRules, { when: () => true })
  );
};

type FormSchema = ReturnType<typeof productionFormSchema>;
export type ProductionFormValues = z.input<FormSchema>;

let seq = 0;
const key = () => `row-${++seq}`;
export const emptyInput = () => ({ key: key(), lot_id: '', kg: '' });
export const emptyOutput = () => ({ key: key(), material_id: '', kg: '' });
export const emptyLoss = () => ({
  key: key(),
  kind: LOSS_KINDS[0],
  fate: LOSS_FATES[0],
  kg: '',
  material_id: '',
});

export function newValues(timeZone: string, now = new Date()): ProductionFormValues {
  const start = new Date(now.getTime() - 8 * 3_600_000);
  return {
    facility_id: '',
    production_line_id: '',
    process_code: '',
    started_at: toLocalInput(start, timeZone),
    ended_at: toLocalInput(now, timeZone),
    shift: '',
    crew: '',
    meter_start_kwh: '',
    meter_end_kwh: '',
    meter_device_id: '',
    energy_kwh: '',
    water_m3: '',
    notes: '',
    product_id: '',
    bom_version_id: '',
    units: '',
    inputs: [emptyInput()],
    outputs: [emptyOutput()],
    losses: [],
  };
}

export const valuesOf = (r: ProductionRecord, timeZone: string): ProductionFormValues => ({
  facility_id: r.facility.id,
  production_line_id: r.productionLine?.id ?? '',
  process_code: r.process.code,
  started_at: toLocalInput(new Date(r.startedAt), timeZone),
  ended_at: toLocalInput(new Date(r.endedAt), timeZone),
  shift: r.shift ?? '',
  crew: r.crew ?? '',
  meter_start_kwh: r.meterStartKwh ?? '',
  meter_end_kwh: r.meterEndKwh ?? '',
  meter_device_id: r.meterDevice?.id ?? '',
  energy_kwh: r.enteredKwh ?? '',
  water_m3: r.waterM3 ?? '',
  notes: r.notes ?? '',
  product_id: r.product?.id ?? '',
  bom_version_id: r.bomVersion?.id ?? '',
  units: r.units ?? '',
  inputs: r.inputs.map((i) => ({ key: key(), lot_id: i.lot.id, kg: i.kg })),
  outputs: r.outputs.map((o) => ({ key: key(), material_id: o.material.id, kg: o.kg })),
  losses: r.losses.map((l) => ({
    key: key(),
    kind: l.kind,
    fate: l.fate,
    kg: l.kg,
    material_id: l.material?.id ?? '',
  })),
});

/** The checked form as the API's body: the React keys dropped. */
export function toInput(checked: z.output<FormSchema>): ProductionInput {
  const strip = <T extends { key: string }>({ key: _, ...rest }: T) => rest;
  return {
    ...checked,
    inputs: checked.inputs.map(strip),
    outputs: checked.outputs.map(strip),
    losses: checked.losses.map(strip),
  };
}

/** Σ in, out and loss of the rows as typed, and whether posting would balance (shared rule). */
export const massBalanceOf = (values: ProductionFormValues, tolerancePct: string) =>
  massBalance(
    values.inputs.map((r) => r.kg),
    values.outputs.map((r) => r.kg),
    values.losses.map((r) => r.kg),
    tolerancePct,
  );
