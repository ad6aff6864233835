CREATE TABLE "epcis_captured_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"capture_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_hash" text NOT NULL,
	"event_type" text NOT NULL,
	"biz_step" text,
	"event_time" timestamp with time zone NOT NULL,
	"event" jsonb NOT NULL,
	"lot_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"captured_by" uuid,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epcis_captured_events_organizationId_eventHash_unique" UNIQUE("organization_id","event_hash"),
	CONSTRAINT "epcis_captured_events_organizationId_eventId_unique" UNIQUE("organization_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "passport_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"content" jsonb NOT NULL,
	"content_sha256" text NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passport_versions_passportId_versionNo_unique" UNIQUE("passport_id","version_no")
);
--> statement-breakpoint
CREATE TABLE "passports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passports_organizationId_lotId_unique" UNIQUE("organization_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "period_closes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"period_kind" text NOT NULL,
	"facility_id" uuid,
	"statement" jsonb NOT NULL,
	"statement_sha256" text NOT NULL,
	"closed_by" uuid NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "period_closes_period" CHECK ("period_closes"."period_end" >= "period_closes"."period_start"),
	CONSTRAINT "period_closes_kind" CHECK ("period_closes"."period_kind" IN ('month', 'quarter'))
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "gs1_company_prefix" text;--> statement-breakpoint
ALTER TABLE "epcis_captured_events" ADD CONSTRAINT "epcis_captured_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_captured_events" ADD CONSTRAINT "epcis_captured_events_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD CONSTRAINT "passport_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD CONSTRAINT "passport_versions_passport_id_passports_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."passports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD CONSTRAINT "passport_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_closes" ADD CONSTRAINT "period_closes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_closes" ADD CONSTRAINT "period_closes_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_closes" ADD CONSTRAINT "period_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_closes" ADD CONSTRAINT "period_closes_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epcis_captured_events_organization_id_event_time_index" ON "epcis_captured_events" USING btree ("organization_id","event_time");--> statement-breakpoint
CREATE INDEX "passport_versions_organization_id_published_at_index" ON "passport_versions" USING btree ("organization_id","published_at");--> statement-breakpoint
CREATE INDEX "passports_organization_id_updated_at_index" ON "passports" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "period_closes_organization_id_period_start_index" ON "period_closes" USING btree ("organization_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_gtin_unique" ON "materials" USING btree ("organization_id","gtin") WHERE gtin IS NOT NULL;--> statement-breakpoint
-- A published passport version is what a QR code already printed on a bag points at: never changed.
CREATE TRIGGER passport_versions_append_only BEFORE UPDATE OR DELETE ON passport_versions
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- A captured partner event is evidence received: stored as sent, never edited.
CREATE TRIGGER epcis_captured_events_append_only BEFORE UPDATE OR DELETE ON epcis_captured_events
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
