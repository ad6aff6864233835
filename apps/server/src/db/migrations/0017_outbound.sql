CREATE TYPE "public"."discrepancy_status" AS ENUM('open', 'written_off', 'credited');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('sales', 'purchase');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('draft', 'confirmed', 'partly_fulfilled', 'fulfilled', 'closed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."vehicle_type" AS ENUM('pickup', 'closed_van', 'dropside', 'wing_van', 'dump_truck', 'tractor_trailer', 'tricycle', 'other');--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'cheque';--> statement-breakpoint
CREATE TABLE "customer_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
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
CREATE TABLE "dispatch_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"lot_id" uuid NOT NULL,
	"order_line_id" uuid,
	"kg" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"value_php" numeric(14, 2),
	CONSTRAINT "dispatch_lines_recordId_lineNo_unique" UNIQUE("record_id","line_no"),
	CONSTRAINT "dispatch_lines_recordId_lotId_unique" UNIQUE("record_id","lot_id"),
	CONSTRAINT "dispatch_lines_kg" CHECK ("dispatch_lines"."kg" > 0),
	CONSTRAINT "dispatch_lines_money" CHECK ("dispatch_lines"."unit_price" >= 0 AND "dispatch_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dispatch_photos" (
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "dispatch_photos_record_id_file_id_pk" PRIMARY KEY("record_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"delivery_receipt_no" text,
	"status" "record_status" DEFAULT 'draft' NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"facility_id" uuid NOT NULL,
	"dispatched_at" timestamp with time zone NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"hauler_id" uuid,
	"gross_kg" numeric(14, 3),
	"tare_kg" numeric(14, 3),
	"net_kg" numeric(14, 3),
	"weighbridge_ticket" text,
	"seal_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"destination" text,
	"notes" text,
	"total_kg" numeric(14, 3),
	"amount" numeric(14, 2),
	"delivered_at" timestamp with time zone,
	"received_kg" numeric(14, 3),
	"receiver_name" text,
	"signature_file_id" uuid,
	"pod_photo_file_id" uuid,
	"pod_notes" text,
	"pod_recorded_by" uuid,
	"discrepancy_kg" numeric(14, 3),
	"discrepancy_status" "discrepancy_status",
	"discrepancy_reason" text,
	"credit_note_amount" numeric(14, 2),
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_by" uuid NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_records_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "dispatch_records_weighbridge" CHECK ("dispatch_records"."gross_kg" IS NULL OR ("dispatch_records"."tare_kg" >= 0 AND "dispatch_records"."net_kg" = "dispatch_records"."gross_kg" - "dispatch_records"."tare_kg" AND "dispatch_records"."net_kg" > 0))
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"licence_number" text NOT NULL,
	"licence_expires_on" date NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "haulers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"accreditation_number" text,
	"accreditation_valid_until" date,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haulers_organizationId_code_unique" UNIQUE("organization_id","code")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"material_id" uuid NOT NULL,
	"grade" text DEFAULT 'A' NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "order_lines_orderId_lineNo_unique" UNIQUE("order_id","line_no"),
	CONSTRAINT "order_lines_kg" CHECK ("order_lines"."kg" > 0),
	CONSTRAINT "order_lines_money" CHECK ("order_lines"."unit_price" >= 0 AND "order_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" "order_kind" NOT NULL,
	"status" "order_status" DEFAULT 'draft' NOT NULL,
	"customer_id" uuid,
	"supplier_id" uuid,
	"facility_id" uuid,
	"ordered_on" date NOT NULL,
	"due_on" date,
	"delivery_terms" text,
	"customer_reference" text,
	"tolerance_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"notes" text,
	"created_by" uuid NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_records_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "order_records_party" CHECK (("order_records"."kind" = 'sales' AND "order_records"."customer_id" IS NOT NULL AND "order_records"."supplier_id" IS NULL)
        OR ("order_records"."kind" = 'purchase' AND "order_records"."supplier_id" IS NOT NULL AND "order_records"."customer_id" IS NULL)),
	CONSTRAINT "order_records_tolerance" CHECK ("order_records"."tolerance_pct" >= 0 AND "order_records"."tolerance_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "vehicle_type" NOT NULL,
	"capacity_kg" numeric(14, 3) NOT NULL,
	"hauler_id" uuid,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_organizationId_code_unique" UNIQUE("organization_id","code"),
	CONSTRAINT "vehicles_capacity" CHECK ("vehicles"."capacity_kg" > 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "weighing_tolerance_pct" numeric(5, 2) DEFAULT '0.2' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_ledger" ADD CONSTRAINT "customer_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ledger" ADD CONSTRAINT "customer_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ledger" ADD CONSTRAINT "customer_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_record_id_dispatch_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."dispatch_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_photos" ADD CONSTRAINT "dispatch_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_photos" ADD CONSTRAINT "dispatch_photos_record_id_dispatch_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."dispatch_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_photos" ADD CONSTRAINT "dispatch_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_order_id_order_records_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_hauler_id_haulers_id_fk" FOREIGN KEY ("hauler_id") REFERENCES "public"."haulers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_pod_photo_file_id_files_id_fk" FOREIGN KEY ("pod_photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_pod_recorded_by_users_id_fk" FOREIGN KEY ("pod_recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_records" ADD CONSTRAINT "dispatch_records_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haulers" ADD CONSTRAINT "haulers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_order_records_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_records" ADD CONSTRAINT "order_records_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_hauler_id_haulers_id_fk" FOREIGN KEY ("hauler_id") REFERENCES "public"."haulers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_ledger_organization_id_customer_id_posted_at_index" ON "customer_ledger" USING btree ("organization_id","customer_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_ledger_one_reversal" ON "customer_ledger" USING btree ("source_id") WHERE kind = 'payment_reversal';--> statement-breakpoint
CREATE INDEX "dispatch_lines_organization_id_lot_id_index" ON "dispatch_lines" USING btree ("organization_id","lot_id");--> statement-breakpoint
CREATE INDEX "dispatch_lines_order_line_id_index" ON "dispatch_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_records_delivery_receipt" ON "dispatch_records" USING btree ("organization_id","delivery_receipt_no") WHERE delivery_receipt_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dispatch_records_organization_id_dispatched_at_id_index" ON "dispatch_records" USING btree ("organization_id","dispatched_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dispatch_records_organization_id_customer_id_index" ON "dispatch_records" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "dispatch_records_organization_id_order_id_index" ON "dispatch_records" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "order_records_organization_id_ordered_on_id_index" ON "order_records" USING btree ("organization_id","ordered_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_records_organization_id_customer_id_index" ON "order_records" USING btree ("organization_id","customer_id");--> statement-breakpoint
-- Outbound (docs/architecture.md "Posting"): each write of a dispatch record is one call of one function
-- below, as for production runs: numbers are taken at the end of the call, after every lock on stock.
--
-- What customers owe is evidence, as what we owe suppliers is (migrations 0005 and 0009).
CREATE TRIGGER customer_ledger_append_only BEFORE UPDATE OR DELETE ON customer_ledger
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER customer_ledger_no_truncate BEFORE TRUNCATE ON customer_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- A posted dispatch may only gain its numbers (from placeholders), its proof of delivery (once), the
-- settlement of a discrepancy (once), or become voided; a voided one never changes; drafts alone are deleted.
CREATE FUNCTION freeze_dispatch_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fixed text[] := ARRAY['organization_id', 'customer_id', 'order_id', 'facility_id', 'dispatched_at',
    'vehicle_id', 'driver_id', 'hauler_id', 'gross_kg', 'tare_kg', 'net_kg', 'weighbridge_ticket',
    'seal_numbers', 'destination', 'notes', 'total_kg', 'amount', 'created_by', 'posted_at', 'posted_by',
    'created_at'];
  pod text[] := ARRAY['delivered_at', 'received_kg', 'receiver_name', 'signature_file_id', 'pod_photo_file_id',
    'pod_notes', 'pod_recorded_by', 'discrepancy_kg', 'discrepancy_status'];
  settled text[] := ARRAY['discrepancy_status', 'discrepancy_reason', 'credit_note_amount', 'resolved_at',
    'resolved_by'];
  o jsonb;
  n jsonb;
  k text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'dispatch record % is %: it cannot be deleted', OLD.number, OLD.status
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN RETURN NEW; END IF;
  o := to_jsonb(OLD);
  n := to_jsonb(NEW);
  FOREACH k IN ARRAY fixed LOOP
    IF o->k IS DISTINCT FROM n->k THEN
      RAISE EXCEPTION 'dispatch record % is %: its % cannot be changed', OLD.number, OLD.status, k
        USING ERRCODE = 'insufficient_privilege';
    END IF;
  END LOOP;
  IF OLD.number IS DISTINCT FROM NEW.number AND OLD.number NOT LIKE 'pending:%'
    OR OLD.delivery_receipt_no IS DISTINCT FROM NEW.delivery_receipt_no AND OLD.delivery_receipt_no NOT LIKE 'pending:%'
    OR OLD.status = 'voided'
    OR NEW.status NOT IN ('posted', 'voided')
    OR (OLD.delivered_at IS NOT NULL AND NEW.status = 'voided') THEN
    RAISE EXCEPTION 'dispatch record % is %: it cannot be changed so', OLD.number, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The proof of delivery is written once; a settlement once, of an open discrepancy.
  IF OLD.delivered_at IS NOT NULL THEN
    FOREACH k IN ARRAY pod LOOP
      IF k <> 'discrepancy_status' AND o->k IS DISTINCT FROM n->k THEN
        RAISE EXCEPTION 'the proof of delivery of % cannot be changed', OLD.number USING ERRCODE = 'insufficient_privilege';
      END IF;
    END LOOP;
  END IF;
  IF OLD.resolved_at IS NOT NULL THEN
    FOREACH k IN ARRAY settled LOOP
      IF o->k IS DISTINCT FROM n->k THEN
        RAISE EXCEPTION 'the settlement of % cannot be changed', OLD.number USING ERRCODE = 'insufficient_privilege';
      END IF;
    END LOOP;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dispatch_records_frozen BEFORE UPDATE OR DELETE ON dispatch_records
  FOR EACH ROW EXECUTE FUNCTION freeze_dispatch_record();
--> statement-breakpoint
-- Lines change only while their record is a draft; posting still sets the value each line left stock with.
CREATE FUNCTION freeze_dispatch_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec_status record_status;
BEGIN
  SELECT status INTO rec_status FROM dispatch_records
    WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.record_id ELSE OLD.record_id END;
  IF rec_status <> 'draft' THEN
    RAISE EXCEPTION 'the lines of a % dispatch record cannot be changed', rec_status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dispatch_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON dispatch_lines
  FOR EACH ROW EXECUTE FUNCTION freeze_dispatch_line();
--> statement-breakpoint
-- A dispatch record as the API shows it (lists and reads use it too: one definition of the view).
CREATE FUNCTION dispatch_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'id', r.id, 'number', r.number, 'delivery_receipt_no', r.delivery_receipt_no, 'status', r.status,
    'customer', jsonb_build_object('id', c.id, 'code', c.code, 'name', c.name),
    'order', CASE WHEN o.id IS NULL THEN NULL ELSE jsonb_build_object('id', o.id, 'number', o.number) END,
    'facility', jsonb_build_object('id', f.id, 'code', f.code, 'name', f.name),
    'dispatched_at', pt_iso(r.dispatched_at),
    'vehicle', CASE WHEN v.id IS NULL THEN NULL
      ELSE jsonb_build_object('id', v.id, 'code', v.code, 'name', v.name, 'capacity_kg', v.capacity_kg::text) END,
    'driver', CASE WHEN d.id IS NULL THEN NULL ELSE jsonb_build_object('id', d.id, 'code', d.code, 'name', d.name) END,
    'hauler', CASE WHEN h.id IS NULL THEN NULL ELSE jsonb_build_object('id', h.id, 'code', h.code, 'name', h.name) END,
    'gross_kg', r.gross_kg::text, 'tare_kg', r.tare_kg::text, 'net_kg', r.net_kg::text,
    'weighbridge_ticket', r.weighbridge_ticket, 'seal_numbers', to_jsonb(r.seal_numbers),
    'destination', r.destination, 'notes', r.notes,
    'lines', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', l.id, 'line_no', l.line_no,
        'lot', jsonb_build_object('id', lo.id, 'code', lo.code),
        'material', jsonb_build_object('id', m.id, 'code', m.code, 'name', m.name),
        'order_line_id', l.order_line_id,
        'kg', l.kg::text, 'unit_price', l.unit_price::text, 'amount', l.amount::text,
        'value_php', l.value_php::text) ORDER BY l.line_no)
      FROM dispatch_lines l JOIN lots lo ON lo.id = l.lot_id JOIN materials m ON m.id = lo.material_id
      WHERE l.record_id = r.id), '[]'::jsonb),
    'photos', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', fl.id, 'mime', fl.mime, 'size', fl.size, 'original_name', fl.original_name,
        'captured_at', pt_iso(fl.captured_at), 'latitude', fl.latitude::text, 'longitude', fl.longitude::text,
        'position', ph.position, 'created_at', pt_iso(fl.created_at),
        'url', '/api/dispatch-records/' || r.id || '/photos/' || fl.id,
        'thumbnail_url', '/api/dispatch-records/' || r.id || '/photos/' || fl.id || '/thumbnail'
      ) ORDER BY ph.position)
      FROM dispatch_photos ph JOIN files fl ON fl.id = ph.file_id
      WHERE ph.organization_id = r.organization_id AND ph.record_id = r.id), '[]'::jsonb),
    'total_kg', coalesce(r.total_kg, (SELECT sum(kg) FROM dispatch_lines WHERE record_id = r.id), 0)::text,
    'amount', coalesce(r.amount, (SELECT sum(amount) FROM dispatch_lines WHERE record_id = r.id), 0)::text,
    'currency', 'PHP',
    'delivery', CASE WHEN r.delivered_at IS NULL THEN NULL ELSE jsonb_build_object(
      'delivered_at', pt_iso(r.delivered_at), 'received_kg', r.received_kg::text, 'receiver_name', r.receiver_name,
      'signature_url', CASE WHEN r.signature_file_id IS NULL THEN NULL
        ELSE '/api/dispatch-records/' || r.id || '/proof/' || r.signature_file_id END,
      'photo_url', CASE WHEN r.pod_photo_file_id IS NULL THEN NULL
        ELSE '/api/dispatch-records/' || r.id || '/proof/' || r.pod_photo_file_id END,
      'notes', r.pod_notes, 'difference_kg', (r.total_kg - r.received_kg)::text) END,
    'discrepancy', CASE WHEN r.discrepancy_status IS NULL THEN NULL ELSE jsonb_build_object(
      'kg', r.discrepancy_kg::text, 'status', r.discrepancy_status, 'reason', r.discrepancy_reason,
      'credit_note_amount', r.credit_note_amount::text, 'resolved_at', pt_iso(r.resolved_at)) END,
    'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at), 'void_reason', r.void_reason,
    'created_at', pt_iso(r.created_at), 'version', r.version)
  FROM dispatch_records r
  JOIN customers c ON c.id = r.customer_id
  JOIN facilities f ON f.id = r.facility_id
  LEFT JOIN order_records o ON o.id = r.order_id
  LEFT JOIN vehicles v ON v.id = r.vehicle_id
  LEFT JOIN drivers d ON d.id = r.driver_id
  LEFT JOIN haulers h ON h.id = r.hauler_id
  WHERE r.organization_id = p_org AND r.id = p_id);
