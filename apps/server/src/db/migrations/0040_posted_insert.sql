-- A receive record saved and posted in one call is inserted posted, not inserted as a draft and updated
-- (docs/architecture.md "Posting", step 4). The update cost more than its row: PostgreSQL checks every
-- foreign key of a row again when the row it updates was inserted by the same transaction (five for a
-- record), and the record's triggers ran once more (the freeze check, the daily facts' mark). Measured
-- on one connection into an organization of 100,000 receive records, buffer accesses and WAL records a
-- one-line delivery: saved and posted alone 534 → 504 and 94.1 → 92.0; in batches of 20 553 → 520 and
-- 88.7 → 86.5.
--
-- The lines of a posted record stay frozen, but for the lines of a record being posted in this very
-- call: it still carries its placeholder number, which never leaves the posting's transaction
-- (receive_finish numbers it before the commit), so no committed posted record can take a line.
CREATE OR REPLACE FUNCTION freeze_receive_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec_status record_status;
  rec_number text;
BEGIN
  SELECT status, number INTO rec_status, rec_number FROM receive_records
    WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.record_id ELSE OLD.record_id END;
  -- No parent row (a draft deleted with its lines) is no posted record to protect.
  IF rec_status <> 'draft'
    AND NOT (TG_OP = 'INSERT' AND rec_status = 'posted' AND rec_number LIKE 'pending:%')
    AND NOT (TG_OP = 'UPDATE' AND OLD.lot_id IS NULL AND NEW.lot_id IS NOT NULL
      AND (to_jsonb(NEW) - 'lot_id') = (to_jsonb(OLD) - 'lot_id'))
  THEN
    RAISE EXCEPTION 'the lines of a % receive record cannot be changed', rec_status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_insert(p_org uuid, p_user uuid, p_id uuid, r jsonb, p_post boolean DEFAULT false, OUT pending jsonb, OUT view jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v record;
  received timestamptz := (r->>'received_at')::timestamptz;
  lines jsonb;
BEGIN
  SELECT * INTO v FROM receive_priced_lines(p_org, p_id, r);
  lines := v.lines;
  IF p_post THEN
    PERFORM pt_assert_books_open(p_org, received, 'This delivery');
    SELECT jsonb_agg(l || jsonb_build_object('lot_id', pt_uuid7()) ORDER BY i) INTO lines
      FROM jsonb_array_elements(v.lines) WITH ORDINALITY AS x(l, i);
  END IF;
  -- Saved and posted at once: the record goes in posted (version 2, as a draft posted in the same call
  -- would be), its lines after it under its placeholder number (freeze_receive_line below).
  INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, order_id,
      received_at, weighbridge_ticket, scale_device_id, vehicle_plate, notes, created_by, posted_at, posted_by,
      version, created_at, updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, CASE WHEN p_post THEN 'posted' ELSE 'draft' END::record_status,
      v.supplier_id, v.facility_id, v.order_id, received,
      nullif(r->>'weighbridge_ticket', ''), nullif(r->>'scale_device_id', ''), nullif(r->>'vehicle_plate', ''),
      nullif(r->>'notes', ''), p_user, CASE WHEN p_post THEN pt_now() END, CASE WHEN p_post THEN p_user END,
      CASE WHEN p_post THEN 2 ELSE 1 END, pt_now(), pt_now());
  IF p_post THEN
    PERFORM receive_stock_in(p_org, p_user, p_id, v.facility_id, received, lines);
  END IF;
  PERFORM receive_insert_lines(lines);
  IF NOT p_post THEN
    -- A new record has no photos: the API's view and the audit trail's are the same.
    view := receive_record_json(p_org, p_id);
    pending := jsonb_build_array(receive_created_log(view));
    RETURN;
  END IF;
  IF v.order_id IS NOT NULL THEN PERFORM receive_order_posted(p_id); END IF;
  view := receive_record_json(p_org, p_id);
  pending := receive_posting_pending(p_id, v.supplier_id, received, 'pending:' || p_id, view,
    receive_draft_of(view), true);
END;
$function$;
