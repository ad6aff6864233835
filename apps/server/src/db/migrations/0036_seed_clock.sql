-- One clock for the database (docs/architecture.md, "Time"). Every posting function (here) and every column
-- default (0037) reads the time through pt_now() (a transaction's time, as now()) or pt_clock() (the moment, as
-- clock_timestamp()). Both answer the real time unless the transaction has set `plastrace.clock`: only
-- the demo seeder does, so that the months of history it records through the real posting functions carry
-- the times they would have happened at (a delivery posted on a morning in August says so in the
-- activity log, the audit trail, the record log and its lots), not all the one moment of seeding.
-- The functions below are the current definitions (0010–0034) with now() and clock_timestamp() read
-- through the clock; pt_uuid7 keeps the real time (ids only need to be ordered and unique) and
-- device_readings_prune keeps it too (retention is about real days). A test keeps every later function
-- and default on the clock.
CREATE FUNCTION pt_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('plastrace.clock', true), '')::timestamptz, pg_catalog.now())
$$;
--> statement-breakpoint
CREATE FUNCTION pt_clock() RETURNS timestamptz LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('plastrace.clock', true), '')::timestamptz, pg_catalog.clock_timestamp())
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dispatch_deliver_record(p_org uuid, p_user uuid, p_id uuid, d jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
  IF (d->>'delivered_at')::timestamptz > pt_now() + interval '5 minutes' THEN
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
      updated_at = pt_now(), version = version + 1
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
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dispatch_post_record(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
    UPDATE lot_balances SET qty_kg = qty_kg - x.kg, value_php = value_php - v_taken, updated_at = pt_now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.lot_facility, x.material_id, -x.kg, -v_taken, 'dispatch_out',
        'dispatch_record', p_id, p_user, rec.dispatched_at);
    IF bal.qty_kg = x.kg THEN
      UPDATE lots SET status = 'dispatched', updated_at = pt_now(), version = version + 1 WHERE id = x.lot_id;
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
  UPDATE dispatch_records SET status = 'posted', posted_at = pt_now(), posted_by = p_user, total_kg = v_total,
      amount = v_amount, updated_at = pt_now(), version = version + 1
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
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dispatch_resolve_record(p_org uuid, p_user uuid, p_id uuid, p_resolution text, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
  PERFORM pt_assert_books_open(p_org, pt_now(), 'A settlement');
  v_before := dispatch_record_json(p_org, p_id);
  IF p_resolution = 'credit_note' THEN
    v_credit := CASE WHEN rec.total_kg = 0 THEN 0 ELSE round(rec.amount * rec.discrepancy_kg / rec.total_kg, 2) END;
    IF v_credit > 0 THEN
      INSERT INTO customer_ledger (id, organization_id, customer_id, kind, amount, reference, source_type, source_id, note,
          created_by, posted_at)
        VALUES (pt_uuid7(), p_org, rec.customer_id, 'credit_note', -v_credit, rec.delivery_receipt_no, 'dispatch_record',
          p_id, p_reason, p_user, pt_now());
    END IF;
  END IF;
  UPDATE dispatch_records SET discrepancy_status = CASE p_resolution WHEN 'credit_note' THEN 'credited' ELSE 'written_off' END::discrepancy_status,
      discrepancy_reason = p_reason, credit_note_amount = v_credit, resolved_at = pt_now(), resolved_by = p_user,
      updated_at = pt_now(), version = version + 1
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
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dispatch_void_record(p_org uuid, p_user uuid, p_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
  PERFORM pt_assert_books_open(p_org, pt_now(), 'The void of ' || rec.number);
  v_before := dispatch_record_json(p_org, p_id);
  PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM dispatch_lines WHERE record_id = p_id) ORDER BY id FOR NO KEY UPDATE;
  FOR x IN SELECT dl.*, lo.facility_id, lo.material_id, lo.status FROM dispatch_lines dl
           JOIN lots lo ON lo.id = dl.lot_id WHERE dl.record_id = p_id ORDER BY dl.line_no LOOP
    UPDATE lot_balances SET qty_kg = qty_kg + x.kg, value_php = value_php + x.value_php, updated_at = pt_now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.facility_id, x.material_id, x.kg, x.value_php, 'dispatch_return',
        'dispatch_record', p_id, p_reason, p_user, pt_now());
    IF x.status = 'dispatched' THEN
      UPDATE lots SET status = 'available', updated_at = pt_now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
  END LOOP;
  IF rec.order_id IS NOT NULL THEN PERFORM 1 FROM order_records WHERE id = rec.order_id FOR UPDATE; END IF;
  IF rec.amount > 0 THEN
    INSERT INTO customer_ledger (id, organization_id, customer_id, kind, amount, reference, source_type, source_id, note,
        created_by, posted_at)
      VALUES (pt_uuid7(), p_org, rec.customer_id, 'receivable_reversal', -rec.amount, rec.delivery_receipt_no,
        'dispatch_record', p_id, p_reason, p_user, pt_now());
  END IF;
  UPDATE dispatch_records SET status = 'voided', voided_at = pt_now(), voided_by = p_user, void_reason = p_reason,
      updated_at = pt_now(), version = version + 1
    WHERE id = p_id;
  IF rec.order_id IS NOT NULL THEN PERFORM order_refresh_status(rec.order_id); END IF;
  v_after := dispatch_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'dispatch_record', p_id,
    format('Voided dispatch record %s: %s', rec.number, p_reason), receive_audit_json(v_before),
    receive_audit_json(v_after), rec.amount, rec.number);
  RETURN v_after;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dispatch_write(p_org uuid, p_user uuid, p_id uuid, r jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
  IF (r->>'dispatched_at')::timestamptz > pt_now() + interval '5 minutes' THEN
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
  -- Before any line is written: a line naming another organization's device must be a 404, not a foreign key error.
  PERFORM scale_lines_check(p_org, fac.id, p_id, (r->>'dispatched_at')::timestamptz, r->'lines', 'kg');
  INSERT INTO dispatch_records (id, organization_id, number, status, customer_id, order_id, facility_id,
      dispatched_at, vehicle_id, driver_id, hauler_id, gross_kg, tare_kg, net_kg, weighbridge_ticket,
      seal_numbers, destination, notes, created_by, version, created_at, updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', (r->>'customer_id')::uuid, (r->>'order_id')::uuid, fac.id,
      (r->>'dispatched_at')::timestamptz, (r->>'vehicle_id')::uuid, (r->>'driver_id')::uuid,
      (r->>'hauler_id')::uuid, (r->>'gross_kg')::numeric, (r->>'tare_kg')::numeric,
      (r->>'gross_kg')::numeric - (r->>'tare_kg')::numeric, nullif(r->>'weighbridge_ticket', ''),
      coalesce((SELECT array_agg(s) FROM jsonb_array_elements_text(r->'seal_numbers') s WHERE s <> ''), '{}'),
      nullif(r->>'destination', ''), nullif(r->>'notes', ''), p_user, 1, pt_now(), pt_now())
    ON CONFLICT (id) DO UPDATE SET customer_id = EXCLUDED.customer_id, order_id = EXCLUDED.order_id,
      facility_id = EXCLUDED.facility_id, dispatched_at = EXCLUDED.dispatched_at,
      vehicle_id = EXCLUDED.vehicle_id, driver_id = EXCLUDED.driver_id, hauler_id = EXCLUDED.hauler_id,
      gross_kg = EXCLUDED.gross_kg, tare_kg = EXCLUDED.tare_kg, net_kg = EXCLUDED.net_kg,
      weighbridge_ticket = EXCLUDED.weighbridge_ticket, seal_numbers = EXCLUDED.seal_numbers,
      destination = EXCLUDED.destination, notes = EXCLUDED.notes,
      updated_at = pt_now(), version = dispatch_records.version + 1;
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
    INSERT INTO dispatch_lines (id, organization_id, record_id, line_no, lot_id, order_line_id, kg, unit_price, amount,
        device_id, reading_id)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, lo.id, ol.id, round((x->>'kg')::numeric, 3), v_price,
        round(round((x->>'kg')::numeric, 3) * v_price, 2), (x->>'device_id')::uuid, (x->>'reading_id')::bigint);
    i := i + 1;
  END LOOP;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.log_append(p_org uuid, p_type text, p_ids uuid[], p_versions integer[], p_event text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH e AS (
    INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT pt_uuid7(), p_org, p_type, x.id, x.version, p_event, log_snapshot(p_type, x.id),
          date_trunc('milliseconds', pt_clock())
        FROM unnest(p_ids, p_versions) AS x(id, version)
      RETURNING id
  )
  INSERT INTO log_pending (entry_id) SELECT id FROM e;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.market_reservations_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.lot_id IS NOT NULL THEN
    UPDATE lot_balances SET reserved_kg = reserved_kg + NEW.qty, updated_at = pt_now()
      WHERE lot_id = NEW.lot_id AND organization_id = NEW.organization_id;
    IF NOT FOUND THEN PERFORM pt_fail(404, 'Lot not found'); END IF;
  END IF;
  RETURN NULL;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_refresh_status(p_order uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
      ELSE 'confirmed' END::order_status, updated_at = pt_now(), version = version + 1
    WHERE id = p_order AND status IN ('confirmed', 'partly_fulfilled', 'fulfilled')
      AND status <> CASE WHEN v_all THEN 'fulfilled' WHEN v_any THEN 'partly_fulfilled' ELSE 'confirmed' END::order_status;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.production_post_record(p_org uuid, p_user uuid, p_id uuid, p_reason text, p_may_confirm boolean, p_new boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  rec production_records%ROWTYPE;
  org organizations%ROWTYPE;
  line production_lines%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  v_in numeric; v_out numeric; v_loss numeric; v_diff numeric; v_hours numeric; v_max numeric;
  x record;
  bal lot_balances%ROWTYPE;
  v_taken numeric;
  v_value numeric := 0;
  e jsonb;
  v_kwh numeric;
  v_energy_cost numeric;
  v_line_cost numeric;
  v_total numeric;
  v_given numeric := 0;
  v_share numeric;
  v_lot uuid;
  n int;
  i int := 0;
  v_rc_sum numeric := 0;
  v_rc numeric;
  v_need numeric;
  v_g numeric;
  bom record;
BEGIN
  SELECT * INTO rec FROM production_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Production record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be posted; this record is %s.', rec.status));
  END IF;
  PERFORM pt_assert_books_open(p_org, rec.ended_at, 'A production run');
  SELECT * INTO org FROM organizations WHERE id = p_org;
  v_before := production_record_json(p_org, p_id);
  v_in := (v_before->>'total_input_kg')::numeric;
  v_out := (v_before->>'total_output_kg')::numeric;
  v_loss := (v_before->>'total_loss_kg')::numeric;
  v_diff := v_in - v_out - v_loss;
  IF v_in = 0 OR v_out = 0 THEN
    PERFORM pt_fail(422, 'A run needs at least one input and one output to be posted.');
  END IF;
  IF abs(v_diff) > v_in * org.mass_balance_tolerance_pct / 100 THEN
    PERFORM pt_fail(422, format('The mass balance is off: inputs %s, outputs and losses %s — a difference of %s (%s %%), beyond the tolerance of %s %%.',
        pt_kg(v_in), pt_kg(v_out + v_loss), pt_kg(abs(v_diff)), round(abs(v_diff) * 100 / v_in, 2), org.mass_balance_tolerance_pct),
      jsonb_build_object('total_input_kg', v_in::text, 'total_output_kg', v_out::text, 'total_loss_kg', v_loss::text,
        'difference_kg', v_diff::text, 'tolerance_pct', org.mass_balance_tolerance_pct::text));
  END IF;
  v_hours := extract(epoch FROM rec.ended_at - rec.started_at) / 3600;
  IF rec.production_line_id IS NOT NULL THEN
    SELECT * INTO line FROM production_lines WHERE id = rec.production_line_id;
    IF line.capacity_kg_per_h IS NOT NULL THEN
      v_max := round(line.capacity_kg_per_h * v_hours * 1.1, 3);
      IF v_in > v_max THEN
        IF p_reason IS NULL THEN
          PERFORM pt_fail(422, format('%s in %s h is more than line %s can process: its rated %s kg/h + 10 %% allows %s. A manager must confirm the run with a reason.',
              pt_kg(v_in), round(v_hours, 2), line.code, line.capacity_kg_per_h, pt_kg(v_max)),
            jsonb_build_object('over_capacity', true, 'max_kg', v_max::text));
        END IF;
        IF NOT p_may_confirm THEN
          PERFORM pt_fail(403, 'Only a manager or an administrator may confirm a run above the line’s capacity.');
        END IF;
      END IF;
    END IF;
  END IF;
  -- A product made to a BOM: each polymer the inputs bring must be in it, and enough for the units.
  IF rec.bom_version_id IS NOT NULL THEN
    SELECT bv.version_no, p.code INTO bom FROM bom_versions bv JOIN products p ON p.id = bv.product_id
      WHERE bv.id = rec.bom_version_id;
    FOR x IN SELECT m.polymer, sum(pi.kg) AS kg FROM production_inputs pi JOIN lots lo ON lo.id = pi.lot_id
             JOIN materials m ON m.id = lo.material_id WHERE pi.record_id = p_id GROUP BY m.polymer ORDER BY m.polymer LOOP
      SELECT sum(bl.quantity * c.mass_g) INTO v_g FROM bom_lines bl JOIN components c ON c.id = bl.component_id
        WHERE bl.bom_version_id = rec.bom_version_id AND c.polymer = x.polymer;
      IF v_g IS NULL THEN
        PERFORM pt_fail(422, format('The inputs hold %s of %s, but version %s of the BOM of %s has no %s component.',
          pt_kg(x.kg), x.polymer, bom.version_no, bom.code, x.polymer));
      END IF;
      v_need := round(rec.units * v_g / 1000, 3);
      IF x.kg < v_need THEN
        PERFORM pt_fail(422, format('%s units of %s need %s of %s by version %s of its BOM; the inputs hold %s.',
          rec.units, bom.code, pt_kg(v_need), x.polymer, bom.version_no, pt_kg(x.kg)));
      END IF;
    END LOOP;
  END IF;
  -- Inputs out: every lot of the run locked in id order first (outputs are new lots nobody else sees).
  -- NO KEY UPDATE: drafts naming a lot hold a key-share lock on it (their inputs' foreign key) until
  -- they commit; a full UPDATE lock would wait on them while they wait on us for a counter.
  PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM production_inputs WHERE record_id = p_id)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM lot_balances WHERE lot_id IN (SELECT lot_id FROM production_inputs WHERE record_id = p_id)
    ORDER BY lot_id FOR UPDATE;
  FOR x IN SELECT pi.*, lo.code, lo.status AS lot_status, lo.facility_id AS lot_facility, lo.material_id,
                  coalesce(lo.recycled_content_pct, CASE WHEN m.is_virgin THEN 0 ELSE 100 END) AS rc
           FROM production_inputs pi JOIN lots lo ON lo.id = pi.lot_id JOIN materials m ON m.id = lo.material_id
           WHERE pi.record_id = p_id ORDER BY pi.line_no LOOP
    IF x.lot_status <> 'available' THEN
      PERFORM pt_fail(422, format('Lot %s is %s: only available lots can go into a run.', x.code, x.lot_status),
        jsonb_build_object('fields', jsonb_build_object('body.inputs.' || (x.line_no - 1) || '.lot_id',
          format('Lot %s is %s', x.code, x.lot_status))));
    END IF;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = x.lot_id;
    IF NOT FOUND OR bal.qty_kg < x.kg THEN
      PERFORM pt_fail(422, format('Lot %s holds %s, less than the %s this run takes: stock cannot go below zero.',
          x.code, pt_kg(coalesce(bal.qty_kg, 0)), pt_kg(x.kg)),
        jsonb_build_object('lot_id', x.lot_id, 'available_kg', coalesce(bal.qty_kg, 0)::text));
    END IF;
    v_taken := CASE WHEN bal.qty_kg = x.kg THEN bal.value_php ELSE round(bal.value_php * x.kg / bal.qty_kg, 2) END;
    UPDATE lot_balances SET qty_kg = qty_kg - x.kg, value_php = value_php - v_taken, updated_at = pt_now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.lot_facility, x.material_id, -x.kg, -v_taken, 'production_out',
        'production_record', p_id, p_user, rec.ended_at);
    IF bal.qty_kg = x.kg THEN
      UPDATE lots SET status = 'consumed', updated_at = pt_now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
    UPDATE production_inputs SET value_php = v_taken WHERE id = x.id;
    v_value := v_value + v_taken;
    v_rc_sum := v_rc_sum + x.kg * x.rc;
  END LOOP;
  -- What comes out is as recycled as what went in, by mass (received material counts by its material:
  -- virgin resin 0 %, everything else recovered, 100 %).
  v_rc := round(v_rc_sum / v_in, 2);
  -- Energy and what the run cost beyond its inputs.
  IF rec.meter_start_kwh IS NOT NULL AND rec.meter_end_kwh IS NOT NULL THEN
    e := jsonb_build_object('kwh', rec.meter_end_kwh - rec.meter_start_kwh, 'basis', 'metered');
  ELSIF rec.entered_kwh IS NOT NULL THEN
    e := jsonb_build_object('kwh', rec.entered_kwh, 'basis', 'entered');
  ELSE
    e := pt_energy(rec.process_code, v_in, v_hours, line.rated_kw, NULL,
      (SELECT opt.kwh_per_tonne FROM org_process_types opt WHERE opt.organization_id = p_org
         AND opt.reference_code = rec.process_code AND opt.archived_at IS NULL AND opt.kwh_per_tonne IS NOT NULL
         ORDER BY opt.code LIMIT 1), NULL);
  END IF;
  v_kwh := (e->>'kwh')::numeric;
  v_energy_cost := CASE WHEN v_kwh IS NULL OR org.electricity_tariff_php IS NULL THEN NULL
    ELSE round(v_kwh * org.electricity_tariff_php, 2) END;
  v_line_cost := CASE WHEN line.cost_per_kg_php IS NULL THEN NULL ELSE round(v_in * line.cost_per_kg_php, 2) END;
  v_total := v_value + coalesce(v_energy_cost, 0) + coalesce(v_line_cost, 0);
  -- A lot per output, valued by mass (the last output takes the centavos rounding left), and per loss
  -- kept as a reject lot (at no value: its cost is carried by the outputs).
  SELECT count(*) INTO n FROM production_outputs WHERE record_id = p_id;
  FOR x IN SELECT o.*, 1 AS k FROM production_outputs o WHERE o.record_id = p_id
           UNION ALL SELECT l.id, l.organization_id, l.record_id, l.line_no, l.material_id, l.kg, 0, NULL, 2
             FROM production_losses l WHERE l.record_id = p_id AND l.fate = 'reject_lot'
           ORDER BY k, line_no LOOP
    v_lot := pt_uuid7();
    IF x.k = 1 THEN
      i := i + 1;
      v_share := CASE WHEN i = n THEN v_total - v_given ELSE trunc(v_total * x.kg / v_out, 2) END;
      v_given := v_given + v_share;
    ELSE
      v_share := 0;
    END IF;
    INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
        recycled_content_pct, version, created_at, updated_at)
      VALUES (v_lot, p_org, 'pending:' || v_lot, x.material_id, rec.facility_id, 'available',
        CASE x.k WHEN 1 THEN 'production_output' ELSE 'production_reject' END, p_id, v_rc, 1, pt_now(), pt_now());
    INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php, updated_at)
      VALUES (v_lot, p_org, rec.facility_id, x.material_id, x.kg, v_share, pt_now());
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, v_lot, rec.facility_id, x.material_id, x.kg, v_share, 'production_in',
        'production_record', p_id, p_user, rec.ended_at);
    IF x.k = 1 THEN
      UPDATE production_outputs SET lot_id = v_lot, value_php = v_share WHERE id = x.id;
    ELSE
      UPDATE production_losses SET lot_id = v_lot WHERE id = x.id;
    END IF;
  END LOOP;
  -- Lineage in grams: each new lot takes each input in proportion to the input's mass; the grams that
  -- rounding down leaves go one by one to the largest remainders (ties: the earlier input line).
  WITH a AS (
    SELECT c.lot_id AS child, c.g AS child_g, pi.lot_id AS parent,
      trunc(c.g * pi.kg * 1000 / t.total_g) AS share,
      row_number() OVER (PARTITION BY c.lot_id ORDER BY (c.g * pi.kg * 1000) % t.total_g DESC, pi.line_no) AS rank
    FROM (SELECT lot_id, kg * 1000 AS g FROM production_outputs WHERE record_id = p_id
          UNION ALL SELECT lot_id, kg * 1000 FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL) c
    CROSS JOIN production_inputs pi
    CROSS JOIN (SELECT sum(kg) * 1000 AS total_g FROM production_inputs WHERE record_id = p_id) t
    WHERE pi.record_id = p_id),
  b AS (
    SELECT child, parent, share + CASE WHEN rank <= child_g - sum(share) OVER (PARTITION BY child) THEN 1 ELSE 0 END AS g
    FROM a)
  INSERT INTO lot_lineage (id, organization_id, parent_lot_id, child_lot_id, kg, source_type, source_id, created_at)
  SELECT pt_uuid7(), p_org, parent, child, g / 1000, 'production_record', p_id, pt_now() FROM b WHERE g > 0;
  -- The numbers last (the record's, when it was saved in this call, and the new lots' codes), while
  -- the record is still a draft whose number may change.
  PERFORM production_number(p_org, p_id);
  UPDATE production_records SET status = 'posted', posted_at = pt_now(), posted_by = p_user, energy_kwh = v_kwh,
      energy_basis = (e->>'basis')::energy_basis, energy_cost_php = v_energy_cost, line_cost_php = v_line_cost,
      input_value_php = v_value, recycled_content_pct = v_rc, over_capacity_reason = CASE WHEN v_in > v_max THEN p_reason END,
      updated_at = pt_now(), version = version + 1
    WHERE id = p_id;
  v_after := production_record_json(p_org, p_id);
  -- Saved and posted in one call: the draft it was a moment ago is logged as created, with its number.
  IF p_new THEN
    v_before := v_before || jsonb_build_object('number', v_after->'number');
    PERFORM pt_log_change(p_org, p_user, 'CREATE_RECORD', 'production_record', p_id,
      'Drafted production record ' || (v_after->>'number'), NULL, v_before, NULL, v_after->>'number');
  END IF;
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'production_record', p_id,
    format('Posted production record %s: %s in, %s out (%s %% yield)', v_after->>'number', pt_kg(v_in), pt_kg(v_out),
      v_after->>'yield_pct'), receive_audit_json(v_before), receive_audit_json(v_after), NULL, v_after->>'number');
  RETURN v_after;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.production_void_record(p_org uuid, p_user uuid, p_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  rec production_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  x record;
  bal lot_balances%ROWTYPE;
  v_moves int;
BEGIN
  SELECT * INTO rec FROM production_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Production record not found'); END IF;
  IF rec.status <> 'posted' THEN
    PERFORM pt_fail(422, format('Only a posted record can be voided; this one is %s.', rec.status));
  END IF;
  PERFORM pt_assert_books_open(p_org, pt_now(), 'The void of ' || rec.number);
  v_before := production_record_json(p_org, p_id);
  PERFORM 1 FROM lots WHERE id IN (
      SELECT lot_id FROM production_inputs WHERE record_id = p_id
      UNION SELECT lot_id FROM production_outputs WHERE record_id = p_id
      UNION SELECT lot_id FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL)
    ORDER BY id FOR NO KEY UPDATE;
  FOR x IN SELECT lo.id, lo.code, lo.material_id, t.kg FROM (
             SELECT lot_id, kg, 1 AS k, line_no FROM production_outputs WHERE record_id = p_id
             UNION ALL SELECT lot_id, kg, 2, line_no FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL) t
           JOIN lots lo ON lo.id = t.lot_id ORDER BY t.k, t.line_no LOOP
    SELECT count(*) INTO v_moves FROM stock_movements WHERE organization_id = p_org AND lot_id = x.id;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = x.id FOR UPDATE;
    IF v_moves <> 1 OR bal.qty_kg <> x.kg THEN
      PERFORM pt_fail(422, format('Lot %s, made by this run, has already moved on, so the run cannot be voided. Correct it with an adjustment instead.',
        x.code), jsonb_build_object('lot_id', x.id, 'lot_code', x.code));
    END IF;
    UPDATE lot_balances SET qty_kg = 0, value_php = 0, updated_at = pt_now() WHERE lot_id = x.id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.id, rec.facility_id, x.material_id, -bal.qty_kg, -bal.value_php, 'production_void',
        'production_record', p_id, p_reason, p_user, pt_now());
    UPDATE lots SET status = 'voided', updated_at = pt_now(), version = version + 1 WHERE id = x.id;
  END LOOP;
  FOR x IN SELECT pi.*, lo.facility_id, lo.material_id, lo.status FROM production_inputs pi
           JOIN lots lo ON lo.id = pi.lot_id WHERE pi.record_id = p_id ORDER BY pi.line_no LOOP
    UPDATE lot_balances SET qty_kg = qty_kg + x.kg, value_php = value_php + x.value_php, updated_at = pt_now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.facility_id, x.material_id, x.kg, x.value_php, 'production_return',
        'production_record', p_id, p_reason, p_user, pt_now());
    IF x.status = 'consumed' THEN
      UPDATE lots SET status = 'available', updated_at = pt_now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
  END LOOP;
  UPDATE production_records SET status = 'voided', voided_at = pt_now(), voided_by = p_user, void_reason = p_reason,
      updated_at = pt_now(), version = version + 1
    WHERE id = p_id;
  v_after := production_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'production_record', p_id,
    format('Voided production record %s: %s', rec.number, p_reason), receive_audit_json(v_before),
    receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.production_write_unmetered(p_org uuid, p_user uuid, p_id uuid, r jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  fac facilities%ROWTYPE;
  lo lots%ROWTYPE;
  x jsonb;
  i int;
  field text;
BEGIN
  IF (r->>'ended_at')::timestamptz > pt_now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The end of the run cannot be in the future', 'body.ended_at',
      'The end of the run cannot be in the future');
  END IF;
  IF (r->>'ended_at')::timestamptz <= (r->>'started_at')::timestamptz THEN
    PERFORM pt_fail_field(400, 'The run must end after it starts', 'body.ended_at', 'The run must end after it starts');
  END IF;
  SELECT * INTO fac FROM facilities
    WHERE organization_id = p_org AND id = (r->>'facility_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Facility not found', 'body.facility_id', 'Facility not found or archived');
  END IF;
  IF r->>'production_line_id' IS NOT NULL THEN
    PERFORM 1 FROM production_lines WHERE organization_id = p_org AND id = (r->>'production_line_id')::uuid
      AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Production line not found', 'body.production_line_id', 'Production line not found or archived');
    END IF;
    PERFORM 1 FROM production_lines WHERE id = (r->>'production_line_id')::uuid AND facility_id = fac.id;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'The production line is at another facility', 'body.production_line_id',
        'The production line is at another facility');
    END IF;
  END IF;
  PERFORM 1 FROM process_types WHERE code = r->>'process_code';
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Process type not found', 'body.process_code', 'Process type not found');
  END IF;
  -- A manufacturing run may name the product it made, the BOM version it was made to, and the units.
  IF r->>'product_id' IS NOT NULL THEN
    PERFORM 1 FROM process_types WHERE code = r->>'process_code' AND manufacturing;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'Only a manufacturing run (moulding, film blowing, filling) makes a product',
        'body.product_id', 'Only a manufacturing run (moulding, film blowing, filling) makes a product');
    END IF;
    PERFORM 1 FROM products WHERE organization_id = p_org AND id = (r->>'product_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Product not found', 'body.product_id', 'Product not found or archived');
    END IF;
    PERFORM 1 FROM bom_versions WHERE id = (r->>'bom_version_id')::uuid AND product_id = (r->>'product_id')::uuid;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'Choose a BOM version of this product', 'body.bom_version_id',
        'Choose a BOM version of this product');
    END IF;
  ELSIF r->>'bom_version_id' IS NOT NULL OR r->>'units' IS NOT NULL THEN
    PERFORM pt_fail_field(400, 'Choose the product the run made', 'body.product_id', 'Choose the product the run made');
  END IF;
  IF (r->>'meter_end_kwh')::numeric < (r->>'meter_start_kwh')::numeric THEN
    PERFORM pt_fail_field(400, 'The meter’s end reading is below its start', 'body.meter_end_kwh',
      'The meter’s end reading is below its start');
  END IF;
  INSERT INTO production_records (id, organization_id, number, status, facility_id, production_line_id,
      process_code, started_at, ended_at, shift, crew, meter_start_kwh, meter_end_kwh, entered_kwh, water_m3,
      notes, product_id, bom_version_id, units, created_by, version, created_at, updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', fac.id, (r->>'production_line_id')::uuid,
      r->>'process_code', (r->>'started_at')::timestamptz, (r->>'ended_at')::timestamptz,
      nullif(r->>'shift', ''), nullif(r->>'crew', ''), (r->>'meter_start_kwh')::numeric,
      (r->>'meter_end_kwh')::numeric, (r->>'energy_kwh')::numeric, (r->>'water_m3')::numeric,
      nullif(r->>'notes', ''), (r->>'product_id')::uuid, (r->>'bom_version_id')::uuid, (r->>'units')::numeric,
      p_user, 1, pt_now(), pt_now())
    ON CONFLICT (id) DO UPDATE SET facility_id = EXCLUDED.facility_id,
      production_line_id = EXCLUDED.production_line_id, process_code = EXCLUDED.process_code,
      started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at, shift = EXCLUDED.shift,
      crew = EXCLUDED.crew, meter_start_kwh = EXCLUDED.meter_start_kwh, meter_end_kwh = EXCLUDED.meter_end_kwh,
      entered_kwh = EXCLUDED.entered_kwh, water_m3 = EXCLUDED.water_m3, notes = EXCLUDED.notes,
      product_id = EXCLUDED.product_id, bom_version_id = EXCLUDED.bom_version_id, units = EXCLUDED.units,
      updated_at = pt_now(), version = production_records.version + 1;
  DELETE FROM production_inputs WHERE record_id = p_id;
  DELETE FROM production_outputs WHERE record_id = p_id;
  DELETE FROM production_losses WHERE record_id = p_id;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(r->'inputs') LOOP
    field := 'body.inputs.' || i || '.lot_id';
    SELECT * INTO lo FROM lots WHERE organization_id = p_org AND id = (x->>'lot_id')::uuid;
    IF NOT FOUND THEN PERFORM pt_fail_field(404, 'Lot not found', field, 'Lot not found'); END IF;
    IF lo.facility_id <> fac.id THEN
      PERFORM pt_fail_field(422, format('Lot %s is at another facility', lo.code), field,
        format('Lot %s is at another facility', lo.code));
    END IF;
    PERFORM 1 FROM production_inputs WHERE record_id = p_id AND lot_id = lo.id;
    IF FOUND THEN
      PERFORM pt_fail_field(400, format('Lot %s is taken twice: enter it once with the total kg', lo.code), field,
        format('Lot %s is taken twice: enter it once with the total kg', lo.code));
    END IF;
    INSERT INTO production_inputs (id, organization_id, record_id, line_no, lot_id, kg)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, lo.id, round((x->>'kg')::numeric, 3));
    i := i + 1;
  END LOOP;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(r->'outputs') LOOP
    PERFORM 1 FROM materials WHERE organization_id = p_org AND id = (x->>'material_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Material not found', 'body.outputs.' || i || '.material_id', 'Material not found or archived');
    END IF;
    INSERT INTO production_outputs (id, organization_id, record_id, line_no, material_id, kg)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, (x->>'material_id')::uuid, round((x->>'kg')::numeric, 3));
    i := i + 1;
  END LOOP;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(coalesce(r->'losses', '[]')) LOOP
    IF x->>'fate' = 'reject_lot' THEN
      PERFORM 1 FROM materials WHERE organization_id = p_org AND id = (x->>'material_id')::uuid AND archived_at IS NULL;
      IF NOT FOUND THEN
        PERFORM pt_fail_field(404, 'Material not found', 'body.losses.' || i || '.material_id',
          'Choose the material of the reject lot');
      END IF;
    END IF;
    INSERT INTO production_losses (id, organization_id, record_id, line_no, kind, fate, kg, material_id)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, (x->>'kind')::loss_kind, (x->>'fate')::loss_fate,
        round((x->>'kg')::numeric, 3), CASE WHEN x->>'fate' = 'reject_lot' THEN (x->>'material_id')::uuid END);
    i := i + 1;
  END LOOP;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.pt_idempotency_claim(p_org uuid, p_route text, p_key text, p_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  first idempotency_keys%ROWTYPE;
BEGIN
  IF p_key IS NULL THEN RETURN NULL; END IF;
  INSERT INTO idempotency_keys (organization_id, key, route, request_hash, created_at)
    VALUES (p_org, p_key, p_route, p_hash, pt_now()) ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NULL; END IF;
  SELECT * INTO first FROM idempotency_keys WHERE organization_id = p_org AND route = p_route AND key = p_key;
  IF NOT FOUND OR first.request_hash <> p_hash THEN
    PERFORM pt_fail(422, 'This Idempotency-Key was already used for a different request');
  END IF;
  RETURN jsonb_build_object('status', coalesce(first.status_code, 200), 'body', first.response);
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.pt_log_change(p_org uuid, p_user uuid, p_type text, p_entity text, p_id uuid, p_description text, p_before jsonb, p_after jsonb, p_amount numeric, p_reference text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO audit_log (id, organization_id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
    VALUES (pt_uuid7(), p_org, p_user,
      p_entity || '.' || CASE p_type WHEN 'CREATE_RECORD' THEN 'created' WHEN 'UPDATE_RECORD' THEN 'updated' ELSE 'deleted' END,
      p_entity, p_id::text, p_before, p_after, pt_clock());
  INSERT INTO user_transactions (id, organization_id, user_id, transaction_type, source, description, amount,
      currency, status, reference_id, payment_method, metadata, created_at)
    VALUES (pt_uuid7(), p_org, p_user, p_type, 'server', p_description, coalesce(p_amount, 0), 'PHP', 'Completed',
      coalesce(p_reference, p_id::text), 'System', jsonb_build_object('recordType', p_entity), pt_clock());
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_assert_not_future(r jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (r->>'received_at')::timestamptz > pt_now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The time received cannot be in the future', 'body.received_at',
      'The time received cannot be in the future');
  END IF;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_finish(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  entries jsonb;
  maps jsonb;
BEGIN
  -- Posted in this call: posted_at is this transaction's time. The record first, then its lots.
  SELECT jsonb_agg(jsonb_build_object('record', x.record, 'type', x.type, 'id', x.id, 'version', x.version,
      'event', x.event, 'snapshot', log_snapshot(x.type, x.id)) ORDER BY x.i, x.line_no) INTO entries
    FROM (
      SELECT u.i, 0 AS line_no, r.id AS record, 'receive_record' AS type, r.id, r.version, 'posted' AS event
        FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
        WHERE r.status = 'posted' AND r.posted_at = pt_now()
      UNION ALL
      SELECT u.i, l.line_no, r.id, 'lot', l.lot_id, 1, 'created'
        FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
        JOIN receive_lines l ON l.record_id = r.id
        WHERE r.status = 'posted' AND r.posted_at = pt_now()
    ) x;
  maps := receive_finish_numbers(p_org, p_user, p_ids, p_pending);
  IF entries IS NULL THEN RETURN maps; END IF;
  WITH e AS (
    INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT pt_uuid7(), p_org, x->>'type', (x->>'id')::uuid, (x->>'version')::int, x->>'event',
          pt_replace((x->'snapshot')::text, coalesce(maps->(x->>'record'), '{}'))::jsonb,
          date_trunc('milliseconds', pt_clock())
        FROM jsonb_array_elements(entries) WITH ORDINALITY AS a(x, ord)
        ORDER BY ord
      RETURNING id
  )
  INSERT INTO log_pending (entry_id) SELECT id FROM e;
  RETURN maps;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_finish_numbers(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  tz text;
  maps jsonb;
  stamp timestamptz;
BEGIN
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  WITH need AS (
    SELECT u.i, 0 AS line_no, 'record' AS kind, r.id AS record, r.id, r.number AS placeholder,
           'receive:' || to_char(r.received_at AT TIME ZONE tz, 'YYYY') AS counter,
           'RR-' || to_char(r.received_at AT TIME ZONE tz, 'YYYY') || '-' AS prefix, 6 AS width
      FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
      WHERE r.number LIKE 'pending:%'
    UNION ALL
    SELECT u.i, l.line_no, 'lot', r.id, lo.id, lo.code,
           'lot:' || f.code || ':' || to_char(r.received_at AT TIME ZONE tz, 'YYMMDD'),
           f.code || '-' || to_char(r.received_at AT TIME ZONE tz, 'YYMMDD') || '-', 4
      FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
      JOIN receive_lines l ON l.record_id = r.id JOIN lots lo ON lo.id = l.lot_id
      JOIN facilities f ON f.id = r.facility_id
      WHERE lo.code LIKE 'pending:%'
  ), taken AS (
    INSERT INTO counters AS c (organization_id, name, value)
      SELECT p_org, counter, count(*) FROM need GROUP BY counter ORDER BY counter
    ON CONFLICT (organization_id, name) DO UPDATE SET value = c.value + EXCLUDED.value
    RETURNING c.name, c.value
  ), numbered AS (
    -- The counter's new value less how many it gave out here is where this call's numbers start.
    SELECT n.kind, n.record, n.id, n.placeholder,
           n.prefix || lpad((t.value - count(*) OVER w + row_number() OVER w)::text, n.width, '0') AS number
      FROM need n JOIN taken t ON t.name = n.counter
      WINDOW w AS (PARTITION BY n.counter ORDER BY n.i, n.line_no
                   ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ), records AS (
    UPDATE receive_records r SET number = x.number FROM numbered x WHERE x.kind = 'record' AND r.id = x.id
  ), lot_codes AS (
    UPDATE lots lo SET code = x.number FROM numbered x WHERE x.kind = 'lot' AND lo.id = x.id
  )
  SELECT coalesce(jsonb_object_agg(m.record, m.map), '{}') INTO maps
    FROM (SELECT record, jsonb_object_agg(placeholder, number) AS map FROM numbered GROUP BY record) m;
  -- Each pending row names its record (a log's id, a payable's source): only that record's numbers apply.
  -- MATERIALIZED: else each mention of `e` below would replace the placeholders again.
  WITH payables AS MATERIALIZED (
    SELECT pt_replace(value::text, coalesce(maps->(value->>'source_id'), '{}'))::jsonb AS e
      FROM jsonb_array_elements(p_pending) WHERE value->>'t' = 'payable'
  )
  INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, currency, reference, source_type,
      source_id, created_by, posted_at)
    SELECT pt_uuid7(), p_org, (e->>'supplier_id')::uuid, 'payable', (e->>'amount')::numeric, 'PHP',
        e->>'reference', 'receive_record', (e->>'source_id')::uuid, coalesce((e->>'user_id')::uuid, p_user),
        (e->>'posted_at')::timestamptz
      FROM payables;
  -- Stamped by the clock, a microsecond apart in the order they were made: a record drafted and posted
  -- in one call lists "drafted" before "posted" (pt_log_change does the same one row at a time).
  stamp := pt_clock();
  WITH e AS MATERIALIZED (
    SELECT pt_replace(value::text, coalesce(maps->(value->>'id'), '{}'))::jsonb AS e,
           stamp + ord * interval '1 microsecond' AS at
      FROM jsonb_array_elements(p_pending) WITH ORDINALITY AS x(value, ord) WHERE value->>'t' = 'log'
  ), audit AS (
    INSERT INTO audit_log (id, organization_id, actor_user_id, action, entity_type, entity_id, before, after,
        created_at)
      SELECT pt_uuid7(), p_org, coalesce((e->>'user_id')::uuid, p_user),
          'receive_record.' || CASE e->>'type' WHEN 'CREATE_RECORD' THEN 'created' WHEN 'UPDATE_RECORD' THEN 'updated'
            ELSE 'deleted' END,
          'receive_record', e->>'id', nullif(e->'before', 'null'), nullif(e->'after', 'null'), at
        FROM e
  )
  INSERT INTO user_transactions (id, organization_id, user_id, transaction_type, source, description, amount,
      currency, status, reference_id, payment_method, metadata, created_at)
    SELECT pt_uuid7(), p_org, coalesce((e->>'user_id')::uuid, p_user), e->>'type', 'server', e->>'description',
        coalesce((e->>'amount')::numeric, 0), 'PHP', 'Completed', coalesce(e->>'reference', e->>'id'), 'System',
        '{"recordType": "receive_record"}'::jsonb, at
      FROM e;
  RETURN maps;
END;
$function$
;
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
  INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, order_id,
      received_at, weighbridge_ticket, scale_device_id, vehicle_plate, notes, created_by, version, created_at,
      updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', v.supplier_id, v.facility_id, v.order_id, received,
      nullif(r->>'weighbridge_ticket', ''), nullif(r->>'scale_device_id', ''), nullif(r->>'vehicle_plate', ''),
      nullif(r->>'notes', ''), p_user, 1, pt_now(), pt_now());
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
  UPDATE receive_records SET status = 'posted', posted_at = pt_now(), posted_by = p_user, version = 2 WHERE id = p_id;
  IF v.order_id IS NOT NULL THEN PERFORM receive_order_posted(p_id); END IF;
  view := receive_record_json(p_org, p_id);
  pending := receive_posting_pending(p_id, v.supplier_id, received, 'pending:' || p_id, view,
    receive_draft_of(view), true);
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_post_draft(p_org uuid, p_user uuid, p_id uuid, OUT pending jsonb, OUT view jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  rec receive_records%ROWTYPE;
  v_before jsonb;
  lines jsonb;
BEGIN
  SELECT * INTO rec FROM receive_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Receive record not found'); END IF;
  IF rec.status <> 'draft' THEN PERFORM pt_fail(422, format('This record is already %s.', rec.status)); END IF;
  PERFORM pt_assert_books_open(p_org, rec.received_at, 'Receive record ' || rec.number);
  v_before := receive_audit_json(receive_record_json(p_org, p_id));
  SELECT jsonb_agg(jsonb_build_object('id', id, 'material_id', material_id, 'net_kg', net_kg, 'amount', amount,
      'lot_id', pt_uuid7()) ORDER BY line_no) INTO lines
    FROM receive_lines WHERE record_id = p_id;
  PERFORM receive_stock_in(p_org, p_user, p_id, rec.facility_id, rec.received_at, coalesce(lines, '[]'));
  UPDATE receive_lines l SET lot_id = x.lot_id
    FROM jsonb_to_recordset(coalesce(lines, '[]')) AS x(id uuid, lot_id uuid) WHERE l.id = x.id;
  UPDATE receive_records SET status = 'posted', posted_at = pt_now(), posted_by = p_user, updated_at = pt_now(),
      version = version + 1
    WHERE id = p_id;
  view := receive_record_json(p_org, p_id);
  pending := receive_posting_pending(p_id, rec.supplier_id, rec.received_at, rec.number, view, v_before, false);
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_stock_in(p_org uuid, p_user uuid, p_record uuid, p_facility uuid, p_received timestamp with time zone, p_lines jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
      version, created_at, updated_at)
    SELECT lot_id, p_org, 'pending:' || lot_id, material_id, p_facility, 'available', 'receive_line', id, 1, pt_now(), pt_now()
      FROM jsonb_to_recordset(p_lines) AS x(id uuid, material_id uuid, lot_id uuid);
  INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php, updated_at)
    SELECT lot_id, p_org, p_facility, material_id, net_kg, amount, pt_now()
      FROM jsonb_to_recordset(p_lines) AS x(material_id uuid, net_kg numeric, amount numeric, lot_id uuid);
  INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
      source_type, source_id, created_by, posted_at)
    SELECT pt_uuid7(), p_org, lot_id, p_facility, material_id, net_kg, amount, 'receipt', 'receive_record',
        p_record, p_user, p_received
      FROM jsonb_to_recordset(p_lines) AS x(material_id uuid, net_kg numeric, amount numeric, lot_id uuid);
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_update(p_org uuid, p_user uuid, p_id uuid, r jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
      notes = nullif(r->>'notes', ''), updated_at = pt_now(), version = version + 1
    WHERE id = p_id;
  DELETE FROM receive_lines WHERE record_id = p_id;
  PERFORM receive_insert_lines(v.lines);
  v_after := receive_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'receive_record', p_id,
    'Edited receive record ' || rec.number, v_before, receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$function$
;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receive_void_stock(p_org uuid, p_user uuid, p_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  rec receive_records%ROWTYPE;
  l record;
  bal lot_balances%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  v_moves int;
  v_taken numeric;
  v_total numeric;
BEGIN
  SELECT * INTO rec FROM receive_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Receive record not found'); END IF;
  IF rec.status <> 'posted' THEN
    PERFORM pt_fail(422, format('Only a posted record can be voided; this one is %s.', rec.status));
  END IF;
  -- The reversal is dated today, so a void in a closed period leaves that period's books as sent.
  PERFORM pt_assert_books_open(p_org, pt_now(), 'The void of ' || rec.number);
  v_before := receive_audit_json(receive_record_json(p_org, p_id));
  PERFORM 1 FROM lots WHERE organization_id = p_org
    AND id IN (SELECT lot_id FROM receive_lines WHERE record_id = p_id AND lot_id IS NOT NULL)
    ORDER BY id FOR UPDATE;
  FOR l IN SELECT rl.*, lo.code AS lot_code FROM receive_lines rl JOIN lots lo ON lo.id = rl.lot_id
           WHERE rl.record_id = p_id ORDER BY rl.line_no LOOP
    SELECT count(*) INTO v_moves FROM stock_movements WHERE organization_id = p_org AND lot_id = l.lot_id;
    IF v_moves <> 1 THEN
      PERFORM pt_fail(422, format('Lot %s has already moved on (%s later movement%s), so this record cannot be voided. Correct it with an adjustment instead.',
        l.lot_code, v_moves - 1, CASE WHEN v_moves > 2 THEN 's' ELSE '' END), jsonb_build_object('lot_id', l.lot_id));
    END IF;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = l.lot_id FOR UPDATE;
    IF NOT FOUND OR bal.qty_kg < l.net_kg THEN
      PERFORM pt_fail(422, format('Lot %s no longer holds its %s kg.', l.lot_code, l.net_kg));
    END IF;
    -- Out at weighted-average cost; the last kilogram takes whatever value is left.
    v_taken := CASE WHEN bal.qty_kg = l.net_kg THEN bal.value_php ELSE round(bal.value_php * l.net_kg / bal.qty_kg, 2) END;
    UPDATE lot_balances SET qty_kg = qty_kg - l.net_kg, value_php = value_php - v_taken, updated_at = pt_now()
      WHERE lot_id = l.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, l.lot_id, rec.facility_id, l.material_id, -l.net_kg, -v_taken, 'receipt_void',
        'receive_record', p_id, p_reason, p_user, pt_now());
    UPDATE lots SET status = 'voided', quarantine_reason = NULL, updated_at = pt_now(), version = version + 1
      WHERE organization_id = p_org AND id = l.lot_id;
  END LOOP;
  PERFORM 1 FROM suppliers WHERE organization_id = p_org AND id = rec.supplier_id FOR UPDATE;
  SELECT round(coalesce(sum(amount), 0), 2) INTO v_total FROM receive_lines WHERE record_id = p_id;
  INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, currency, reference, source_type,
      source_id, note, created_by, posted_at)
    VALUES (pt_uuid7(), p_org, rec.supplier_id, 'payable_reversal', -v_total, 'PHP', rec.number,
      'receive_record', p_id, p_reason, p_user, pt_now());
  UPDATE receive_records SET status = 'voided', voided_at = pt_now(), voided_by = p_user, void_reason = p_reason,
      updated_at = pt_now(), version = version + 1
    WHERE id = p_id;
  v_after := receive_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'receive_record', p_id,
    format('Voided receive record %s: %s', rec.number, p_reason), v_before, receive_audit_json(v_after),
    -v_total, rec.number);
  RETURN v_after;
END;
$function$
;

