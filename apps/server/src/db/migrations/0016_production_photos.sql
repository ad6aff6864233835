CREATE TABLE "production_photos" (
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "production_photos_record_id_file_id_pk" PRIMARY KEY("record_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "production_photos" ADD CONSTRAINT "production_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_photos" ADD CONSTRAINT "production_photos_record_id_production_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."production_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_photos" ADD CONSTRAINT "production_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;