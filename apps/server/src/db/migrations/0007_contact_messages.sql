CREATE TYPE "public"."contact_topic" AS ENUM('beta_access', 'support', 'privacy', 'partnership', 'other');--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organization" text,
	"topic" "contact_topic" NOT NULL,
	"message" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_email_index" ON "contact_messages" USING btree ("email");