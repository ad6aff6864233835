CREATE TABLE "claim_totals" (
	"organization_id" uuid NOT NULL,
	"claim_type" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"recovery_record_id" uuid NOT NULL,
	"fate" text NOT NULL,
	"claimed_kg" numeric(14, 3) NOT NULL,
	CONSTRAINT "claim_totals_claim_type_lot_id_recovery_record_id_fate_pk" PRIMARY KEY("claim_type","lot_id","recovery_record_id","fate"),
	CONSTRAINT "claim_totals_nonnegative" CHECK ("claim_totals"."claimed_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"claim_type" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"recovery_record_id" uuid NOT NULL,
	"fate" text NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"coc_model" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_kg_nonzero" CHECK ("claims"."kg" <> 0),
	CONSTRAINT "claims_fate" CHECK ("claims"."fate" IN ('recycling', 'co_processing')),
	CONSTRAINT "claims_type" CHECK ("claims"."claim_type" IN ('epr_credit', 'plastic_credit', 'recycled_content', 'waste_diversion', 'co2e')),
	CONSTRAINT "claims_coc_model" CHECK ("claims"."coc_model" IN ('identity_preserved', 'segregated', 'controlled_blending', 'mass_balance', 'book_and_claim'))
);
--> statement-breakpoint
CREATE TABLE "compliance_footprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"category" "packaging_category" NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"entered_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_footprints_kg" CHECK ("compliance_footprints"."kg" >= 0),
	CONSTRAINT "compliance_footprints_source" CHECK ("compliance_footprints"."source" IN ('entered', 'boms'))
);
--> statement-breakpoint
CREATE TABLE "compliance_profiles" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"obliged" boolean NOT NULL,
	"enterprise_kind" text NOT NULL,
	"total_assets_php" numeric(16, 2),
	"registration_no" text,
	"recovery_cost_php_per_kg" numeric(12, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"batch_no" integer NOT NULL,
	"serial_prefix" text NOT NULL,
	"country" char(2) NOT NULL,
	"programme" text NOT NULL,
	"facility_id" uuid NOT NULL,
	"vintage" integer NOT NULL,
	"fate" text NOT NULL,
	"material_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"coc_model" text NOT NULL,
	"collector_pay_php" numeric(16, 2) NOT NULL,
	"collector_pay_per_kg" numeric(12, 4) NOT NULL,
	"evidence" jsonb NOT NULL,
	"issued_by" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_batches_serialPrefix_unique" UNIQUE("serial_prefix"),
	CONSTRAINT "credit_batches_organizationId_vintage_batchNo_unique" UNIQUE("organization_id","vintage","batch_no"),
	CONSTRAINT "credit_batches_quantity" CHECK ("credit_batches"."quantity" > 0),
	CONSTRAINT "credit_batches_fate" CHECK ("credit_batches"."fate" IN ('recycling', 'co_processing'))
);
--> statement-breakpoint
CREATE TABLE "credit_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"first_no" integer NOT NULL,
	"last_no" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"beneficiary" text,
	"compliance_year" integer,
	"purpose" text,
	"retired_by" uuid,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_blocks_range" CHECK ("credit_blocks"."first_no" >= 1 AND "credit_blocks"."last_no" >= "credit_blocks"."first_no"),
	CONSTRAINT "credit_blocks_status" CHECK ("credit_blocks"."status" IN ('held', 'retired')),
	CONSTRAINT "credit_blocks_retirement" CHECK (("credit_blocks"."status" = 'retired') = ("credit_blocks"."beneficiary" IS NOT NULL AND "credit_blocks"."compliance_year" IS NOT NULL AND "credit_blocks"."retired_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"first_no" integer NOT NULL,
	"last_no" integer NOT NULL,
	"kind" text NOT NULL,
	"from_organization_id" uuid,
	"to_organization_id" uuid NOT NULL,
	"beneficiary" text,
	"compliance_year" integer,
	"purpose" text,
	"note" text,
	"by_user" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_movements_range" CHECK ("credit_movements"."first_no" >= 1 AND "credit_movements"."last_no" >= "credit_movements"."first_no"),
	CONSTRAINT "credit_movements_kind" CHECK ("credit_movements"."kind" IN ('issued', 'transferred', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "diversion_certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_name" text NOT NULL,
	"client_type" text NOT NULL,
	"client_address" text,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"lines" jsonb NOT NULL,
	"total_kg" numeric(14, 3) NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"notes" text,
	"issued_by" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	CONSTRAINT "diversion_certificates_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "diversion_certificates_period" CHECK ("diversion_certificates"."period_to" >= "diversion_certificates"."period_from"),
	CONSTRAINT "diversion_certificates_kg" CHECK ("diversion_certificates"."total_kg" > 0),
	CONSTRAINT "diversion_certificates_revoked" CHECK (("diversion_certificates"."revoked_at" IS NULL) = ("diversion_certificates"."revoke_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ecar_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"version_no" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"content_sha256" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" uuid,
	"signed_at" timestamp with time zone,
	"opinion" text,
	CONSTRAINT "ecar_reports_organizationId_year_versionNo_unique" UNIQUE("organization_id","year","version_no"),
	CONSTRAINT "ecar_reports_status" CHECK ("ecar_reports"."status" IN ('draft', 'signed_off')),
	CONSTRAINT "ecar_reports_signed" CHECK (("ecar_reports"."status" = 'signed_off') = ("ecar_reports"."signed_by" IS NOT NULL AND "ecar_reports"."signed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ecar_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"reviewed_by" uuid NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecar_reviews_decision" CHECK ("ecar_reviews"."decision" IN ('accepted', 'queried', 'rejected')),
	CONSTRAINT "ecar_reviews_comment" CHECK ("ecar_reviews"."decision" = 'accepted' OR "ecar_reviews"."comment" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "organization_logos" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_totals" ADD CONSTRAINT "claim_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_footprints" ADD CONSTRAINT "compliance_footprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_footprints" ADD CONSTRAINT "compliance_footprints_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_profiles" ADD CONSTRAINT "compliance_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_batches" ADD CONSTRAINT "credit_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_batches" ADD CONSTRAINT "credit_batches_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_batches" ADD CONSTRAINT "credit_batches_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_blocks" ADD CONSTRAINT "credit_blocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_blocks" ADD CONSTRAINT "credit_blocks_batch_id_credit_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."credit_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_blocks" ADD CONSTRAINT "credit_blocks_retired_by_users_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_batch_id_credit_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."credit_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_by_user_users_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversion_certificates" ADD CONSTRAINT "diversion_certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversion_certificates" ADD CONSTRAINT "diversion_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversion_certificates" ADD CONSTRAINT "diversion_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reports" ADD CONSTRAINT "ecar_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reports" ADD CONSTRAINT "ecar_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reports" ADD CONSTRAINT "ecar_reports_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reviews" ADD CONSTRAINT "ecar_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reviews" ADD CONSTRAINT "ecar_reviews_report_id_ecar_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."ecar_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecar_reviews" ADD CONSTRAINT "ecar_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_organization_id_lot_id_index" ON "claims" USING btree ("organization_id","lot_id");--> statement-breakpoint
CREATE INDEX "claims_source_kind_source_id_index" ON "claims" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "compliance_footprints_organization_id_year_category_created_at_index" ON "compliance_footprints" USING btree ("organization_id","year","category","created_at");--> statement-breakpoint
CREATE INDEX "credit_batches_organization_id_issued_at_index" ON "credit_batches" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "credit_blocks_organization_id_status_index" ON "credit_blocks" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "credit_blocks_batch_id_first_no_index" ON "credit_blocks" USING btree ("batch_id","first_no");--> statement-breakpoint
CREATE INDEX "credit_movements_to_organization_id_at_index" ON "credit_movements" USING btree ("to_organization_id","at");--> statement-breakpoint
CREATE INDEX "credit_movements_from_organization_id_at_index" ON "credit_movements" USING btree ("from_organization_id","at");--> statement-breakpoint
CREATE INDEX "credit_movements_batch_id_first_no_index" ON "credit_movements" USING btree ("batch_id","first_no");--> statement-breakpoint
CREATE INDEX "diversion_certificates_organization_id_issued_at_index" ON "diversion_certificates" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "ecar_reviews_report_id_item_key_reviewed_at_index" ON "ecar_reviews" USING btree ("report_id","item_key","reviewed_at");