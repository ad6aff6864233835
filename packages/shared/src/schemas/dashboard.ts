import { z } from 'zod';
import { iotAlertsSummarySchema } from './iot-alerts.ts';

/** A figure of this period beside the same days of the period before; the change is null from nothing. */
export const periodChangeSchema = z.object({
  current: z.string(),
  previous: z.string(),
  change_pct: z.string().nullable().describe('(current − previous) ÷ previous, %, one decimal'),
});

export const DASHBOARD_ALERTS = [
  'quarantined_lots',
  'open_stock_counts',
  'flagged_counts',
  'licences_expired',
  'licences_expiring',
  'accreditations_expired',
  'accreditations_expiring',
  'open_discrepancies',
] as const;

/** The staff dashboard's operations: each money part is null for a role that may not see it. */
export const dashboardOperationsSchema = z.object({
  today: z.string().describe('The organization’s today'),
  received: z.object({
    today: periodChangeSchema.describe('kg net, against yesterday'),
    week: periodChangeSchema.describe('kg net since Monday, against the same days last week'),
    month: periodChangeSchema.describe('kg net since the 1st, against the same days last month'),
    deliveries_month: z.number().int().describe('Delivery lines this month'),
    paid_month: z.string().nullable().describe('PHP owed for this month’s deliveries'),
  }),
  production: z.object({
    runs: z.number().int(),
    input_kg: z.string(),
    output_kg: z.string(),
    yield_pct: z.string().nullable().describe('Outputs ÷ inputs this month'),
    previous_yield_pct: z.string().nullable().describe('The same days last month'),
  }),
  dispatched: z.object({
    kg: periodChangeSchema.describe('This month against the same days last month'),
    sales: periodChangeSchema.nullable().describe('PHP, the same way'),
  }),
  stock: z.object({
    total_kg: z.string(),
    total_value: z.string().nullable(),
    by_material: z.array(
      z.object({
        material_id: z.string().uuid(),
        name: z.string(),
        kg: z.string(),
        value: z.string().nullable(),
      }),
    ),
  }),
  payables: z.string().nullable().describe('PHP we owe suppliers'),
  receivables: z.string().nullable().describe('PHP customers owe us'),
  credits: z
    .object({ year: z.number().int(), issued: z.number().int(), retired: z.number().int() })
    .nullable(),
  trend: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      received_kg: z.string(),
      produced_kg: z.string(),
      dispatched_kg: z.string(),
    }),
  ),
  alerts: z.array(
    z.object({
      kind: z.enum(DASHBOARD_ALERTS),
      severity: z.enum(['warning', 'critical']),
      count: z.number().int(),
      message: z.string(),
      link: z.string(),
    }),
  ),
  iot_alerts: iotAlertsSummarySchema
    .nullable()
    .describe('Open anomaly alerts of devices and records; null for a role that may not see devices'),
});
