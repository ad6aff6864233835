// Test helpers (not imported by app code): fixtures that stand for API answers are parsed by the
// route's response schema before a fake serves them, so a fixture the API could never send fails
// loudly instead of testing the page against data it will never see.
import {
  ERROR_CODES,
  errorBodySchema,
  facilitySchema,
  inventoryReportSchema,
  inventoryRowSchema,
  loginResponseSchema,
  lotDetailSchema,
  lotSchema,
  materialSchema,
  notificationSchema,
  ownSessionSchema,
  page,
  stockCountDetailSchema,
  stockCountLineSchema,
  supplierSchema,
} from '@plastrace/shared';
import { z } from 'zod';

/**
 * `value` as the API sends it: parsed by `schema` (snake_case wire format), which also drops keys the
 * server's serializer would drop. Throws, naming every wrong field, when the API could not send it.
 */
export function wire<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const id = z.globalRegistry.get(schema)?.id;
  throw new Error(
    `Test fixture is not something the API can send${id ? ` as ${id}` : ''}:\n${z.prettifyError(result.error)}`,
  );
}

// ---- response schemas the server declares inline in its routes (not in @plastrace/shared) ----
// Mirrored from apps/server/src/modules/*/*.routes.ts; keep them in step.

/** GET /api/csrf-token (auth.routes.ts). */
export const csrfTokenSchema = z.object({ csrfToken: z.string() });
/** GET /api/public/config (auth.routes.ts). */
export const publicConfigSchema = z.object({
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
});
/** POST /api/session/refresh (auth.routes.ts): the session half of the sign-in answer. */
export const sessionRefreshSchema = loginResponseSchema.pick({ session: true });
/** POST /api/dashboard/user-transactions, 201 (activity.routes.ts). */
export const createdIdSchema = z.object({ id: z.string().uuid() });
/** GET /api/notifications (organization.routes.ts). */
export const notificationPageSchema = page(notificationSchema).extend({ unread_count: z.number().int() });
/** POST /api/notifications/:id/read and /read-all (organization.routes.ts). */
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
/** GET /api/sessions (auth.routes.ts). */
export const ownSessionsSchema = z.object({ items: z.array(ownSessionSchema) });
/** POST /api/lots/:id/split (lots.routes.ts). */
export const splitResultSchema = z.object({ parent: lotDetailSchema, lots: z.array(lotDetailSchema) });
/** A page that holds nothing: what any paged list may answer. */
export const emptyPageSchema = page(z.never());
/** The unpaged lists: GET /api/prices/history, /api/suppliers/lookup, /api/calculations/process-types, … */
export const itemsOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item) });

// ---- stricter than the shared schemas, where those type a closed set as any string ----

/**
 * A lot as inventory rows and count lines name it. The shared schemas type its status as any string;
 * the server sends the lot_status enum (LOT_STATUSES), so the fixtures are held to that.
 */
export const lotRefSchema = lotSchema.pick({ id: true, code: true, status: true });
/** GET /api/inventory, with lot statuses the server can send. */
export const inventoryReportWire = inventoryReportSchema.extend({
  items: z.array(inventoryRowSchema.extend({ lot: lotRefSchema.nullable() })),
});
/** GET/PUT/POST /api/stock-counts/:id…, with lot statuses the server can send. */
export const stockCountDetailWire = stockCountDetailSchema.extend({
  lines: z.array(stockCountLineSchema.extend({ lot: lotRefSchema })),
});

/** An error answer: the one error shape, with one of the codes of docs/architecture.md: API conventions. */
export const errorWire = errorBodySchema.extend({ code: z.enum(ERROR_CODES) });

// ---- whole master-data records from the few fields a test cares about ----

const STAMP = '2026-01-01T00:00:00Z';
const record = { archived_at: null, version: 1, created_at: STAMP, updated_at: STAMP };
type Ref = { id: string; code: string; name: string };

/** A facility as GET /api/facilities lists it. */
export const facilityRecord = (fields: Ref & Record<string, unknown>) =>
  wire(facilitySchema, {
    type: 'mrf',
    address_line: null,
    barangay: null,
    city: 'Manila',
    province: null,
    region: 'NCR',
    country: 'PH',
    latitude: null,
    longitude: null,
    permits: [],
    ...record,
    ...fields,
  });

/** A material as GET /api/materials lists it. */
export const materialRecord = (fields: Ref & Record<string, unknown>) =>
  wire(materialSchema, {
    polymer: 'PET',
    form: 'bottles',
    grade: 'A',
    resin_code: null,
    type_code: null,
    is_virgin: false,
    ...record,
    ...fields,
  });

/** A supplier as GET /api/suppliers lists it. */
export const supplierRecord = (fields: Ref & Record<string, unknown>) =>
  wire(supplierSchema, {
    type: 'junkshop',
    contact_name: null,
    phone: null,
    email: null,
    address_line: null,
    city: null,
    province: null,
    payment_method: 'cash',
    payment_details: {},
    ...record,
    ...fields,
  });

/** The `{ id, code, name }` by which other records name a record. */
export const refOf = ({ id, code, name }: Ref): Ref => ({ id, code, name });
