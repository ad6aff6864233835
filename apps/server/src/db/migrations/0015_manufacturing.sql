ALTER TABLE "materials" ADD COLUMN "is_virgin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "production_records" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "production_records" ADD COLUMN "bom_version_id" uuid;--> statement-breakpoint
ALTER TABLE "production_records" ADD COLUMN "units" numeric(14, 0);--> statement-breakpoint
ALTER TABLE "production_records" ADD COLUMN "recycled_content_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "process_types" ADD COLUMN "manufacturing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "recycled_content_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_bom_version_id_bom_versions_id_fk" FOREIGN KEY ("bom_version_id") REFERENCES "public"."bom_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Steps that make finished products; no authoritative energy figure exists for them.
INSERT INTO process_types (code, name, description, kwh_per_tonne, energy_source, manufacturing, sort_order, ref_version) VALUES
  ('moulding', 'Moulding', 'Injection, blow or stretch-blow moulding of resin into containers, caps and parts.', NULL, 'No authoritative figure: configure per line or meter it', true, 90, 'ref-2026.2'),
  ('film_blowing', 'Film blowing', 'Blown-film extrusion of resin into film, bags and sachet webs.', NULL, 'No authoritative figure: configure per line or meter it', true, 100, 'ref-2026.2'),
  ('filling', 'Filling and packing', 'Filling and sealing product into its packaging.', NULL, 'No authoritative figure: configure per line or meter it', true, 110, 'ref-2026.2');
