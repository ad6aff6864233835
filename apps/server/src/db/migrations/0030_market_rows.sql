CREATE TABLE "market_deals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seller_order_id" uuid,
	"buyer_order_id" uuid,
	"payment_confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_deals_offerId_unique" UNIQUE("offer_id"),
	CONSTRAINT "market_deals_status" CHECK ("market_deals"."status" IN ('open', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "market_listing_lots" (
	"listing_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	CONSTRAINT "market_listing_lots_listingId_lotId_unique" UNIQUE("listing_id","lot_id"),
	CONSTRAINT "market_listing_lots_kg" CHECK ("market_listing_lots"."kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_reason" text,
	"title" text NOT NULL,
	"description" text,
	"material_id" uuid,
	"polymer" text,
	"form" text,
	"grade" text,
	"credit_batch_id" uuid,
	"credit_vintage" integer,
	"credit_fate" text,
	"unit" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"min_order" numeric(14, 3),
	"price" numeric(14, 2),
	"facility_id" uuid,
	"city" text,
	"province" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"available_from" date,
	"available_until" date,
	"quality_level" smallint DEFAULT 1 NOT NULL,
	"quality" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_listings_side" CHECK ("market_listings"."side" IN ('sell', 'buy')),
	CONSTRAINT "market_listings_kind" CHECK ("market_listings"."kind" IN ('material', 'credits')),
	CONSTRAINT "market_listings_status" CHECK ("market_listings"."status" IN ('active', 'paused', 'closed')),
	CONSTRAINT "market_listings_unit" CHECK (("market_listings"."kind" = 'material') = ("market_listings"."unit" = 'kg')),
	CONSTRAINT "market_listings_quantity" CHECK ("market_listings"."quantity" > 0),
	CONSTRAINT "market_listings_level" CHECK ("market_listings"."quality_level" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "market_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"parent_id" uuid,
	"seller_organization_id" uuid NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"from_organization_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"delivery_terms" text,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid NOT NULL,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_offers_parties" CHECK ("market_offers"."seller_organization_id" <> "market_offers"."buyer_organization_id"),
	CONSTRAINT "market_offers_status" CHECK ("market_offers"."status" IN ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "market_offers_quantity" CHECK ("market_offers"."quantity" > 0 AND "market_offers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deal_id" uuid NOT NULL,
	"from_organization_id" uuid NOT NULL,
	"to_organization_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_ratings_dealId_fromOrganizationId_unique" UNIQUE("deal_id","from_organization_id"),
	CONSTRAINT "market_ratings_stars" CHECK ("market_ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "market_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"lot_id" uuid,
	"credit_block_id" uuid,
	"listing_id" uuid NOT NULL,
	"deal_id" uuid,
	"order_id" uuid,
	"dispatch_id" uuid,
	"qty" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_reservations_target" CHECK (("market_reservations"."lot_id" IS NULL) <> ("market_reservations"."credit_block_id" IS NULL)),
	CONSTRAINT "market_reservations_qty" CHECK ("market_reservations"."qty" <> 0)
);
--> statement-breakpoint
CREATE TABLE "market_rfq_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rfq_id" uuid NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"offer_id" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_rfq_recipients_rfqId_sellerOrganizationId_unique" UNIQUE("rfq_id","seller_organization_id"),
	CONSTRAINT "market_rfq_recipients_status" CHECK ("market_rfq_recipients"."status" IN ('sent', 'quoted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "market_rfqs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"polymer" text,
	"form" text,
	"grade" text,
	"quantity_kg" numeric(14, 3) NOT NULL,
	"target_price" numeric(14, 2),
	"needed_by" date,
	"delivery_terms" text,
	"message" text,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_rfqs_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "market_rfqs_status" CHECK ("market_rfqs"."status" IN ('open', 'closed', 'cancelled')),
	CONSTRAINT "market_rfqs_quantity" CHECK ("market_rfqs"."quantity_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_saved_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alert" boolean DEFAULT true NOT NULL,
	"alerted_through" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "market_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "market_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "lot_balances" ADD COLUMN "reserved_kg" numeric(14, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_offer_id_market_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."market_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_seller_order_id_order_records_id_fk" FOREIGN KEY ("seller_order_id") REFERENCES "public"."order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_buyer_order_id_order_records_id_fk" FOREIGN KEY ("buyer_order_id") REFERENCES "public"."order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_deals" ADD CONSTRAINT "market_deals_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_lots" ADD CONSTRAINT "market_listing_lots_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_lots" ADD CONSTRAINT "market_listing_lots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_lots" ADD CONSTRAINT "market_listing_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_credit_batch_id_credit_batches_id_fk" FOREIGN KEY ("credit_batch_id") REFERENCES "public"."credit_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_deal_id_market_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."market_deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_credit_block_id_credit_blocks_id_fk" FOREIGN KEY ("credit_block_id") REFERENCES "public"."credit_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_order_id_order_records_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reservations" ADD CONSTRAINT "market_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfq_recipients" ADD CONSTRAINT "market_rfq_recipients_rfq_id_market_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."market_rfqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfq_recipients" ADD CONSTRAINT "market_rfq_recipients_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfq_recipients" ADD CONSTRAINT "market_rfq_recipients_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfq_recipients" ADD CONSTRAINT "market_rfq_recipients_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfq_recipients" ADD CONSTRAINT "market_rfq_recipients_offer_id_market_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."market_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfqs" ADD CONSTRAINT "market_rfqs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rfqs" ADD CONSTRAINT "market_rfqs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_saved_searches" ADD CONSTRAINT "market_saved_searches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_saved_searches" ADD CONSTRAINT "market_saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_deals_seller_organization_id_created_at_index" ON "market_deals" USING btree ("seller_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_deals_buyer_organization_id_created_at_index" ON "market_deals" USING btree ("buyer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_deals_status_completed_at_index" ON "market_deals" USING btree ("status","completed_at");--> statement-breakpoint
CREATE INDEX "market_listing_lots_lot_id_index" ON "market_listing_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "market_listings_organization_id_created_at_index" ON "market_listings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_listings_public" ON "market_listings" USING btree ("status","kind","side","created_at","id");--> statement-breakpoint
CREATE INDEX "market_offers_seller_organization_id_created_at_index" ON "market_offers" USING btree ("seller_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_offers_buyer_organization_id_created_at_index" ON "market_offers" USING btree ("buyer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_offers_thread_id_index" ON "market_offers" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "market_offers_listing_id_index" ON "market_offers" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "market_ratings_to_organization_id_index" ON "market_ratings" USING btree ("to_organization_id");--> statement-breakpoint
CREATE INDEX "market_reservations_lot_id_index" ON "market_reservations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "market_reservations_credit_block_id_index" ON "market_reservations" USING btree ("credit_block_id");--> statement-breakpoint
CREATE INDEX "market_reservations_listing_id_index" ON "market_reservations" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "market_reservations_order_id_index" ON "market_reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "market_rfq_recipients_seller_organization_id_created_at_index" ON "market_rfq_recipients" USING btree ("seller_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "market_saved_searches_organization_id_user_id_index" ON "market_saved_searches" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "market_saved_searches_alert_alerted_through_index" ON "market_saved_searches" USING btree ("alert","alerted_through");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_market_organization_id_organizations_id_fk" FOREIGN KEY ("market_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_market_organization_id_organizations_id_fk" FOREIGN KEY ("market_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_market_organization" ON "customers" USING btree ("organization_id","market_organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_market_organization" ON "suppliers" USING btree ("organization_id","market_organization_id");--> statement-breakpoint
ALTER TABLE "lot_balances" ADD CONSTRAINT "lot_balances_reserved_not_negative" CHECK ("lot_balances"."reserved_kg" >= 0);