CREATE TYPE "public"."device_kind" AS ENUM('weighbridge', 'platform_scale', 'energy_meter', 'gps_tracker', 'environment_sensor');--> statement-breakpoint
CREATE TYPE "public"."iot_alert_rule" AS ENUM('offline', 'manual_weight', 'energy_band', 'over_capacity', 'gps_far', 'calibration_overdue');--> statement-breakpoint
CREATE TYPE "public"."spectrum_technique" AS ENUM('FTIR', 'NIR', 'Raman');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"device_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_keys_secretHash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "device_calibrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"calibrated_on" date NOT NULL,
	"certificate_no" text NOT NULL,
	"next_due_on" date NOT NULL,
	"calibrated_by" text,
	"notes" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_calibrations_due" CHECK ("device_calibrations"."next_due_on" > "device_calibrations"."calibrated_on")
);
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"value" double precision,
	"unit" text,
	"stable" boolean,
	"latitude" double precision,
	"longitude" double precision,
	"api_key_id" uuid,
	"entered_by" uuid,
	CONSTRAINT "device_readings_deviceId_seq_unique" UNIQUE("device_id","seq")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "device_kind" NOT NULL,
	"facility_id" uuid,
	"production_line_id" uuid,
	"vehicle_id" uuid,
	"capacity_kg" numeric(14, 3),
	"offline_after_minutes" integer DEFAULT 15 NOT NULL,
	"manufacturer" text,
	"model" text,
	"serial_no" text,
	"notes" text,
	"last_reading_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_organizationId_code_unique" UNIQUE("organization_id","code"),
	CONSTRAINT "devices_offline_after" CHECK ("devices"."offline_after_minutes" BETWEEN 1 AND 10080),
	CONSTRAINT "devices_capacity" CHECK ("devices"."capacity_kg" IS NULL OR "devices"."capacity_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"technique" "spectrum_technique" NOT NULL,
	"file_name" text,
	"wavenumbers" real[] NOT NULL,
	"intensities" real[] NOT NULL,
	"best_polymer" text,
	"best_score" real,
	"result" jsonb NOT NULL,
	"lot_id" uuid,
	"receive_line_id" uuid,
	"material_id" uuid,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"rule" "iot_alert_rule" NOT NULL,
	"device_id" uuid,
	"subject_type" text,
	"subject_id" uuid,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_note" text
);
--> statement-breakpoint
CREATE TABLE "reference_spectra" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"polymer" text NOT NULL,
	"name" text NOT NULL,
	"technique" "spectrum_technique" NOT NULL,
	"wavenumbers" real[] NOT NULL,
	"intensities" real[] NOT NULL,
	"notes" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trip_points" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD COLUMN "reading_id" bigint;--> statement-breakpoint
ALTER TABLE "production_records" ADD COLUMN "meter_device_id" uuid;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD COLUMN "reading_id" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_calibrations" ADD CONSTRAINT "device_calibrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_production_line_id_production_lines_id_fk" FOREIGN KEY ("production_line_id") REFERENCES "public"."production_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_receive_line_id_receive_lines_id_fk" FOREIGN KEY ("receive_line_id") REFERENCES "public"."receive_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alerts" ADD CONSTRAINT "iot_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alerts" ADD CONSTRAINT "iot_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_alerts" ADD CONSTRAINT "iot_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_spectra" ADD CONSTRAINT "reference_spectra_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_spectra" ADD CONSTRAINT "reference_spectra_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organization_id_created_at_index" ON "api_keys" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_calibrations_device_id_calibrated_on_index" ON "device_calibrations" USING btree ("device_id","calibrated_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_readings_device_id_recorded_at_index" ON "device_readings" USING btree ("device_id","recorded_at");--> statement-breakpoint
CREATE INDEX "device_readings_recorded_brin" ON "device_readings" USING brin ("recorded_at");--> statement-breakpoint
CREATE INDEX "devices_organization_id_kind_index" ON "devices" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "identifications_organization_id_created_at_id_index" ON "identifications" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "iot_alerts_organization_id_raised_at_index" ON "iot_alerts" USING btree ("organization_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "iot_alerts_device_id_raised_at_index" ON "iot_alerts" USING btree ("device_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "iot_alerts_one_open" ON "iot_alerts" USING btree ("organization_id","rule",COALESCE("device_id", '00000000-0000-0000-0000-000000000000'::uuid),COALESCE("subject_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "iot_alerts_open" ON "iot_alerts" USING btree ("organization_id","raised_at" DESC NULLS LAST) WHERE resolved_at IS NULL AND acknowledged_at IS NULL;--> statement-breakpoint
CREATE INDEX "reference_spectra_organization_id_polymer_index" ON "reference_spectra" USING btree ("organization_id","polymer");--> statement-breakpoint
ALTER TABLE "trip_points" ADD CONSTRAINT "trip_points_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_lines_reading_id_index" ON "dispatch_lines" USING btree ("reading_id") WHERE "dispatch_lines"."reading_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "receive_lines_reading_id_index" ON "receive_lines" USING btree ("reading_id") WHERE "receive_lines"."reading_id" IS NOT NULL;