END;
$$;
--> statement-breakpoint
-- Checks a dispatch's header and lines against the organization's master data and writes them (a new
-- draft, or a draft's replacement). Stock, the weighbridge and the order's quantities are checked at
-- posting, when they count; who drives and what carries it are checked here, so a draft is already right.
CREATE FUNCTION dispatch_write(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  v_day date;
  fac facilities%ROWTYPE;
  ord order_records%ROWTYPE;
  drv drivers%ROWTYPE;
  hau haulers%ROWTYPE;
  lo lots%ROWTYPE;
  ol order_lines%ROWTYPE;
  x jsonb;
  i int := 0;
  field text;
  v_price numeric;
BEGIN
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  IF (r->>'dispatched_at')::timestamptz > now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The dispatch time cannot be in the future', 'body.dispatched_at',
      'The dispatch time cannot be in the future');
  END IF;
  v_day := ((r->>'dispatched_at')::timestamptz AT TIME ZONE tz)::date;
  PERFORM 1 FROM customers WHERE organization_id = p_org AND id = (r->>'customer_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Customer not found', 'body.customer_id', 'Customer not found or archived');
  END IF;
  SELECT * INTO fac FROM facilities WHERE organization_id = p_org AND id = (r->>'facility_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Facility not found', 'body.facility_id', 'Facility not found or archived');
  END IF;
  IF r->>'order_id' IS NOT NULL THEN
    SELECT * INTO ord FROM order_records WHERE organization_id = p_org AND id = (r->>'order_id')::uuid;
    IF NOT FOUND OR ord.kind <> 'sales' THEN
      PERFORM pt_fail_field(404, 'Sales order not found', 'body.order_id', 'Sales order not found');
    END IF;
    IF ord.customer_id <> (r->>'customer_id')::uuid THEN
      PERFORM pt_fail_field(422, format('Order %s is for another customer', ord.number), 'body.order_id',
        format('Order %s is for another customer', ord.number));
    END IF;
    IF ord.status NOT IN ('confirmed', 'partly_fulfilled') THEN
      PERFORM pt_fail_field(422, format('Order %s is %s: only a confirmed order can be dispatched against',
          ord.number, replace(ord.status::text, '_', ' ')), 'body.order_id',
        format('Order %s is %s', ord.number, replace(ord.status::text, '_', ' ')));
    END IF;
  END IF;
  IF r->>'vehicle_id' IS NOT NULL THEN
    PERFORM 1 FROM vehicles WHERE organization_id = p_org AND id = (r->>'vehicle_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Vehicle not found', 'body.vehicle_id', 'Vehicle not found or archived');
    END IF;
  END IF;
  IF r->>'driver_id' IS NOT NULL THEN
    SELECT * INTO drv FROM drivers WHERE organization_id = p_org AND id = (r->>'driver_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Driver not found', 'body.driver_id', 'Driver not found or archived');
    END IF;
    IF drv.licence_expires_on < v_day THEN
      PERFORM pt_fail_field(422, format('%s’s driver’s licence expired on %s: renew it before assigning them',
          drv.name, to_char(drv.licence_expires_on, 'FMDD Mon YYYY')), 'body.driver_id',
        format('Licence expired on %s', to_char(drv.licence_expires_on, 'FMDD Mon YYYY')));
    END IF;
  END IF;
  IF r->>'hauler_id' IS NOT NULL THEN
    SELECT * INTO hau FROM haulers WHERE organization_id = p_org AND id = (r->>'hauler_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Hauler not found', 'body.hauler_id', 'Hauler not found or archived');
    END IF;
    IF hau.accreditation_valid_until < v_day THEN
      PERFORM pt_fail_field(422, format('%s’s accreditation expired on %s', hau.name,
          to_char(hau.accreditation_valid_until, 'FMDD Mon YYYY')), 'body.hauler_id',
        format('Accreditation expired on %s', to_char(hau.accreditation_valid_until, 'FMDD Mon YYYY')));
    END IF;
  END IF;
  IF (r->>'tare_kg')::numeric >= (r->>'gross_kg')::numeric THEN
    PERFORM pt_fail_field(400, 'The tare must be below the gross weight', 'body.tare_kg',
      'The tare must be below the gross weight');
  END IF;
  INSERT INTO dispatch_records (id, organization_id, number, status, customer_id, order_id, facility_id,
      dispatched_at, vehicle_id, driver_id, hauler_id, gross_kg, tare_kg, net_kg, weighbridge_ticket,
      seal_numbers, destination, notes, created_by, version, created_at, updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', (r->>'customer_id')::uuid, (r->>'order_id')::uuid, fac.id,
      (r->>'dispatched_at')::timestamptz, (r->>'vehicle_id')::uuid, (r->>'driver_id')::uuid,
      (r->>'hauler_id')::uuid, (r->>'gross_kg')::numeric, (r->>'tare_kg')::numeric,
      (r->>'gross_kg')::numeric - (r->>'tare_kg')::numeric, nullif(r->>'weighbridge_ticket', ''),
      coalesce((SELECT array_agg(s) FROM jsonb_array_elements_text(r->'seal_numbers') s WHERE s <> ''), '{}'),
      nullif(r->>'destination', ''), nullif(r->>'notes', ''), p_user, 1, now(), now())
    ON CONFLICT (id) DO UPDATE SET customer_id = EXCLUDED.customer_id, order_id = EXCLUDED.order_id,
      facility_id = EXCLUDED.facility_id, dispatched_at = EXCLUDED.dispatched_at,
      vehicle_id = EXCLUDED.vehicle_id, driver_id = EXCLUDED.driver_id, hauler_id = EXCLUDED.hauler_id,
      gross_kg = EXCLUDED.gross_kg, tare_kg = EXCLUDED.tare_kg, net_kg = EXCLUDED.net_kg,
      weighbridge_ticket = EXCLUDED.weighbridge_ticket, seal_numbers = EXCLUDED.seal_numbers,
      destination = EXCLUDED.destination, notes = EXCLUDED.notes,
      updated_at = now(), version = dispatch_records.version + 1;
  DELETE FROM dispatch_lines WHERE record_id = p_id;
  FOR x IN SELECT value FROM jsonb_array_elements(r->'lines') LOOP
    field := 'body.lines.' || i || '.lot_id';
    SELECT * INTO lo FROM lots WHERE organization_id = p_org AND id = (x->>'lot_id')::uuid;
    IF NOT FOUND THEN PERFORM pt_fail_field(404, 'Lot not found', field, 'Lot not found'); END IF;
    IF lo.facility_id <> fac.id THEN
      PERFORM pt_fail_field(422, format('Lot %s is at another facility', lo.code), field,
        format('Lot %s is at another facility', lo.code));
    END IF;
    PERFORM 1 FROM dispatch_lines WHERE record_id = p_id AND lot_id = lo.id;
    IF FOUND THEN
      PERFORM pt_fail_field(400, format('Lot %s is loaded twice: enter it once with the total kg', lo.code), field,
        format('Lot %s is loaded twice: enter it once with the total kg', lo.code));
    END IF;
    ol := NULL;
    IF ord.id IS NOT NULL THEN
      -- The line of the lot's material, at the material's grade when the order has the material at several.
      SELECT ol2.* INTO ol FROM order_lines ol2 JOIN materials m ON m.id = lo.material_id
        WHERE ol2.order_id = ord.id AND ol2.material_id = lo.material_id
        ORDER BY (ol2.grade = m.grade) DESC, ol2.line_no LIMIT 1;
      IF NOT FOUND THEN
        PERFORM pt_fail_field(422, format('Lot %s’s material is not on order %s', lo.code, ord.number), field,
          format('Its material is not on order %s', ord.number));
      END IF;
    END IF;
    v_price := coalesce((x->>'unit_price')::numeric, ol.unit_price);
    IF v_price IS NULL THEN
      PERFORM pt_fail_field(400, 'Enter the price per kg', 'body.lines.' || i || '.unit_price', 'Enter the price per kg');
    END IF;
    INSERT INTO dispatch_lines (id, organization_id, record_id, line_no, lot_id, order_line_id, kg, unit_price, amount)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, lo.id, ol.id, round((x->>'kg')::numeric, 3), v_price,
        round(round((x->>'kg')::numeric, 3) * v_price, 2));
    i := i + 1;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- A sales order's fulfilment follows its posted dispatches: confirmed → partly fulfilled → fulfilled
