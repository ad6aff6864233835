import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { str } from './wire.ts';

// Anomaly alerts (docs/architecture.md "Devices and identification"): what the IoT rules found — a device
// gone silent, a weight typed where a scale stands, a run's energy or throughput out of line, a truck far
// from the scale that weighed it, a scale past its calibration — open until a person acknowledges it or
// its condition ends.

export const IOT_ALERT_RULES = [
  'offline',
  'manual_weight',
  'energy_band',
  'over_capacity',
  'gps_far',
  'calibration_overdue',
] as const;
export type IotAlertRule = (typeof IOT_ALERT_RULES)[number];

export const IOT_ALERT_RULE_LABELS: Record<IotAlertRule, string> = {
  offline: 'Device offline',
  manual_weight: 'Weight typed by hand',
  energy_band: 'Energy out of band',
  over_capacity: 'Above capacity',
  gps_far: 'Truck away from the scale',
  calibration_overdue: 'Calibration overdue',
};

export const IOT_ALERT_STATES = ['open', 'acknowledged', 'resolved', 'all'] as const;
export type IotAlertState = (typeof IOT_ALERT_STATES)[number];

/** The records an alert can be about; `link` is the web path of the record. */
export const IOT_ALERT_SUBJECTS = ['receive_record', 'dispatch_record', 'production_record'] as const;

export const iotAlertListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  state: z.enum(IOT_ALERT_STATES).default('open'),
  device_id: z.string().uuid().optional(),
  rule: z.enum(IOT_ALERT_RULES).optional(),
});

export const iotAlertAcknowledgeSchema = z.object({
  note: str().trim().max(500).optional().describe('Why it is fine, or what was done'),
});

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

export const iotAlertSchema = z
  .object({
    id: z.string().uuid(),
    rule: z.enum(IOT_ALERT_RULES),
    state: z.enum(['open', 'acknowledged', 'resolved']),
    device: ref.nullable(),
    subject: z
      .object({
        type: z.enum(IOT_ALERT_SUBJECTS),
        id: z.string().uuid(),
        number: z.string(),
        link: z.string().describe('The record’s page, a path of the web app'),
      })
      .nullable()
      .describe('The record it concerns; null for a device-wide alert (offline, calibration)'),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).describe('The figures the rule compared'),
    raised_at: z.string(),
    resolved_at: z.string().nullable().describe('When its condition ended (or its record was voided)'),
    acknowledged_at: z.string().nullable(),
    acknowledged_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
    acknowledged_note: z.string().nullable(),
  })
  .meta({ id: 'IotAlert' });
export type IotAlert = z.infer<typeof iotAlertSchema>;

/** The dashboard's part: open alerts (neither acknowledged nor resolved), the newest few. */
export const iotAlertsSummarySchema = z.object({
  open: z.number().int(),
  newest: z.array(iotAlertSchema),
});
