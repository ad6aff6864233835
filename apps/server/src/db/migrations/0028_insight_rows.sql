CREATE TABLE "daily_facts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"facility_id" uuid,
	"material_id" uuid,
	"supplier_id" uuid,
	"customer_id" uuid,
	"production_line_id" uuid,
	"process_code" text,
	"kind" text,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg2" numeric(18, 3) DEFAULT '0' NOT NULL,
	"php" numeric(18, 2) DEFAULT '0' NOT NULL,
	"php2" numeric(18, 2) DEFAULT '0' NOT NULL,
	"kwh" numeric(16, 2) DEFAULT '0' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_facts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"measure" text NOT NULL,
	"facility_id" uuid,
	"material_id" uuid,
	"supplier_id" uuid,
	"customer_id" uuid,
	"production_line_id" uuid,
	"process_code" text,
	"kind" text,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg2" numeric(18, 3) DEFAULT '0' NOT NULL,
	"php" numeric(18, 2) DEFAULT '0' NOT NULL,
	"php2" numeric(18, 2) DEFAULT '0' NOT NULL,
	"kwh" numeric(16, 2) DEFAULT '0' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impact_pages" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"headline" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"report" text NOT NULL,
	"format" text DEFAULT 'pdf' NOT NULL,
	"recipient_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_sent_for" date,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_report" CHECK ("report_schedules"."report" IN ('daily', 'monthly', 'annual', 'inventory')),
	CONSTRAINT "report_schedules_format" CHECK ("report_schedules"."format" IN ('pdf', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_file_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_facts" ADD CONSTRAINT "daily_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD CONSTRAINT "monthly_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_pages" ADD CONSTRAINT "impact_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_pages" ADD CONSTRAINT "impact_pages_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_facts_organization_id_measure_day_index" ON "daily_facts" USING btree ("organization_id","measure","day");--> statement-breakpoint
CREATE INDEX "daily_facts_organization_id_day_index" ON "daily_facts" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "fact_marks_organization_id_day_index" ON "fact_marks" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "monthly_facts_organization_id_measure_day_index" ON "monthly_facts" USING btree ("organization_id","measure","day");--> statement-breakpoint
CREATE INDEX "report_schedules_organization_id_index" ON "report_schedules" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "customer_ledger_organization_id_posted_at_index" ON "customer_ledger" USING btree ("organization_id","posted_at");--> statement-breakpoint
CREATE INDEX "lots_quarantined" ON "lots" USING btree ("organization_id") WHERE status = 'quarantined';--> statement-breakpoint
CREATE INDEX "stock_movements_organization_id_posted_at_index" ON "stock_movements" USING btree ("organization_id","posted_at");--> statement-breakpoint
CREATE INDEX "supplier_ledger_organization_id_posted_at_index" ON "supplier_ledger" USING btree ("organization_id","posted_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id");
