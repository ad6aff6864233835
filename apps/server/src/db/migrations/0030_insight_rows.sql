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
ALTER TABLE "impact_pages" ADD CONSTRAINT "impact_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_pages" ADD CONSTRAINT "impact_pages_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_organization_id_index" ON "report_schedules" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id");
