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
ALTER TABLE "daily_facts" ADD CONSTRAINT "daily_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_facts_organization_id_measure_day_index" ON "daily_facts" USING btree ("organization_id","measure","day");--> statement-breakpoint
CREATE INDEX "daily_facts_organization_id_day_index" ON "daily_facts" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "fact_marks_organization_id_day_index" ON "fact_marks" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "customer_ledger_organization_id_posted_at_index" ON "customer_ledger" USING btree ("organization_id","posted_at");--> statement-breakpoint
CREATE INDEX "lots_quarantined" ON "lots" USING btree ("organization_id") WHERE status = 'quarantined';--> statement-breakpoint
CREATE INDEX "stock_movements_organization_id_posted_at_index" ON "stock_movements" USING btree ("organization_id","posted_at");--> statement-breakpoint
CREATE INDEX "supplier_ledger_organization_id_posted_at_index" ON "supplier_ledger" USING btree ("organization_id","posted_at");