-- (and back, when a dispatch is voided). Called with the order locked, in the dispatch's transaction.
CREATE FUNCTION order_refresh_status(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_any boolean;
  v_all boolean;
BEGIN
  SELECT bool_or(coalesce(d.kg, 0) > 0), bool_and(coalesce(d.kg, 0) >= ol.kg) INTO v_any, v_all
  FROM order_lines ol
  LEFT JOIN (SELECT l.order_line_id, sum(l.kg) AS kg FROM dispatch_lines l
             JOIN dispatch_records r ON r.id = l.record_id AND r.status = 'posted'
             WHERE r.order_id = p_order GROUP BY l.order_line_id) d ON d.order_line_id = ol.id
  WHERE ol.order_id = p_order;
  UPDATE order_records SET status = CASE WHEN v_all THEN 'fulfilled' WHEN v_any THEN 'partly_fulfilled'
      ELSE 'confirmed' END::order_status, updated_at = now(), version = version + 1
    WHERE id = p_order AND status IN ('confirmed', 'partly_fulfilled', 'fulfilled')
      AND status <> CASE WHEN v_all THEN 'fulfilled' WHEN v_any THEN 'partly_fulfilled' ELSE 'confirmed' END::order_status;
END;
$$;
--> statement-breakpoint
-- Takes the numbers a dispatch still lacks, last and in counter-name order ('delivery_receipt:…' before
-- 'dispatch:…'): the record's number (per organization and year) and, once posted, its delivery receipt's.
CREATE FUNCTION dispatch_number(p_org uuid, p_id uuid, p_post boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  rec dispatch_records%ROWTYPE;
  y text;
BEGIN
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  SELECT * INTO rec FROM dispatch_records WHERE id = p_id;
  y := to_char(rec.dispatched_at AT TIME ZONE tz, 'YYYY');
  IF p_post THEN
    UPDATE dispatch_records SET delivery_receipt_no = 'DR-' || y || '-'
        || lpad(pt_next(p_org, 'delivery_receipt:' || y)::text, 6, '0') WHERE id = p_id;
  END IF;
  IF rec.number LIKE 'pending:%' THEN
    UPDATE dispatch_records SET number = 'DS-' || y || '-' || lpad(pt_next(p_org, 'dispatch:' || y)::text, 6, '0')
      WHERE id = p_id;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_created(p_org uuid, p_user uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v jsonb;
BEGIN
  PERFORM dispatch_number(p_org, p_id, false);
  v := dispatch_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'CREATE_RECORD', 'dispatch_record', p_id,
    'Drafted dispatch record ' || (v->>'number'), NULL, receive_audit_json(v), NULL, v->>'number');
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Posts a draft dispatch, all or nothing: lots available (a quarantined lot never leaves) and holding the
-- kg (locked in id order, as every stock change locks them, never below zero) go out at average cost;
-- the lines match the weighbridge's net within the organization's weighing tolerance; the load fits the
-- vehicle; an order is not delivered beyond its tolerance; the customer owes the amount.
CREATE FUNCTION dispatch_do_post(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  rec dispatch_records%ROWTYPE;
  org organizations%ROWTYPE;
  ord order_records%ROWTYPE;
  veh vehicles%ROWTYPE;
  x record;
  bal lot_balances%ROWTYPE;
  v_total numeric := 0;
  v_amount numeric := 0;
  v_taken numeric;
  v_before jsonb;
  v_after jsonb;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Dispatch record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be posted; this record is %s.', rec.status));
  END IF;
  SELECT * INTO org FROM organizations WHERE id = p_org;
  PERFORM pt_assert_books_open(p_org, rec.dispatched_at, 'A dispatch');
  v_before := dispatch_record_json(p_org, p_id);
  SELECT coalesce(sum(kg), 0), coalesce(sum(amount), 0) INTO v_total, v_amount FROM dispatch_lines WHERE record_id = p_id;
  IF v_total = 0 THEN PERFORM pt_fail(422, 'Load at least one lot before posting.'); END IF;
  IF rec.net_kg IS NOT NULL AND abs(v_total - rec.net_kg) > rec.net_kg * org.weighing_tolerance_pct / 100 THEN
    PERFORM pt_fail(422, format('The lines add up to %s but the weighbridge weighed %s net: they may differ by %s %% at most. Check the lines or the weights.',
        pt_kg(v_total), pt_kg(rec.net_kg), org.weighing_tolerance_pct::text),
      jsonb_build_object('fields', jsonb_build_object('body.gross_kg', format('%s net against %s loaded', pt_kg(rec.net_kg), pt_kg(v_total)))));
  END IF;
  IF rec.vehicle_id IS NOT NULL THEN
    SELECT * INTO veh FROM vehicles WHERE id = rec.vehicle_id;
    IF coalesce(rec.net_kg, v_total) > veh.capacity_kg THEN
      PERFORM pt_fail(422, format('%s carries at most %s: this load is %s. Split it over two trips or choose a larger vehicle.',
          veh.code, pt_kg(veh.capacity_kg), pt_kg(coalesce(rec.net_kg, v_total))),
        jsonb_build_object('fields', jsonb_build_object('body.vehicle_id', format('Carries at most %s', pt_kg(veh.capacity_kg)))));
    END IF;
  END IF;
  -- The customer first (the receivable's key share; a payment to them holds it only briefly), then stock
  -- (lots in id order), then the order, then the counters: every posting locks in this order, so a payment
  -- in flight never holds up the numbers of the organization's other dispatches.
  PERFORM 1 FROM customers WHERE id = rec.customer_id FOR KEY SHARE;
  PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM dispatch_lines WHERE record_id = p_id) ORDER BY id FOR NO KEY UPDATE;
  FOR x IN SELECT dl.*, lo.code, lo.status AS lot_status, lo.facility_id AS lot_facility, lo.material_id
           FROM dispatch_lines dl JOIN lots lo ON lo.id = dl.lot_id WHERE dl.record_id = p_id ORDER BY dl.line_no LOOP
    IF x.lot_status = 'quarantined' THEN
      PERFORM pt_fail(422, format('Lot %s is quarantined: release it before it can leave.', x.code),
        jsonb_build_object('fields', jsonb_build_object('body.lines.' || (x.line_no - 1) || '.lot_id',
          format('Lot %s is quarantined', x.code))));
    END IF;
    IF x.lot_status <> 'available' THEN
      PERFORM pt_fail(422, format('Lot %s is %s: only available lots can be dispatched.', x.code, x.lot_status),
        jsonb_build_object('fields', jsonb_build_object('body.lines.' || (x.line_no - 1) || '.lot_id',
          format('Lot %s is %s', x.code, x.lot_status))));
    END IF;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = x.lot_id;
    IF NOT FOUND OR bal.qty_kg < x.kg THEN
      PERFORM pt_fail(422, format('Lot %s holds %s, less than the %s loaded: stock cannot go below zero.',
          x.code, pt_kg(coalesce(bal.qty_kg, 0)), pt_kg(x.kg)),
        jsonb_build_object('lot_id', x.lot_id, 'available_kg', coalesce(bal.qty_kg, 0)::text));
    END IF;
    v_taken := CASE WHEN bal.qty_kg = x.kg THEN bal.value_php ELSE round(bal.value_php * x.kg / bal.qty_kg, 2) END;
    UPDATE lot_balances SET qty_kg = qty_kg - x.kg, value_php = value_php - v_taken, updated_at = now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.lot_facility, x.material_id, -x.kg, -v_taken, 'dispatch_out',
        'dispatch_record', p_id, p_user, rec.dispatched_at);
    IF bal.qty_kg = x.kg THEN
      UPDATE lots SET status = 'dispatched', updated_at = now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
    UPDATE dispatch_lines SET value_php = v_taken WHERE id = x.id;
  END LOOP;
  IF rec.order_id IS NOT NULL THEN
    SELECT * INTO ord FROM order_records WHERE id = rec.order_id FOR UPDATE;
    IF ord.status NOT IN ('confirmed', 'partly_fulfilled') THEN
      PERFORM pt_fail(422, format('Order %s is %s: only a confirmed order can be dispatched against.',
        ord.number, replace(ord.status::text, '_', ' ')));
    END IF;
    FOR x IN SELECT ol.line_no, ol.kg, m.name, sum(dl.kg) AS shipped
             FROM order_lines ol JOIN materials m ON m.id = ol.material_id
             JOIN dispatch_lines dl ON dl.order_line_id = ol.id
             JOIN dispatch_records dr ON dr.id = dl.record_id AND (dr.status = 'posted' OR dr.id = p_id)
             WHERE ol.order_id = ord.id GROUP BY ol.id, m.name ORDER BY ol.line_no LOOP
      IF x.shipped > x.kg * (1 + ord.tolerance_pct / 100) THEN
        PERFORM pt_fail(422, format('Order %s asks for %s of %s (up to %s %% more): with this dispatch %s would be delivered.',
          ord.number, pt_kg(x.kg), x.name, ord.tolerance_pct::text, pt_kg(x.shipped)));
      END IF;
    END LOOP;
  END IF;
  -- The numbers last, then what mentions them: the receivable carries the delivery receipt's number.
  PERFORM dispatch_number(p_org, p_id, true);
  IF v_amount > 0 THEN
    INSERT INTO customer_ledger (id, organization_id, customer_id, kind, amount, reference, source_type, source_id,
        created_by, posted_at)
      SELECT pt_uuid7(), p_org, rec.customer_id, 'receivable', v_amount, r.delivery_receipt_no, 'dispatch_record', p_id,
        p_user, rec.dispatched_at
      FROM dispatch_records r WHERE r.id = p_id;
  END IF;
  UPDATE dispatch_records SET status = 'posted', posted_at = now(), posted_by = p_user, total_kg = v_total,
      amount = v_amount, updated_at = now(), version = version + 1
    WHERE id = p_id;
  IF rec.order_id IS NOT NULL THEN PERFORM order_refresh_status(rec.order_id); END IF;
  v_after := dispatch_record_json(p_org, p_id);
  IF p_new THEN
    v_before := v_before || jsonb_build_object('number', v_after->'number');
    PERFORM pt_log_change(p_org, p_user, 'CREATE_RECORD', 'dispatch_record', p_id,
      'Drafted dispatch record ' || (v_after->>'number'), NULL, receive_audit_json(v_before), NULL, v_after->>'number');
  END IF;
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'dispatch_record', p_id,
    format('Dispatched %s to %s on %s (%s)', pt_kg(v_total), v_after->'customer'->>'name', v_after->>'number',
      v_after->>'delivery_receipt_no'), receive_audit_json(v_before), receive_audit_json(v_after), v_amount,
    v_after->>'number');
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- Voids a posted dispatch that has not been delivered: its kilograms come back to their lots at the
-- value they left with, the receivable is reversed, and the order's fulfilment follows.
CREATE FUNCTION dispatch_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  rec dispatch_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  x record;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Dispatch record not found'); END IF;
  IF rec.status <> 'posted' THEN
    PERFORM pt_fail(422, format('Only a posted record can be voided; this one is %s.', rec.status));
  END IF;
  IF rec.delivered_at IS NOT NULL THEN
    PERFORM pt_fail(422, format('%s was delivered on %s: a delivered dispatch cannot be voided. Settle a difference with a credit note instead.',
      rec.number, to_char(rec.delivered_at AT TIME ZONE (SELECT time_zone FROM organizations WHERE id = p_org), 'FMDD Mon YYYY')));
  END IF;
  PERFORM pt_assert_books_open(p_org, now(), 'The void of ' || rec.number);
  v_before := dispatch_record_json(p_org, p_id);
  PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM dispatch_lines WHERE record_id = p_id) ORDER BY id FOR NO KEY UPDATE;
  FOR x IN SELECT dl.*, lo.facility_id, lo.material_id, lo.status FROM dispatch_lines dl
           JOIN lots lo ON lo.id = dl.lot_id WHERE dl.record_id = p_id ORDER BY dl.line_no LOOP
    UPDATE lot_balances SET qty_kg = qty_kg + x.kg, value_php = value_php + x.value_php, updated_at = now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.facility_id, x.material_id, x.kg, x.value_php, 'dispatch_return',
        'dispatch_record', p_id, p_reason, p_user, now());
    IF x.status = 'dispatched' THEN
      UPDATE lots SET status = 'available', updated_at = now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
  END LOOP;
  IF rec.order_id IS NOT NULL THEN PERFORM 1 FROM order_records WHERE id = rec.order_id FOR UPDATE; END IF;
  IF rec.amount > 0 THEN
    INSERT INTO customer_ledger (id, organization_id, customer_id, kind, amount, reference, source_type, source_id, note,
        created_by, posted_at)
      VALUES (pt_uuid7(), p_org, rec.customer_id, 'receivable_reversal', -rec.amount, rec.delivery_receipt_no,
        'dispatch_record', p_id, p_reason, p_user, now());
  END IF;
  UPDATE dispatch_records SET status = 'voided', voided_at = now(), voided_by = p_user, void_reason = p_reason,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  IF rec.order_id IS NOT NULL THEN PERFORM order_refresh_status(rec.order_id); END IF;
  v_after := dispatch_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'dispatch_record', p_id,
    format('Voided dispatch record %s: %s', rec.number, p_reason), receive_audit_json(v_before),
    receive_audit_json(v_after), rec.amount, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- Proof of delivery, once per posted dispatch: when, how much the customer weighed, who received it, and a
