-- Anomaly alerts (docs/architecture.md "Devices and identification"): the rules' worker raises an alert by
-- INSERT … ON CONFLICT DO NOTHING, so this index is what keeps one alert per rule, device and subject
-- unresolved, whichever instance or round raised it first. An acknowledged alert stays unresolved (and so
-- blocks a duplicate) until its condition ends; a resolved one frees the slot for the next occurrence.
-- A device-wide alert (offline, calibration) has no subject, and a run's alert may have no device: the
-- COALESCE makes those NULLs equal, as the index must treat them.
CREATE UNIQUE INDEX "iot_alerts_one_open" ON "iot_alerts" USING btree ("organization_id","rule",COALESCE("device_id", '00000000-0000-0000-0000-000000000000'::uuid),COALESCE("subject_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE resolved_at IS NULL;
--> statement-breakpoint
-- The note a person leaves when acknowledging (also in the audit trail).
ALTER TABLE "iot_alerts" ADD COLUMN "acknowledged_note" text;
--> statement-breakpoint
-- The list's "open" filter and the dashboard's count read only unresolved, unacknowledged alerts.
CREATE INDEX "iot_alerts_open" ON "iot_alerts" USING btree ("organization_id","raised_at" DESC NULLS LAST) WHERE resolved_at IS NULL AND acknowledged_at IS NULL;
