CREATE TYPE "public"."activity_source" AS ENUM('server', 'client');--> statement-breakpoint
ALTER TABLE "user_transactions" ADD COLUMN "source" "activity_source" DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "books_closed_through" date;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_ledger_one_reversal" ON "supplier_ledger" USING btree ("source_id") WHERE kind = 'payment_reversal';--> statement-breakpoint
-- Entries written before sources were recorded: the types only clients report are marked as such;
-- records, exports and settings were written by the server's own code paths.
ALTER TABLE user_transactions DISABLE TRIGGER user_transactions_append_only;
--> statement-breakpoint
UPDATE user_transactions SET source = 'client'
  WHERE transaction_type IN ('LOGIN', 'LOGOUT', 'QR_CODE_GENERATE', 'QR_CODE_DOWNLOAD', 'BLOCKCHAIN_VERIFY', 'GENERATE_REPORT');
--> statement-breakpoint
ALTER TABLE user_transactions ENABLE TRIGGER user_transactions_append_only;
--> statement-breakpoint
-- Row triggers do not fire on TRUNCATE: evidence tables refuse it with a statement trigger, so not
-- even the tables' owner can empty them by accident.
CREATE TRIGGER user_transactions_no_truncate BEFORE TRUNCATE ON user_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER supplier_ledger_no_truncate BEFORE TRUNCATE ON supplier_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- A posted receive record is evidence: it may only become voided (with who, when and why), and a
-- voided one never changes again. Only drafts can be deleted.
CREATE FUNCTION freeze_receive_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'receive record % is %: it cannot be deleted', OLD.number, OLD.status
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  -- A posting takes its number last (migration 0010): the placeholder it ran with becomes the number.
  IF OLD.status = 'posted' AND NEW.status = 'posted' AND OLD.number LIKE 'pending:%'
    AND (to_jsonb(NEW) - 'number') = (to_jsonb(OLD) - 'number') THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'voided'
    OR (OLD.status = 'posted' AND (
      NEW.status <> 'voided'
      OR (NEW.organization_id, NEW.number, NEW.supplier_id, NEW.facility_id, NEW.received_at,
          NEW.weighbridge_ticket, NEW.scale_device_id, NEW.vehicle_plate, NEW.notes, NEW.created_by,
          NEW.posted_at, NEW.posted_by, NEW.created_at)
        IS DISTINCT FROM
         (OLD.organization_id, OLD.number, OLD.supplier_id, OLD.facility_id, OLD.received_at,
          OLD.weighbridge_ticket, OLD.scale_device_id, OLD.vehicle_plate, OLD.notes, OLD.created_by,
          OLD.posted_at, OLD.posted_by, OLD.created_at)))
  THEN
    RAISE EXCEPTION 'receive record % is %: it cannot be changed', OLD.number, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receive_records_frozen BEFORE UPDATE OR DELETE ON receive_records
  FOR EACH ROW EXECUTE FUNCTION freeze_receive_record();
--> statement-breakpoint
-- Lines change only while their record is a draft; posting may still link each line to its new lot.
CREATE FUNCTION freeze_receive_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec_status record_status;
BEGIN
  SELECT status INTO rec_status FROM receive_records
    WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.record_id ELSE OLD.record_id END;
  -- No parent row (a draft deleted with its lines) is no posted record to protect.
  IF rec_status <> 'draft' AND NOT (
    TG_OP = 'UPDATE' AND OLD.lot_id IS NULL AND NEW.lot_id IS NOT NULL
    AND (to_jsonb(NEW) - 'lot_id') = (to_jsonb(OLD) - 'lot_id'))
  THEN
    RAISE EXCEPTION 'the lines of a % receive record cannot be changed', rec_status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receive_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON receive_lines
  FOR EACH ROW EXECUTE FUNCTION freeze_receive_line();
