CREATE TYPE "public"."customer_type" AS ENUM('recycler', 'manufacturer', 'brand_owner', 'trader', 'exporter', 'co_processor', 'other');--> statement-breakpoint
CREATE TYPE "public"."lot_status" AS ENUM('available', 'in_process', 'quarantined', 'consumed', 'dispatched', 'voided');--> statement-breakpoint
CREATE TYPE "public"."record_status" AS ENUM('draft', 'posted', 'voided');--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "customer_type" NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address_line" text,
	"city" text,
	"province" text,
	"country" text DEFAULT 'PH' NOT NULL,
	"tin" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "org_process_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"reference_code" text NOT NULL,
	"kwh_per_tonne" numeric(10, 1),
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_process_types_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "production_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"process_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity_kg_per_h" numeric(10, 1),
	"rated_kw" numeric(10, 1),
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_lines_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_organization_id_name_pk" PRIMARY KEY("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"original_name" text,
	"captured_at" timestamp with time zone,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_organization_id_route_key_pk" PRIMARY KEY("organization_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "lot_balances" (
	"lot_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"qty_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"value_php" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_balances_not_negative" CHECK ("lot_balances"."qty_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"material_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"status" "lot_status" DEFAULT 'available' NOT NULL,
	"origin_type" text NOT NULL,
	"origin_id" uuid,
	"quarantine_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "receive_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"material_id" uuid NOT NULL,
	"gross_kg" numeric(14, 3) NOT NULL,
	"tare_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"net_kg" numeric(14, 3) NOT NULL,
	"deduction_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"payable_kg" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"lot_id" uuid,
	CONSTRAINT "receive_lines_recordId_lineNo_unique" UNIQUE("record_id","line_no"),
	CONSTRAINT "receive_lines_weights" CHECK ("receive_lines"."gross_kg" > 0 AND "receive_lines"."tare_kg" >= 0 AND "receive_lines"."net_kg" = "receive_lines"."gross_kg" - "receive_lines"."tare_kg" AND "receive_lines"."net_kg" > 0),
	CONSTRAINT "receive_lines_deduction" CHECK ("receive_lines"."deduction_pct" >= 0 AND "receive_lines"."deduction_pct" < 100),
	CONSTRAINT "receive_lines_money" CHECK ("receive_lines"."unit_price" >= 0 AND "receive_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receive_photos" (
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "receive_photos_record_id_file_id_pk" PRIMARY KEY("record_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "receive_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" "record_status" DEFAULT 'draft' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"weighbridge_ticket" text,
	"scale_device_id" text,
	"vehicle_plate" text,
	"notes" text,
	"created_by" uuid NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receive_records_organizationId_number_unique" UNIQUE("organization_id","number")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"qty_kg" numeric(14, 3) NOT NULL,
	"value_php" numeric(14, 2) DEFAULT '0' NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reason" text,
	"created_by" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_nonzero" CHECK ("stock_movements"."qty_kg" <> 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"method" "payment_method",
	"reference" text,
	"source_type" text,
	"source_id" uuid,
	"note" text,
	"created_by" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "type_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_process_types" ADD CONSTRAINT "org_process_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_process_types" ADD CONSTRAINT "org_process_types_reference_code_process_types_code_fk" FOREIGN KEY ("reference_code") REFERENCES "public"."process_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_lines" ADD CONSTRAINT "production_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_lines" ADD CONSTRAINT "production_lines_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_balances" ADD CONSTRAINT "lot_balances_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_balances" ADD CONSTRAINT "lot_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD CONSTRAINT "receive_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD CONSTRAINT "receive_lines_record_id_receive_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."receive_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD CONSTRAINT "receive_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_photos" ADD CONSTRAINT "receive_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_photos" ADD CONSTRAINT "receive_photos_record_id_receive_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."receive_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_photos" ADD CONSTRAINT "receive_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_ledger" ADD CONSTRAINT "supplier_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_ledger" ADD CONSTRAINT "supplier_ledger_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_ledger" ADD CONSTRAINT "supplier_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_organization_id_name_index" ON "customers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "files_organization_id_sha256_index" ON "files" USING btree ("organization_id","sha256");--> statement-breakpoint
CREATE INDEX "lot_balances_organization_id_facility_id_material_id_index" ON "lot_balances" USING btree ("organization_id","facility_id","material_id");--> statement-breakpoint
CREATE INDEX "lots_organization_id_facility_id_material_id_index" ON "lots" USING btree ("organization_id","facility_id","material_id");--> statement-breakpoint
CREATE INDEX "receive_records_organization_id_received_at_id_index" ON "receive_records" USING btree ("organization_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receive_records_organization_id_supplier_id_index" ON "receive_records" USING btree ("organization_id","supplier_id");--> statement-breakpoint
CREATE INDEX "stock_movements_organization_id_lot_id_posted_at_index" ON "stock_movements" USING btree ("organization_id","lot_id","posted_at");--> statement-breakpoint
CREATE INDEX "stock_movements_organization_id_facility_id_material_id_posted_at_index" ON "stock_movements" USING btree ("organization_id","facility_id","material_id","posted_at");--> statement-breakpoint
CREATE INDEX "supplier_ledger_organization_id_supplier_id_posted_at_index" ON "supplier_ledger" USING btree ("organization_id","supplier_id","posted_at");--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_type_code_material_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."material_types"("code") ON DELETE no action ON UPDATE no action;