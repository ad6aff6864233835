CREATE TYPE "public"."franchise_fee_kind" AS ENUM('royalty_pct', 'per_kg', 'fixed_monthly');--> statement-breakpoint
CREATE TYPE "public"."stop_kind" AS ENUM('pickup', 'delivery');--> statement-breakpoint
CREATE TYPE "public"."trip_status" AS ENUM('planned', 'in_transit', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "franchisees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"phone" text,
	"address_line" text,
	"city" text,
	"province" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"agreement_start" date NOT NULL,
	"agreement_end" date,
	"fee_kind" "franchise_fee_kind" NOT NULL,
	"fee_value" numeric(12, 2) NOT NULL,
	"monthly_target_kg" numeric(14, 3) NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchisees_organizationId_code_unique" UNIQUE("organization_id","code"),
	CONSTRAINT "franchisees_organizationId_supplierId_unique" UNIQUE("organization_id","supplier_id"),
	CONSTRAINT "franchisees_target" CHECK ("franchisees"."monthly_target_kg" >= 0 AND "franchisees"."fee_value" >= 0),
	CONSTRAINT "franchisees_agreement" CHECK ("franchisees"."agreement_end" IS NULL OR "franchisees"."agreement_end" >= "franchisees"."agreement_start")
);
--> statement-breakpoint
CREATE TABLE "trip_points" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_stops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"kind" "stop_kind" NOT NULL,
	"supplier_id" uuid,
	"customer_id" uuid,
	"facility_id" uuid,
	"receive_record_id" uuid,
	"dispatch_record_id" uuid,
	"address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"planned_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"notes" text,
	CONSTRAINT "trip_stops_tripId_seq_unique" UNIQUE("trip_id","seq"),
	CONSTRAINT "trip_stops_party" CHECK (("trip_stops"."kind" = 'pickup' AND "trip_stops"."customer_id" IS NULL AND "trip_stops"."dispatch_record_id" IS NULL)
        OR ("trip_stops"."kind" = 'delivery' AND "trip_stops"."supplier_id" IS NULL AND "trip_stops"."receive_record_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" "trip_status" DEFAULT 'planned' NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"planned_on" date NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"distance_km" numeric(10, 1),
	"payload_kg" numeric(14, 3),
	"co2e_kg" numeric(12, 3),
	"co2e_factor" numeric(8, 5),
	"co2e_source" text,
	"notes" text,
	"created_by" uuid NOT NULL,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "trips_distance" CHECK ("trips"."distance_km" IS NULL OR "trips"."distance_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transport_emission_factors" (
	"vehicle_type" text PRIMARY KEY NOT NULL,
	"kg_co2e_per_tonne_km" numeric(8, 5) NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"ref_version" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_points" ADD CONSTRAINT "trip_points_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_points" ADD CONSTRAINT "trip_points_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_receive_record_id_receive_records_id_fk" FOREIGN KEY ("receive_record_id") REFERENCES "public"."receive_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_dispatch_record_id_dispatch_records_id_fk" FOREIGN KEY ("dispatch_record_id") REFERENCES "public"."dispatch_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_points_trip_id_recorded_at_index" ON "trip_points" USING btree ("trip_id","recorded_at");--> statement-breakpoint
CREATE INDEX "trip_stops_organization_id_dispatch_record_id_index" ON "trip_stops" USING btree ("organization_id","dispatch_record_id");--> statement-breakpoint
CREATE INDEX "trip_stops_organization_id_receive_record_id_index" ON "trip_stops" USING btree ("organization_id","receive_record_id");--> statement-breakpoint
CREATE INDEX "trips_organization_id_planned_on_id_index" ON "trips" USING btree ("organization_id","planned_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Road freight's kg CO2e per tonne-km by vehicle type (docs/architecture.md "Domain model": logistics). The
-- reference sources we hold carry none: these are Defra/DECC's direct (scope 1) factors for diesel trucks
-- at UK average loads, from a secondary copy, kept unverified until checked against a current edition
-- (DESNZ publishes them yearly). A tricycle has no factor: its trips show no transport emissions.
INSERT INTO transport_emission_factors (vehicle_type, kg_co2e_per_tonne_km, source, verified, ref_version) VALUES
  ('pickup', 0.58542, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, rigid truck >3.5–7.5 t, UK average load, direct GHG (the smallest class it gives; secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('closed_van', 0.58542, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, rigid truck >3.5–7.5 t, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('dropside', 0.35410, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, rigid truck >7.5–17 t, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('wing_van', 0.19234, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, rigid truck >17 t, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('dump_truck', 0.19234, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, rigid truck >17 t, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('tractor_trailer', 0.08473, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, articulated truck >33 t, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3'),
  ('other', 0.12366, 'Defra/DECC 2012 GHG Conversion Factors, Annex 7 Table 7e, all HGVs, UK average load, direct GHG (secondary copy, verify before reporting)', false, 'ref-2026.3');
