CREATE TYPE "public"."price_kind" AS ENUM('buying', 'selling');--> statement-breakpoint
DROP INDEX "prices_organization_id_material_id_region_effective_from_index";--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "kind" "price_kind" DEFAULT 'buying' NOT NULL;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "receive_records" ADD COLUMN "order_id" uuid;--> statement-breakpoint
CREATE INDEX "prices_organization_id_material_id_region_kind_effective_from_index" ON "prices" USING btree ("organization_id","material_id","region","kind","effective_from");--> statement-breakpoint
CREATE INDEX "order_records_organization_id_supplier_id_index" ON "order_records" USING btree ("organization_id","supplier_id");--> statement-breakpoint
CREATE INDEX "receive_records_organization_id_order_id_index" ON "receive_records" USING btree ("organization_id","order_id");--> statement-breakpoint
ALTER TABLE "receive_records" ADD CONSTRAINT "receive_records_order_id_order_records_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_lines" ADD CONSTRAINT "receive_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receive_lines_order_line_id_index" ON "receive_lines" USING btree ("order_line_id");--> statement-breakpoint
-- Purchase orders are fulfilled by the deliveries that name them (docs/architecture.md, "Outbound"):
-- a receive record may name a confirmed purchase order of its supplier; each line counts towards the
-- order line of its material (at the material's grade when the order has it at several), by net kg;
-- posting refuses a delivery beyond the order's tolerance and moves the order's status, as a dispatch
-- posting moves a sales order's; a void moves it back. Deliveries are priced from buying prices only.

-- A posted record keeps the order it was posted against (0009's freeze_receive_record guards the rest).
CREATE FUNCTION freeze_receive_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND NEW.order_id IS DISTINCT FROM OLD.order_id THEN
    RAISE EXCEPTION 'receive record % is %: its purchase order cannot be changed', OLD.number, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receive_records_order_frozen BEFORE UPDATE OF order_id ON receive_records
  FOR EACH ROW EXECUTE FUNCTION freeze_receive_order();
--> statement-breakpoint
-- A record as the API shows it now names its purchase order.
ALTER FUNCTION receive_record_json(uuid, uuid) RENAME TO receive_record_fields;
--> statement-breakpoint
CREATE FUNCTION receive_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN receive_record_fields(p_org, p_id) || (SELECT jsonb_build_object('order',
      CASE WHEN o.id IS NULL THEN NULL ELSE jsonb_build_object('id', o.id, 'number', o.number) END)
    FROM receive_records r LEFT JOIN order_records o ON o.id = r.order_id
    WHERE r.organization_id = p_org AND r.id = p_id);
END;
$$;
--> statement-breakpoint
DROP FUNCTION receive_priced_lines(uuid, uuid, jsonb);
--> statement-breakpoint
-- A delivery's header and lines as stored: the supplier, facility and materials must be active, the
-- purchase order (if named) confirmed, of the supplier, with each line's material on it; weights and
-- money exact; a price left out comes from the order's line, else the buying price list on the
-- organization's day. Writes nothing.
CREATE FUNCTION receive_priced_lines(p_org uuid, p_record uuid, r jsonb, OUT supplier_id uuid,
  OUT facility_id uuid, OUT order_id uuid, OUT lines jsonb) LANGUAGE plpgsql AS $$
DECLARE
  fac facilities%ROWTYPE;
  m materials%ROWTYPE;
  ord order_records%ROWTYPE;
  ol order_lines%ROWTYPE;
  received timestamptz := (r->>'received_at')::timestamptz;
  tz text;
  l jsonb;
  i int := 0;
  gross numeric; tare numeric; ded numeric; net numeric; payable numeric; price numeric;
  field text;
  msg text;
BEGIN
  PERFORM receive_assert_not_future(r);
  SELECT id INTO supplier_id FROM suppliers
    WHERE organization_id = p_org AND id = (r->>'supplier_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Supplier not found', 'body.supplier_id', 'Supplier not found or archived');
  END IF;
  SELECT * INTO fac FROM facilities
    WHERE organization_id = p_org AND id = (r->>'facility_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Facility not found', 'body.facility_id', 'Facility not found or archived');
  END IF;
  facility_id := fac.id;
  IF r->>'order_id' IS NOT NULL THEN
    SELECT * INTO ord FROM order_records o WHERE o.organization_id = p_org AND o.id = (r->>'order_id')::uuid;
    IF NOT FOUND OR ord.kind <> 'purchase' THEN
      PERFORM pt_fail_field(404, 'Purchase order not found', 'body.order_id', 'Purchase order not found');
    END IF;
    IF ord.supplier_id <> supplier_id THEN
      PERFORM pt_fail_field(422, format('Order %s is for another supplier', ord.number), 'body.order_id',
        format('Order %s is for another supplier', ord.number));
    END IF;
    IF ord.status NOT IN ('confirmed', 'partly_fulfilled') THEN
      PERFORM pt_fail_field(422, format('Order %s is %s: only a confirmed order can be received against',
          ord.number, replace(ord.status::text, '_', ' ')), 'body.order_id',
        format('Order %s is %s', ord.number, replace(ord.status::text, '_', ' ')));
    END IF;
    order_id := ord.id;
  END IF;
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  lines := '[]'::jsonb;
  FOR l IN SELECT value FROM jsonb_array_elements(r->'lines') LOOP
    field := 'body.lines.' || i || '.';
    SELECT * INTO m FROM materials
      WHERE organization_id = p_org AND id = (l->>'material_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Material not found', field || 'material_id', 'Material not found or archived');
    END IF;
    ol := NULL;
    IF ord.id IS NOT NULL THEN
      SELECT x.* INTO ol FROM order_lines x WHERE x.order_id = ord.id AND x.material_id = m.id
        ORDER BY (lower(x.grade) = lower(m.grade)) DESC, x.line_no LIMIT 1;
      IF NOT FOUND THEN
        PERFORM pt_fail_field(422, format('%s is not on order %s', m.name, ord.number), field || 'material_id',
          format('Not on order %s', ord.number));
      END IF;
    END IF;
    gross := round((l->>'gross_kg')::numeric, 3);
    tare := round(coalesce((l->>'tare_kg')::numeric, 0), 3);
    ded := round(coalesce((l->>'deduction_pct')::numeric, 0), 2);
    IF gross <= 0 THEN
      PERFORM pt_fail_field(400, 'Gross weight must be above 0', field || 'gross_kg', 'Gross weight must be above 0');
    END IF;
    IF tare >= gross THEN
      PERFORM pt_fail_field(400, 'Tare must be less than gross', field || 'tare_kg', 'Tare must be less than gross');
    END IF;
    IF ded >= 100 THEN
      PERFORM pt_fail_field(400, 'Deduction must be below 100 %', field || 'deduction_pct', 'Deduction must be below 100 %');
    END IF;
    price := coalesce(round((l->>'unit_price')::numeric, 2), ol.unit_price);
    IF price IS NULL AND fac.region IS NOT NULL THEN
      SELECT p.price_per_kg INTO price FROM prices p
        WHERE p.organization_id = p_org AND p.material_id = m.id AND p.kind = 'buying'
          AND lower(p.grade) = lower(m.grade) AND lower(p.region) = lower(fac.region)
          AND p.effective_from <= (received AT TIME ZONE tz)::date
        ORDER BY p.effective_from DESC, p.created_at DESC LIMIT 1;
    END IF;
    IF price IS NULL THEN
      msg := format('No price for %s in %s on %s: enter the unit price', m.name,
        coalesce(fac.region, 'this facility’s region'), left(r->>'received_at', 10));
      PERFORM pt_fail_field(422, msg, field || 'unit_price', msg);
    END IF;
    net := gross - tare;
    payable := round(net * (100 - ded) / 100, 3);
    lines := lines || jsonb_build_object(
      'id', pt_uuid7(), 'organization_id', p_org, 'record_id', p_record, 'line_no', i + 1, 'material_id', m.id,
      'gross_kg', gross, 'tare_kg', tare, 'net_kg', net, 'deduction_pct', ded, 'payable_kg', payable,
      'unit_price', price, 'amount', round(payable * price, 2), 'order_line_id', ol.id);
    i := i + 1;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_insert_lines(p_lines jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO receive_lines (id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg,
      deduction_pct, payable_kg, unit_price, amount, lot_id, order_line_id)
    SELECT id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg, deduction_pct,
      payable_kg, unit_price, amount, lot_id, order_line_id
    FROM jsonb_to_recordset(p_lines) AS x(id uuid, organization_id uuid, record_id uuid, line_no smallint,
      material_id uuid, gross_kg numeric, tare_kg numeric, net_kg numeric, deduction_pct numeric,
      payable_kg numeric, unit_price numeric, amount numeric, lot_id uuid, order_line_id uuid);
END;
$$;
--> statement-breakpoint
-- An order's fulfilment follows what was delivered against it — posted dispatches for a sales order,
-- posted deliveries (net kg) for a purchase order: confirmed → partly fulfilled → fulfilled, and back
-- after a void. Called with the order locked, in the posting's transaction.
CREATE OR REPLACE FUNCTION order_refresh_status(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_any boolean;
  v_all boolean;
BEGIN
  SELECT bool_or(coalesce(d.kg, 0) > 0), bool_and(coalesce(d.kg, 0) >= ol.kg) INTO v_any, v_all
  FROM order_lines ol
  LEFT JOIN (SELECT l.order_line_id, sum(l.kg) AS kg FROM dispatch_lines l
             JOIN dispatch_records r ON r.id = l.record_id AND r.status = 'posted'
             WHERE r.order_id = p_order GROUP BY l.order_line_id
             UNION ALL
             SELECT l.order_line_id, sum(l.net_kg) FROM receive_lines l
             JOIN receive_records r ON r.id = l.record_id AND r.status = 'posted'
             WHERE r.order_id = p_order GROUP BY l.order_line_id) d ON d.order_line_id = ol.id
  WHERE ol.order_id = p_order;
  UPDATE order_records SET status = CASE WHEN v_all THEN 'fulfilled' WHEN v_any THEN 'partly_fulfilled'
      ELSE 'confirmed' END::order_status, updated_at = now(), version = version + 1
    WHERE id = p_order AND status IN ('confirmed', 'partly_fulfilled', 'fulfilled')
      AND status <> CASE WHEN v_all THEN 'fulfilled' WHEN v_any THEN 'partly_fulfilled' ELSE 'confirmed' END::order_status;
END;
$$;
--> statement-breakpoint
-- The posting of a delivery that names a purchase order: the order, locked (after the delivery's lots and
-- stock, before the numbers), must still be open, and no line may go beyond the order's tolerance with
-- this delivery counted; then the order's status follows. Called once the record is marked posted.
CREATE FUNCTION receive_order_posted(p_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ord order_records%ROWTYPE;
  x record;
BEGIN
  SELECT o.* INTO ord FROM order_records o JOIN receive_records r ON r.order_id = o.id WHERE r.id = p_id
    FOR UPDATE OF o;
  IF NOT FOUND THEN RETURN; END IF;
  IF ord.status NOT IN ('confirmed', 'partly_fulfilled') THEN
    PERFORM pt_fail(422, format('Order %s is %s: only a confirmed order can be received against.',
      ord.number, replace(ord.status::text, '_', ' ')));
  END IF;
  FOR x IN SELECT ol.kg, m.name, sum(rl.net_kg) AS received
           FROM order_lines ol JOIN materials m ON m.id = ol.material_id
           JOIN receive_lines rl ON rl.order_line_id = ol.id
           JOIN receive_records rr ON rr.id = rl.record_id AND rr.status = 'posted'
           WHERE ol.order_id = ord.id GROUP BY ol.id, m.name ORDER BY ol.line_no LOOP
    IF x.received > x.kg * (1 + ord.tolerance_pct / 100) THEN
      PERFORM pt_fail(422, format('Order %s asks for %s of %s (up to %s %% more): with this delivery %s would be received.',
        ord.number, pt_kg(x.kg), x.name, ord.tolerance_pct::text, pt_kg(x.received)));
    END IF;
  END LOOP;
  PERFORM order_refresh_status(ord.id);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_insert(p_org uuid, p_user uuid, p_id uuid, r jsonb, p_post boolean DEFAULT false,
  OUT pending jsonb, OUT view jsonb) LANGUAGE plpgsql AS $$
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
  INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, order_id,
      received_at, weighbridge_ticket, scale_device_id, vehicle_plate, notes, created_by, version, created_at,
      updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', v.supplier_id, v.facility_id, v.order_id, received,
      nullif(r->>'weighbridge_ticket', ''), nullif(r->>'scale_device_id', ''), nullif(r->>'vehicle_plate', ''),
      nullif(r->>'notes', ''), p_user, 1, now(), now());
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
  UPDATE receive_records SET status = 'posted', posted_at = now(), posted_by = p_user, version = 2 WHERE id = p_id;
  IF v.order_id IS NOT NULL THEN PERFORM receive_order_posted(p_id); END IF;
  view := receive_record_json(p_org, p_id);
  pending := receive_posting_pending(p_id, v.supplier_id, received, 'pending:' || p_id, view,
    receive_draft_of(view), true);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_update(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  rec receive_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  v record;
BEGIN
  SELECT * INTO rec FROM receive_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Receive record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be edited; this record is %s.', rec.status));
  END IF;
  v_before := receive_audit_json(receive_record_json(p_org, p_id));
  -- The header first: a stale version is a 409 before any line is looked at, as it always was.
  PERFORM receive_assert_not_future(r);
  PERFORM 1 FROM suppliers WHERE organization_id = p_org AND id = (r->>'supplier_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Supplier not found', 'body.supplier_id', 'Supplier not found or archived');
  END IF;
  PERFORM 1 FROM facilities WHERE organization_id = p_org AND id = (r->>'facility_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Facility not found', 'body.facility_id', 'Facility not found or archived');
  END IF;
  IF rec.version <> (r->>'version')::int THEN
    PERFORM pt_fail(409, 'Someone else changed this record. Reload and try again.');
  END IF;
  SELECT * INTO v FROM receive_priced_lines(p_org, p_id, r);
  UPDATE receive_records SET supplier_id = v.supplier_id, facility_id = v.facility_id, order_id = v.order_id,
      received_at = (r->>'received_at')::timestamptz, weighbridge_ticket = nullif(r->>'weighbridge_ticket', ''),
      scale_device_id = nullif(r->>'scale_device_id', ''), vehicle_plate = nullif(r->>'vehicle_plate', ''),
      notes = nullif(r->>'notes', ''), updated_at = now(), version = version + 1
    WHERE id = p_id;
  DELETE FROM receive_lines WHERE record_id = p_id;
  PERFORM receive_insert_lines(v.lines);
  v_after := receive_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'receive_record', p_id,
    'Edited receive record ' || rec.number, v_before, receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- A draft posted later counts towards its order as a delivery saved and posted at once does.
ALTER FUNCTION receive_do_post(uuid, uuid, uuid) RENAME TO receive_post_draft;
--> statement-breakpoint
CREATE FUNCTION receive_do_post(p_org uuid, p_user uuid, p_id uuid, OUT pending jsonb, OUT view jsonb)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT * INTO pending, view FROM receive_post_draft(p_org, p_user, p_id);
  IF view->'order' <> 'null'::jsonb THEN PERFORM receive_order_posted(p_id); END IF;
END;
$$;
--> statement-breakpoint
-- A void takes the delivery's kilograms back off its order (a closed or cancelled order keeps its status:
-- order_refresh_status moves only open ones).
ALTER FUNCTION receive_do_void(uuid, uuid, uuid, text) RENAME TO receive_void_stock;
--> statement-breakpoint
CREATE FUNCTION receive_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v jsonb := receive_void_stock(p_org, p_user, p_id, p_reason);
BEGIN
  IF v->'order' <> 'null'::jsonb THEN
    PERFORM 1 FROM order_records WHERE id = (v->'order'->>'id')::uuid FOR UPDATE;
    PERFORM order_refresh_status((v->'order'->>'id')::uuid);
  END IF;
  RETURN v;
END;
$$;