-- signature or a photo. A difference beyond the organization's weighing tolerance opens a discrepancy.
CREATE FUNCTION dispatch_do_deliver(p_org uuid, p_user uuid, p_id uuid, d jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  rec dispatch_records%ROWTYPE;
  tol numeric;
  v_diff numeric;
  v_before jsonb;
  v_after jsonb;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Dispatch record not found'); END IF;
  IF rec.status <> 'posted' THEN
    PERFORM pt_fail(422, format('Only a posted dispatch can be delivered; this one is %s.', rec.status));
  END IF;
  IF rec.delivered_at IS NOT NULL THEN
    PERFORM pt_fail(409, format('The delivery of %s is already recorded.', rec.number));
  END IF;
  IF (d->>'delivered_at')::timestamptz > now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The delivery time cannot be in the future', 'body.delivered_at',
      'The delivery time cannot be in the future');
  END IF;
  IF (d->>'delivered_at')::timestamptz < rec.dispatched_at THEN
    PERFORM pt_fail_field(422, 'The delivery cannot be before the dispatch', 'body.delivered_at',
      'The delivery cannot be before the dispatch');
  END IF;
  IF d->>'signature_file_id' IS NULL AND d->>'photo_file_id' IS NULL THEN
    PERFORM pt_fail_field(400, 'Add the receiver’s signature or a photo of the signed receipt', 'body.signature_file_id',
      'Add the receiver’s signature or a photo of the signed receipt');
  END IF;
  PERFORM 1 FROM files WHERE organization_id = p_org
    AND id IN ((d->>'signature_file_id')::uuid, (d->>'photo_file_id')::uuid)
    HAVING count(*) = (CASE WHEN d->>'signature_file_id' IS NULL THEN 0 ELSE 1 END
      + CASE WHEN d->>'photo_file_id' IS NULL THEN 0 ELSE 1 END);
  IF NOT FOUND THEN PERFORM pt_fail(404, 'File not found'); END IF;
  SELECT weighing_tolerance_pct INTO tol FROM organizations WHERE id = p_org;
  v_before := dispatch_record_json(p_org, p_id);
  v_diff := rec.total_kg - round((d->>'received_kg')::numeric, 3);
  UPDATE dispatch_records SET delivered_at = (d->>'delivered_at')::timestamptz,
      received_kg = round((d->>'received_kg')::numeric, 3), receiver_name = d->>'receiver_name',
      signature_file_id = (d->>'signature_file_id')::uuid, pod_photo_file_id = (d->>'photo_file_id')::uuid,
      pod_notes = nullif(d->>'notes', ''), pod_recorded_by = p_user,
      discrepancy_kg = CASE WHEN abs(v_diff) > rec.total_kg * tol / 100 THEN v_diff END,
      discrepancy_status = CASE WHEN abs(v_diff) > rec.total_kg * tol / 100 THEN 'open' END::discrepancy_status,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  v_after := dispatch_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'dispatch_record', p_id,
    format('Delivered %s: %s received by %s%s', rec.number, pt_kg((d->>'received_kg')::numeric), d->>'receiver_name',
      CASE WHEN abs(v_diff) > rec.total_kg * tol / 100
        THEN format(', %s %s than shipped: a discrepancy to settle', pt_kg(abs(v_diff)), CASE WHEN v_diff > 0 THEN 'less' ELSE 'more' END)
        ELSE '' END),
    receive_audit_json(v_before), receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- Settles an open discrepancy: written off as a transit loss (with the reason), or, for a shortfall, a
