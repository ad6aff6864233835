import {
  componentCreateSchema,
  componentUpdateSchema,
  customerCreateSchema,
  customerUpdateSchema,
  driverCreateSchema,
  driverUpdateSchema,
  facilityCreateSchema,
  facilityUpdateSchema,
  franchiseeCreateSchema,
  franchiseeUpdateSchema,
  haulerCreateSchema,
  haulerUpdateSchema,
  materialCreateSchema,
  materialUpdateSchema,
  processTypeCreateSchema,
  processTypeUpdateSchema,
  productionLineCreateSchema,
  productionLineUpdateSchema,
  supplierCreateSchema,
  supplierUpdateSchema,
  vehicleCreateSchema,
  vehicleUpdateSchema,
} from '@plastrace/shared';
import { z } from 'zod';
import { type FieldDef, type FormValues, flatValuesOf, isEmpty, isShown, wireName } from './formModel.ts';

/** The body schemas the server's routes check each resource's create (POST) and change (PATCH) with. */
const BODY_SCHEMAS: Record<string, { create: z.ZodType; update: z.ZodType }> = {
  facilities: { create: facilityCreateSchema, update: facilityUpdateSchema },
  'production-lines': { create: productionLineCreateSchema, update: productionLineUpdateSchema },
  suppliers: { create: supplierCreateSchema, update: supplierUpdateSchema },
  customers: { create: customerCreateSchema, update: customerUpdateSchema },
  materials: { create: materialCreateSchema, update: materialUpdateSchema },
  'process-types': { create: processTypeCreateSchema, update: processTypeUpdateSchema },
  components: { create: componentCreateSchema, update: componentUpdateSchema },
  drivers: { create: driverCreateSchema, update: driverUpdateSchema },
  vehicles: { create: vehicleCreateSchema, update: vehicleUpdateSchema },
  haulers: { create: haulerCreateSchema, update: haulerUpdateSchema },
  franchisees: { create: franchiseeCreateSchema, update: franchiseeUpdateSchema },
};

/**
 * A master-data form's schema: the body the form would send (`toBody`), checked by the route's own
 * schema, so the browser refuses what the server would and in its words. Each message lands on the
 * input it is about (an array item's on its list). The config's `required` adds only what a schema
 * cannot know: a field needed when shown (a GCash number for GCash payments).
 */
export function recordFormSchema(
  resource: string,
  mode: 'create' | 'edit',
  fields: FieldDef[],
  toBody: (values: FormValues) => Record<string, unknown>,
) {
  const body = BODY_SCHEMAS[resource]?.[mode === 'create' ? 'create' : 'update'];
  const paths = fields.map(wireName);
  return z.custom<Record<string, unknown>>().superRefine((nested, ctx) => {
    const values = flatValuesOf(fields, nested);
    const found = new Set<string>();
    const parsed = body?.safeParse(toBody(values));
    for (const issue of parsed?.error?.issues ?? []) {
      const path = issue.path.join('.');
      const field = paths.find((p) => path === p || path.startsWith(`${p}.`)) ?? path;
      if (found.has(field)) continue;
      found.add(field);
      ctx.addIssue({ code: 'custom', message: issue.message, path: field.split('.') });
    }
    for (const f of fields) {
      if (!f.required || !isShown(f, values) || !isEmpty(values[f.name]) || found.has(wireName(f))) continue;
      ctx.addIssue({ code: 'custom', message: `${f.label} is required`, path: wireName(f).split('.') });
    }
  });
}
