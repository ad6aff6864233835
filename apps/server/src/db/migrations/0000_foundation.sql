CREATE TYPE "public"."facility_type" AS ENUM('mrf', 'junkshop', 'recycling_plant', 'warehouse');--> statement-breakpoint
CREATE TYPE "public"."material_form" AS ENUM('bottles', 'film', 'rigid', 'mixed', 'bale', 'flake', 'pellet', 'regrind');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'gcash', 'bank');--> statement-breakpoint
CREATE TYPE "public"."polymer" AS ENUM('PET', 'HDPE', 'PVC', 'LDPE', 'PP', 'PS', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."supplier_type" AS ENUM('waste_picker', 'junkshop', 'aggregator', 'cooperative', 'lgu', 'company');--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "facility_type" NOT NULL,
	"address_line" text,
	"barangay" text,
	"city" text NOT NULL,
	"province" text,
	"region" text,
	"country" text DEFAULT 'PH' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"permits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"polymer" "polymer" NOT NULL,
	"form" "material_form" NOT NULL,
	"grade" text DEFAULT 'A' NOT NULL,
	"resin_code" smallint,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"grade" text DEFAULT 'A' NOT NULL,
	"region" text NOT NULL,
	"price_per_kg" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_positive" CHECK ("prices"."price_per_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "supplier_type" NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address_line" text,
	"city" text,
	"province" text,
	"payment_method" "payment_method" DEFAULT 'cash' NOT NULL,
	"payment_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"country" char(2) DEFAULT 'PH' NOT NULL,
	"default_currency" char(3) DEFAULT 'USD' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Manila' NOT NULL,
	"business_role" text,
	"epr_license" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "epr_countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"law" text NOT NULL,
	"regulation" text NOT NULL,
	"currency" char(3) NOT NULL,
	"baseline_year" integer NOT NULL,
	"obliged_enterprises" text NOT NULL,
	"covered_packaging" text NOT NULL,
	"penalty" text NOT NULL,
	"source" text NOT NULL,
	"ref_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epr_targets" (
	"country_code" char(2) NOT NULL,
	"year" integer NOT NULL,
	"recovery_target_pct" numeric(5, 2) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "epr_targets_country_code_year_pk" PRIMARY KEY("country_code","year")
);
--> statement-breakpoint
CREATE TABLE "material_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"polymer" text NOT NULL,
	"form" text NOT NULL,
	"resin_code" smallint,
	"description" text NOT NULL,
	"recycling_kg_co2e_per_t" numeric(10, 1),
	"virgin_kg_co2e_per_t" numeric(10, 1),
	"factor_source" text NOT NULL,
	"factor_verified" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"ref_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"kwh_per_tonne" numeric(10, 1),
	"energy_source" text NOT NULL,
	"sort_order" integer NOT NULL,
	"ref_version" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epr_targets" ADD CONSTRAINT "epr_targets_country_code_epr_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."epr_countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facilities_organization_id_name_index" ON "facilities" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "prices_organization_id_material_id_region_effective_from_index" ON "prices" USING btree ("organization_id","material_id","region","effective_from");--> statement-breakpoint
CREATE INDEX "suppliers_organization_id_name_index" ON "suppliers" USING btree ("organization_id","name");