-- credit note of the missing kilograms at the dispatch's average price on the customer's ledger.
CREATE FUNCTION dispatch_do_resolve(p_org uuid, p_user uuid, p_id uuid, p_resolution text, p_reason text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  rec dispatch_records%ROWTYPE;
  v_credit numeric;
  v_before jsonb;
  v_after jsonb;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Dispatch record not found'); END IF;
  IF rec.discrepancy_status IS DISTINCT FROM 'open' THEN
    PERFORM pt_fail(422, format('%s has no open discrepancy to settle.', rec.number));
  END IF;
  IF p_resolution = 'credit_note' AND rec.discrepancy_kg <= 0 THEN
    PERFORM pt_fail(422, 'A credit note settles a shortfall; the customer received more than was shipped. Write it off instead.');
  END IF;
  PERFORM pt_assert_books_open(p_org, now(), 'A settlement');
  v_before := dispatch_record_json(p_org, p_id);
  IF p_resolution = 'credit_note' THEN
    v_credit := CASE WHEN rec.total_kg = 0 THEN 0 ELSE round(rec.amount * rec.discrepancy_kg / rec.total_kg, 2) END;
    IF v_credit > 0 THEN
      INSERT INTO customer_ledger (id, organization_id, customer_id, kind, amount, reference, source_type, source_id, note,
          created_by, posted_at)
        VALUES (pt_uuid7(), p_org, rec.customer_id, 'credit_note', -v_credit, rec.delivery_receipt_no, 'dispatch_record',
          p_id, p_reason, p_user, now());
    END IF;
  END IF;
  UPDATE dispatch_records SET discrepancy_status = CASE p_resolution WHEN 'credit_note' THEN 'credited' ELSE 'written_off' END::discrepancy_status,
      discrepancy_reason = p_reason, credit_note_amount = v_credit, resolved_at = now(), resolved_by = p_user,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  v_after := dispatch_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'dispatch_record', p_id,
    CASE p_resolution WHEN 'credit_note'
      THEN format('Credited %s ₱%s for %s short on %s: %s', v_after->'customer'->>'name', to_char(v_credit, 'FM999G999G999G990D00'),
        pt_kg(rec.discrepancy_kg), rec.number, p_reason)
      ELSE format('Wrote off %s as transit loss on %s: %s', pt_kg(abs(rec.discrepancy_kg)), rec.number, p_reason) END,
    receive_audit_json(v_before), receive_audit_json(v_after), v_credit, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- The API's entry points, one call per request (as production_create and its kin).
CREATE FUNCTION dispatch_create(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := pt_uuid7();
  replay jsonb;
  body jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  PERFORM dispatch_write(v_org, v_user, v_id, p->'record');
  IF (p->>'post')::boolean THEN
    body := dispatch_do_post(v_org, v_user, v_id, true);
  ELSE
    body := dispatch_created(v_org, v_user, v_id);
  END IF;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 201, body);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_edit(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := (p->>'id')::uuid;
  rec dispatch_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = v_org AND id = v_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Dispatch record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be edited; this record is %s.', rec.status));
  END IF;
  IF rec.version <> (p->'record'->>'version')::int THEN
    PERFORM pt_fail(409, 'Someone else changed this record. Reload and try again.');
  END IF;
  v_before := dispatch_record_json(v_org, v_id);
  PERFORM dispatch_write(v_org, v_user, v_id, p->'record');
  v_after := dispatch_record_json(v_org, v_id);
  PERFORM pt_log_change(v_org, v_user, 'UPDATE_RECORD', 'dispatch_record', v_id,
    'Edited dispatch record ' || rec.number, receive_audit_json(v_before), receive_audit_json(v_after), NULL, rec.number);
  RETURN jsonb_build_object('status', 200, 'body', v_after);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_post(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  replay jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 200,
    dispatch_do_post(v_org, (p->>'user_id')::uuid, (p->>'id')::uuid));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_void(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('status', 200, 'body',
    dispatch_do_void((p->>'organization_id')::uuid, (p->>'user_id')::uuid, (p->>'id')::uuid, p->>'reason'))
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_deliver(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  replay jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 200,
    dispatch_do_deliver(v_org, (p->>'user_id')::uuid, (p->>'id')::uuid, p->'delivery'));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dispatch_resolve(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('status', 200, 'body',
    dispatch_do_resolve((p->>'organization_id')::uuid, (p->>'user_id')::uuid, (p->>'id')::uuid,
      p->>'resolution', p->>'reason'))
$$;
