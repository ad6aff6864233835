CREATE TYPE "public"."stock_count_status" AS ENUM('open', 'posted', 'cancelled');--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"book_kg" numeric(14, 3) NOT NULL,
	"book_value_php" numeric(14, 2) NOT NULL,
	"counted_kg" numeric(14, 3),
	"counted_by" uuid,
	"counted_at" timestamp with time zone,
	"adjusted_kg" numeric(14, 3),
	"adjusted_value_php" numeric(14, 2),
	CONSTRAINT "stock_count_lines_countId_lotId_unique" UNIQUE("count_id","lot_id"),
	CONSTRAINT "stock_count_lines_quantities" CHECK ("stock_count_lines"."book_kg" >= 0 AND ("stock_count_lines"."counted_kg" IS NULL OR "stock_count_lines"."counted_kg" >= 0))
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" "stock_count_status" DEFAULT 'open' NOT NULL,
	"facility_id" uuid NOT NULL,
	"material_id" uuid,
	"notes" text,
	"created_by" uuid NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_counts_organizationId_number_unique" UNIQUE("organization_id","number")
);
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_lines_organization_id_lot_id_index" ON "stock_count_lines" USING btree ("organization_id","lot_id");--> statement-breakpoint
CREATE INDEX "stock_counts_organization_id_created_at_id_index" ON "stock_counts" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_counts_organization_id_facility_id_status_index" ON "stock_counts" USING btree ("organization_id","facility_id","status");--> statement-breakpoint
-- A posted or cancelled count is evidence of what was found and what the ledger was told: it and its
-- lines never change again, and neither is ever deleted (an open count is cancelled instead).
CREATE FUNCTION reject_closed_stock_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'open' THEN
    RAISE EXCEPTION 'stock count % is %: % is not allowed', OLD.number, OLD.status, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_counts_frozen BEFORE UPDATE OR DELETE ON stock_counts
  FOR EACH ROW EXECUTE FUNCTION reject_closed_stock_count_change();
--> statement-breakpoint
CREATE FUNCTION reject_closed_stock_count_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  count_status stock_count_status;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'stock_count_lines: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT status INTO count_status FROM stock_counts WHERE id = NEW.count_id;
  IF count_status <> 'open' OR (TG_OP = 'UPDATE' AND NEW.count_id <> OLD.count_id) THEN
    RAISE EXCEPTION 'stock count line of a % count: % is not allowed', count_status, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_count_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON stock_count_lines
  FOR EACH ROW EXECUTE FUNCTION reject_closed_stock_count_line_change();
