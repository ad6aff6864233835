CREATE TYPE "public"."packaging_category" AS ENUM('sachet', 'flexible_laminate', 'rigid', 'bag', 'polystyrene', 'other');--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"bom_version_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"component_id" uuid NOT NULL,
	"quantity" numeric(12, 4) NOT NULL,
	CONSTRAINT "bom_lines_bomVersionId_lineNo_unique" UNIQUE("bom_version_id","line_no"),
	CONSTRAINT "bom_lines_quantity" CHECK ("bom_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "bom_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"effective_from" date NOT NULL,
	"notes" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_versions_productId_versionNo_unique" UNIQUE("product_id","version_no")
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"polymer" "polymer" NOT NULL,
	"packaging_category" "packaging_category" NOT NULL,
	"mass_g" numeric(12, 3) NOT NULL,
	"recycled_content_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"colour" text,
	"material_id" uuid,
	"supplier_id" uuid,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "components_organizationId_code_unique" UNIQUE("organization_id","code"),
	CONSTRAINT "components_mass" CHECK ("components"."mass_g" > 0),
	CONSTRAINT "components_recycled" CHECK ("components"."recycled_content_pct" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gtin" text,
	"unit" text DEFAULT 'piece' NOT NULL,
	"packaging_format" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_bom_version_id_bom_versions_id_fk" FOREIGN KEY ("bom_version_id") REFERENCES "public"."bom_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_lines_organization_id_component_id_index" ON "bom_lines" USING btree ("organization_id","component_id");--> statement-breakpoint
CREATE INDEX "bom_versions_organization_id_product_id_index" ON "bom_versions" USING btree ("organization_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_gtin_unique" ON "products" USING btree ("organization_id","gtin") WHERE gtin IS NOT NULL;--> statement-breakpoint
-- A BOM version is evidence of what a product was made of from its day on (the footprint reported
-- under RA 11898 is computed from it): versions and their lines are only ever added.
CREATE TRIGGER bom_versions_append_only BEFORE UPDATE OR DELETE ON bom_versions
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER bom_lines_append_only BEFORE UPDATE OR DELETE ON bom_lines
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER bom_versions_no_truncate BEFORE TRUNCATE ON bom_versions
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER bom_lines_no_truncate BEFORE TRUNCATE ON bom_lines
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
