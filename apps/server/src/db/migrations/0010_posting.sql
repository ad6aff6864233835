DROP INDEX "user_transactions_organization_id_created_at_id_index";--> statement-breakpoint
DROP INDEX "receive_records_organization_id_received_at_id_index";--> statement-breakpoint
DROP INDEX "stock_counts_organization_id_created_at_id_index";--> statement-breakpoint
CREATE INDEX "prices_latest_first" ON "prices" USING btree ("organization_id","effective_from" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lots_newest_first" ON "lots" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_transactions_organization_id_created_at_id_index" ON "user_transactions" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "receive_records_organization_id_received_at_id_index" ON "receive_records" USING btree ("organization_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_counts_organization_id_created_at_id_index" ON "stock_counts" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Posting in one round trip (docs/architecture.md, "Posting"): each write of a receive record is one
-- call of one function below, which checks, numbers, inserts, logs (audit and activity) and answers,
-- in the caller's single statement. PL/pgSQL keeps each inner statement's plan for the session.

-- A time-ordered UUID (version 7), as the app makes them, for PostgreSQL versions without uuidv7().
CREATE FUNCTION pt_uuid7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
      FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
--> statement-breakpoint
-- An instant as JavaScript's toISOString() writes it (milliseconds, UTC).
CREATE FUNCTION pt_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- A refusal the API answers as-is: SQLSTATE PT<status>, the message, and the details as JSON.
CREATE FUNCTION pt_fail(status int, message text, details jsonb DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PT' || status, MESSAGE = message, DETAIL = coalesce(details::text, '');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION pt_fail_field(status int, message text, field text, field_message text) RETURNS void
LANGUAGE sql AS $$
  SELECT pt_fail(status, message, jsonb_build_object('fields', jsonb_build_object(field, field_message)))
$$;
--> statement-breakpoint
-- The next value of a gapless per-organization counter. Its row stays locked until commit, so callers
-- take numbers as late as they can; a rolled-back transaction gives its number back.
CREATE FUNCTION pt_next(p_org uuid, p_name text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO counters (organization_id, name, value) VALUES (p_org, p_name, 1)
  ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value + 1
  RETURNING value INTO v;
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Locks a counter row without moving it: a call that needs several counters locks them in name order
-- first, so two calls can never wait on each other's counters.
CREATE FUNCTION pt_lock_counter(p_org uuid, p_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters (organization_id, name, value) VALUES (p_org, p_name, 0)
  ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value;
END;
$$;
--> statement-breakpoint
-- "Books closed through": a posting dated on or before the day is refused (lib: assertBooksOpen).
CREATE FUNCTION pt_assert_books_open(p_org uuid, p_at timestamptz, p_what text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
  tz text;
  d text;
BEGIN
  SELECT books_closed_through, time_zone INTO closed, tz FROM organizations WHERE id = p_org FOR SHARE;
  IF closed IS NULL THEN RETURN; END IF;
  d := to_char(p_at AT TIME ZONE tz, 'YYYY-MM-DD');
  IF d <= closed::text THEN
    PERFORM pt_fail(422, format('The books are closed through %s: %s dated %s cannot be posted. Post a correction on a later date, or ask an administrator to reopen the period.', closed, p_what, d),
      jsonb_build_object('books_closed_through', closed::text));
  END IF;
END;
$$;
--> statement-breakpoint
-- Idempotency-Key (DESIGN.md §3): claims the key in the caller's transaction; a replay gets the first
-- answer ({status, body}); a different request under the same key is refused. NULL: go ahead.
CREATE FUNCTION pt_idempotency_claim(p_org uuid, p_route text, p_key text, p_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  first idempotency_keys%ROWTYPE;
BEGIN
  IF p_key IS NULL THEN RETURN NULL; END IF;
  INSERT INTO idempotency_keys (organization_id, key, route, request_hash, created_at)
    VALUES (p_org, p_key, p_route, p_hash, now()) ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NULL; END IF;
  SELECT * INTO first FROM idempotency_keys WHERE organization_id = p_org AND route = p_route AND key = p_key;
  IF NOT FOUND OR first.request_hash <> p_hash THEN
    PERFORM pt_fail(422, 'This Idempotency-Key was already used for a different request');
  END IF;
  RETURN jsonb_build_object('status', coalesce(first.status_code, 200), 'body', first.response);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION pt_idempotency_store(p_org uuid, p_route text, p_key text, p_status int, p_body jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = p_status, response = p_body
      WHERE organization_id = p_org AND route = p_route AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', p_status, 'body', p_body);
END;
$$;
--> statement-breakpoint
-- Every change writes the audit trail (before/after) and a server-written activity entry. They are
-- stamped with the clock, not the transaction's start: a delivery saved and posted in one call logs
-- "drafted" then "posted", and lists ordered by time must show them in that order.
CREATE FUNCTION pt_log_change(p_org uuid, p_user uuid, p_type text, p_entity text, p_id uuid,
  p_description text, p_before jsonb, p_after jsonb, p_amount numeric, p_reference text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (id, organization_id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
    VALUES (pt_uuid7(), p_org, p_user,
      p_entity || '.' || CASE p_type WHEN 'CREATE_RECORD' THEN 'created' WHEN 'UPDATE_RECORD' THEN 'updated' ELSE 'deleted' END,
      p_entity, p_id::text, p_before, p_after, clock_timestamp());
  INSERT INTO user_transactions (id, organization_id, user_id, transaction_type, source, description, amount,
      currency, status, reference_id, payment_method, metadata, created_at)
    VALUES (pt_uuid7(), p_org, p_user, p_type, 'server', p_description, coalesce(p_amount, 0), 'PHP', 'Completed',
      coalesce(p_reference, p_id::text), 'System', jsonb_build_object('recordType', p_entity), clock_timestamp());
END;
$$;
--> statement-breakpoint
-- A receive record as the API shows it (intake.views.ts toRecord); it also answers the request.
-- The functions on the posting path are PL/pgSQL, not SQL: PostgreSQL 15 to 17 plan a SQL function's
-- query on every call, while PL/pgSQL keeps the plans of its statements for the session.
CREATE FUNCTION receive_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'id', r.id, 'number', r.number, 'status', r.status,
    'supplier', jsonb_build_object('id', s.id, 'code', s.code, 'name', s.name),
    'facility', jsonb_build_object('id', f.id, 'code', f.code, 'name', f.name),
    'received_at', pt_iso(r.received_at),
    'weighbridge_ticket', r.weighbridge_ticket, 'scale_device_id', r.scale_device_id,
    'vehicle_plate', r.vehicle_plate, 'notes', r.notes,
    'lines', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', l.id, 'line_no', l.line_no,
        'material', jsonb_build_object('id', m.id, 'code', m.code, 'name', m.name),
        'gross_kg', l.gross_kg::text, 'tare_kg', l.tare_kg::text, 'net_kg', l.net_kg::text,
        'deduction_pct', l.deduction_pct::text, 'payable_kg', l.payable_kg::text,
        'unit_price', l.unit_price::text, 'amount', l.amount::text,
        'lot', CASE WHEN lo.id IS NULL THEN NULL ELSE jsonb_build_object('id', lo.id, 'code', lo.code) END
      ) ORDER BY l.line_no)
      FROM receive_lines l JOIN materials m ON m.id = l.material_id LEFT JOIN lots lo ON lo.id = l.lot_id
      WHERE l.record_id = r.id), '[]'::jsonb),
    'photos', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', fl.id, 'mime', fl.mime, 'size', fl.size, 'original_name', fl.original_name,
        'captured_at', pt_iso(fl.captured_at), 'latitude', fl.latitude::text, 'longitude', fl.longitude::text,
        'position', ph.position, 'created_at', pt_iso(fl.created_at),
        'url', '/api/receive-records/' || r.id || '/photos/' || fl.id,
        'thumbnail_url', '/api/receive-records/' || r.id || '/photos/' || fl.id || '/thumbnail'
      ) ORDER BY ph.position)
      FROM receive_photos ph JOIN files fl ON fl.id = ph.file_id
      WHERE ph.organization_id = r.organization_id AND ph.record_id = r.id), '[]'::jsonb),
    'total_net_kg', (SELECT round(coalesce(sum(net_kg), 0), 3)::text FROM receive_lines WHERE record_id = r.id),
    'total_amount', (SELECT round(coalesce(sum(amount), 0), 2)::text FROM receive_lines WHERE record_id = r.id),
    'currency', 'PHP',
    'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at), 'void_reason', r.void_reason,
    'created_at', pt_iso(r.created_at), 'version', r.version)
  FROM receive_records r
  JOIN suppliers s ON s.id = r.supplier_id
  JOIN facilities f ON f.id = r.facility_id
  WHERE r.organization_id = p_org AND r.id = p_id);
END;
$$;
--> statement-breakpoint
-- The record as the append-only audit trail keeps it: where a photo was taken is personal data that may
-- have to be erased, which that trail cannot do, so the coordinates stay out (intake.views.ts).
CREATE FUNCTION receive_audit_json(v jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_array_length(v->'photos') = 0 THEN RETURN v; END IF;
  RETURN jsonb_set(v, '{photos}', (SELECT jsonb_agg(p - 'latitude' - 'longitude' ORDER BY i)
    FROM jsonb_array_elements(v->'photos') WITH ORDINALITY AS x(p, i)));
END;
$$;
--> statement-breakpoint
-- Clocks of scales and phones drift: a few minutes ahead is still "now" (lib/errors.ts assertNotFuture).
CREATE FUNCTION receive_assert_not_future(r jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (r->>'received_at')::timestamptz > now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The time received cannot be in the future', 'body.received_at',
      'The time received cannot be in the future');
  END IF;
END;
$$;
--> statement-breakpoint
-- A delivery's header and lines as stored: the supplier, facility and materials must be active; weights
-- and money exact; prices default from the price list on the organization's day. Writes nothing.
CREATE FUNCTION receive_priced_lines(p_org uuid, p_record uuid, r jsonb, OUT supplier_id uuid,
  OUT facility_id uuid, OUT lines jsonb) LANGUAGE plpgsql AS $$
DECLARE
  fac facilities%ROWTYPE;
  m materials%ROWTYPE;
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
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  lines := '[]'::jsonb;
  FOR l IN SELECT value FROM jsonb_array_elements(r->'lines') LOOP
    field := 'body.lines.' || i || '.';
    SELECT * INTO m FROM materials
      WHERE organization_id = p_org AND id = (l->>'material_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Material not found', field || 'material_id', 'Material not found or archived');
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
    price := round((l->>'unit_price')::numeric, 2);
    IF price IS NULL AND fac.region IS NOT NULL THEN
      SELECT p.price_per_kg INTO price FROM prices p
        WHERE p.organization_id = p_org AND p.material_id = m.id AND lower(p.grade) = lower(m.grade)
          AND lower(p.region) = lower(fac.region) AND p.effective_from <= (received AT TIME ZONE tz)::date
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
      'unit_price', price, 'amount', round(payable * price, 2));
    i := i + 1;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION receive_insert_lines(p_lines jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO receive_lines (id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg,
      deduction_pct, payable_kg, unit_price, amount)
    SELECT id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg, deduction_pct,
      payable_kg, unit_price, amount
    FROM jsonb_to_recordset(p_lines) AS x(id uuid, organization_id uuid, record_id uuid, line_no smallint,
      material_id uuid, gross_kg numeric, tare_kg numeric, net_kg numeric, deduction_pct numeric,
      payable_kg numeric, unit_price numeric, amount numeric);
END;
$$;
--> statement-breakpoint
-- A change to log once the numbers are known (receive_finish writes it): the audit trail's before and
-- after, and the server's activity entry.
CREATE FUNCTION pt_pending_log(p_type text, p_id uuid, p_description text, p_before jsonb, p_after jsonb,
  p_amount numeric, p_reference text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('t', 'log', 'type', p_type, 'id', p_id, 'description', p_description,
    'before', p_before, 'after', p_after, 'amount', p_amount, 'reference', p_reference)
$$;
--> statement-breakpoint
-- The draft a record was a moment before it was posted in the same call: what reading it back then
-- would have shown (status, posted_at, version and the lines' lots are all that posting changes). Saves
-- building the record's JSON twice when a delivery is saved and posted at once.
CREATE FUNCTION receive_draft_of(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT v || jsonb_build_object('status', 'draft', 'posted_at', NULL, 'version', (v->>'version')::int - 1,
    'lines', coalesce((SELECT jsonb_agg(l || '{"lot": null}'::jsonb ORDER BY i)
      FROM jsonb_array_elements(v->'lines') WITH ORDINALITY AS x(l, i)), '[]'::jsonb))
$$;
--> statement-breakpoint
CREATE FUNCTION receive_created_log(draft jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT pt_pending_log('CREATE_RECORD', (draft->>'id')::uuid, 'Drafted receive record ' || (draft->>'number'),
    NULL, draft, NULL, draft->>'number')
$$;
--> statement-breakpoint
-- Drafts a receive record under a placeholder number ('pending:<id>'): its real number is taken by
-- receive_finish, last. Answers the changes to log, and the draft as the API shows it — unless it is
-- posted in the same call (p_post), when receive_do_post answers both from the posted record.
CREATE FUNCTION receive_insert(p_org uuid, p_user uuid, p_id uuid, r jsonb, p_post boolean DEFAULT false,
  OUT pending jsonb, OUT view jsonb) LANGUAGE plpgsql AS $$
DECLARE
  v record;
  ph text := 'pending:' || p_id;
BEGIN
  SELECT * INTO v FROM receive_priced_lines(p_org, p_id, r);
  INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, received_at,
      weighbridge_ticket, scale_device_id, vehicle_plate, notes, created_by, version, created_at, updated_at)
    VALUES (p_id, p_org, ph, 'draft', v.supplier_id, v.facility_id, (r->>'received_at')::timestamptz,
      nullif(r->>'weighbridge_ticket', ''), nullif(r->>'scale_device_id', ''), nullif(r->>'vehicle_plate', ''),
      nullif(r->>'notes', ''), p_user, 1, now(), now());
  PERFORM receive_insert_lines(v.lines);
  IF p_post THEN RETURN; END IF;
  -- A new record has no photos: the API's view and the audit trail's are the same.
  view := receive_record_json(p_org, p_id);
  pending := jsonb_build_array(receive_created_log(view));
END;
$$;
--> statement-breakpoint
-- Replaces a draft's header and lines, if `version` is still the one the caller read.
CREATE FUNCTION receive_update(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS jsonb
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
  UPDATE receive_records SET supplier_id = (r->>'supplier_id')::uuid, facility_id = (r->>'facility_id')::uuid,
      received_at = (r->>'received_at')::timestamptz, weighbridge_ticket = nullif(r->>'weighbridge_ticket', ''),
      scale_device_id = nullif(r->>'scale_device_id', ''), vehicle_plate = nullif(r->>'vehicle_plate', ''),
      notes = nullif(r->>'notes', ''), updated_at = now(), version = version + 1
    WHERE id = p_id;
  SELECT * INTO v FROM receive_priced_lines(p_org, p_id, r);
  DELETE FROM receive_lines WHERE record_id = p_id;
  PERFORM receive_insert_lines(v.lines);
  v_after := receive_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'receive_record', p_id,
    'Edited receive record ' || rec.number, v_before, receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- Posts a draft: a lot per line (code 'pending:<lot id>' until receive_finish numbers it), stock in at
-- the paid value, all dated from the delivery. The payable and the changes to log are answered as
-- pending, written by receive_finish once every number is known.
CREATE FUNCTION receive_do_post(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false,
  OUT pending jsonb, OUT view jsonb) LANGUAGE plpgsql AS $$
DECLARE
  rec receive_records%ROWTYPE;
  l receive_lines%ROWTYPE;
  v_before jsonb;
  v_lot uuid;
  v_total numeric;
BEGIN
  SELECT * INTO rec FROM receive_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Receive record not found'); END IF;
  IF rec.status <> 'draft' THEN PERFORM pt_fail(422, format('This record is already %s.', rec.status)); END IF;
  PERFORM pt_assert_books_open(p_org, rec.received_at,
    CASE WHEN rec.number LIKE 'pending:%' THEN 'This delivery' ELSE 'Receive record ' || rec.number END);
  IF NOT p_new THEN v_before := receive_audit_json(receive_record_json(p_org, p_id)); END IF;
  FOR l IN SELECT * FROM receive_lines WHERE record_id = p_id ORDER BY line_no LOOP
    v_lot := pt_uuid7();
    INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
        version, created_at, updated_at)
      VALUES (v_lot, p_org, 'pending:' || v_lot, l.material_id, rec.facility_id, 'available', 'receive_line', l.id,
        1, now(), now());
    INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php, updated_at)
      VALUES (v_lot, p_org, rec.facility_id, l.material_id, l.net_kg, l.amount, now());
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, v_lot, rec.facility_id, l.material_id, l.net_kg, l.amount, 'receipt',
        'receive_record', p_id, p_user, rec.received_at);
    UPDATE receive_lines SET lot_id = v_lot WHERE id = l.id;
  END LOOP;
  UPDATE receive_records SET status = 'posted', posted_at = now(), posted_by = p_user, updated_at = now(),
      version = version + 1
    WHERE id = p_id;
  view := receive_record_json(p_org, p_id);
  SELECT round(coalesce(sum(amount), 0), 2) INTO v_total FROM receive_lines WHERE record_id = p_id;
  -- Saved and posted in this call: the draft is logged as created, as if it had been saved first.
  IF p_new THEN v_before := receive_draft_of(view); END IF;
  pending := CASE WHEN p_new THEN jsonb_build_array(receive_created_log(v_before)) ELSE '[]'::jsonb END
    || jsonb_build_array(
    jsonb_build_object('t', 'payable', 'supplier_id', rec.supplier_id, 'amount', v_total, 'reference', rec.number,
      'source_id', p_id, 'posted_at', rec.received_at),
    pt_pending_log('UPDATE_RECORD', p_id, format('Posted receive record %s: %s kg', rec.number, view->>'total_net_kg'),
      v_before, receive_audit_json(view), v_total, rec.number));
END;
$$;
--> statement-breakpoint
-- Replaces every placeholder in a text by what the map gives it.
CREATE FUNCTION pt_replace(p_text text, p_map jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k text;
  v text;
BEGIN
  FOR k, v IN SELECT key, value FROM jsonb_each_text(p_map) LOOP
    p_text := replace(p_text, k, v);
  END LOOP;
  RETURN p_text;
END;
$$;
--> statement-breakpoint
-- The last step of a create or a post: takes the gapless numbers the records still lack — record numbers
-- per organization and year, lot codes per facility and the organization's day — after every check and
-- every other row, then writes what mentions them (payables, audit trail, activity). The counters it
-- locks (in name order) stay locked only for these few writes and the commit that follows at once.
-- Answers, for each record id, its placeholder → number map.
CREATE FUNCTION receive_finish(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  maps jsonb := '{}'::jsonb;
  x record;
  e jsonb;
  n text;
BEGIN
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  PERFORM pt_lock_counter(p_org, c.name) FROM (
    SELECT 'receive:' || to_char(r.received_at AT TIME ZONE tz, 'YYYY') AS name
      FROM receive_records r WHERE r.id = ANY (p_ids) AND r.number LIKE 'pending:%'
    UNION
    SELECT 'lot:' || f.code || ':' || to_char(r.received_at AT TIME ZONE tz, 'YYMMDD')
      FROM receive_records r JOIN receive_lines l ON l.record_id = r.id JOIN lots lo ON lo.id = l.lot_id
      JOIN facilities f ON f.id = r.facility_id
      WHERE r.id = ANY (p_ids) AND lo.code LIKE 'pending:%'
    ORDER BY 1) c;
  FOR x IN SELECT r.id, r.number, to_char(r.received_at AT TIME ZONE tz, 'YYYY') AS year
           FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
           WHERE r.number LIKE 'pending:%' ORDER BY u.i LOOP
    n := 'RR-' || x.year || '-' || lpad(pt_next(p_org, 'receive:' || x.year)::text, 6, '0');
    UPDATE receive_records SET number = n WHERE id = x.id;
    maps := jsonb_set(maps, ARRAY[x.id::text], coalesce(maps->(x.id::text), '{}') || jsonb_build_object(x.number, n));
  END LOOP;
  FOR x IN SELECT r.id AS record, lo.id, lo.code, f.code AS facility,
                  to_char(r.received_at AT TIME ZONE tz, 'YYMMDD') AS day
           FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
           JOIN receive_lines l ON l.record_id = r.id JOIN lots lo ON lo.id = l.lot_id
           JOIN facilities f ON f.id = r.facility_id
           WHERE lo.code LIKE 'pending:%' ORDER BY u.i, l.line_no LOOP
    n := x.facility || '-' || x.day || '-' || lpad(pt_next(p_org, 'lot:' || x.facility || ':' || x.day)::text, 4, '0');
    UPDATE lots SET code = n WHERE id = x.id;
    maps := jsonb_set(maps, ARRAY[x.record::text], coalesce(maps->(x.record::text), '{}') || jsonb_build_object(x.code, n));
  END LOOP;
  -- Each pending row names its record (a log's id, a payable's source): only that record's numbers apply.
  FOR e IN SELECT pt_replace(value::text, coalesce(maps->(coalesce(value->>'id', value->>'source_id')), '{}'))::jsonb
           FROM jsonb_array_elements(p_pending) LOOP
    IF e->>'t' = 'payable' THEN
      INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, currency, reference, source_type,
          source_id, created_by, posted_at)
        VALUES (pt_uuid7(), p_org, (e->>'supplier_id')::uuid, 'payable', (e->>'amount')::numeric, 'PHP',
          e->>'reference', 'receive_record', (e->>'source_id')::uuid, p_user, (e->>'posted_at')::timestamptz);
    ELSE
      PERFORM pt_log_change(p_org, p_user, e->>'type', 'receive_record', (e->>'id')::uuid, e->>'description',
        nullif(e->'before', 'null'), nullif(e->'after', 'null'), (e->>'amount')::numeric, e->>'reference');
    END IF;
  END LOOP;
  RETURN maps;
END;
$$;
--> statement-breakpoint
-- Voids a posted record: reversal rows for its lots and its payable, refused once a lot has moved on.
-- Lots are locked in id order, as every stock change locks them, then the supplier, as payments do.
CREATE FUNCTION receive_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
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
  PERFORM pt_assert_books_open(p_org, now(), 'The void of ' || rec.number);
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
    UPDATE lot_balances SET qty_kg = qty_kg - l.net_kg, value_php = value_php - v_taken, updated_at = now()
      WHERE lot_id = l.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, l.lot_id, rec.facility_id, l.material_id, -l.net_kg, -v_taken, 'receipt_void',
        'receive_record', p_id, p_reason, p_user, now());
    UPDATE lots SET status = 'voided', quarantine_reason = NULL, updated_at = now(), version = version + 1
      WHERE organization_id = p_org AND id = l.lot_id;
  END LOOP;
  PERFORM 1 FROM suppliers WHERE organization_id = p_org AND id = rec.supplier_id FOR UPDATE;
  SELECT round(coalesce(sum(amount), 0), 2) INTO v_total FROM receive_lines WHERE record_id = p_id;
  INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, currency, reference, source_type,
      source_id, note, created_by, posted_at)
    VALUES (pt_uuid7(), p_org, rec.supplier_id, 'payable_reversal', -v_total, 'PHP', rec.number,
      'receive_record', p_id, p_reason, p_user, now());
  UPDATE receive_records SET status = 'voided', voided_at = now(), voided_by = p_user, void_reason = p_reason,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  v_after := receive_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'receive_record', p_id,
    format('Voided receive record %s: %s', rec.number, p_reason), v_before, receive_audit_json(v_after),
    -v_total, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- The API's entry points, one call per request: p carries organization_id, user_id, the Idempotency-Key
-- (key, route, hash) where the route honours one, and the operation's input. Each answers
-- {status, body}; a replayed key answers the first call's.
CREATE FUNCTION receive_create(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := pt_uuid7();
  replay jsonb;
  ins record;
  posted record;
  pending jsonb;
  body jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  SELECT * INTO ins FROM receive_insert(v_org, v_user, v_id, p->'record', coalesce((p->>'post')::boolean, false));
  pending := ins.pending;
  body := ins.view;
  IF (p->>'post')::boolean THEN
    SELECT * INTO posted FROM receive_do_post(v_org, v_user, v_id, true);
    pending := posted.pending;
    body := posted.view;
  END IF;
  body := pt_replace(body::text, receive_finish(v_org, v_user, ARRAY[v_id], pending)->(v_id::text))::jsonb;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 201, body);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION receive_post(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := (p->>'id')::uuid;
  replay jsonb;
  posted record;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  SELECT * INTO posted FROM receive_do_post(v_org, v_user, v_id);
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 200,
    pt_replace(posted.view::text, coalesce(receive_finish(v_org, v_user, ARRAY[v_id], posted.pending)->(v_id::text), '{}'))::jsonb);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION receive_void(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('status', 200, 'body',
    receive_do_void((p->>'organization_id')::uuid, (p->>'user_id')::uuid, (p->>'id')::uuid, p->>'reason'))
$$;
--> statement-breakpoint
CREATE FUNCTION receive_edit(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('status', 200, 'body',
    receive_update((p->>'organization_id')::uuid, (p->>'user_id')::uuid, (p->>'id')::uuid, p->'record'))
$$;
--> statement-breakpoint
-- A batch: each record is saved and posted in its own subtransaction, so one bad record is reported and
-- refused while the others post; each keeps its own Idempotency-Key, so a retried batch posts nothing
-- twice. The numbers of all of them are taken once at the end, and one commit covers them all: that is
-- what makes batches fast.
CREATE FUNCTION receive_batch(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  item jsonb;
  outcomes jsonb[] := '{}';
  outcome jsonb;
  ids uuid[] := '{}';
  pending jsonb[] := '{}';
  map jsonb;
  v_id uuid;
  ins record;
  posted record;
  st text;
  msg text;
  det text;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p->'records') LOOP
    BEGIN
      outcome := pt_idempotency_claim(v_org, p->>'route', item->>'key', item->>'hash');
      IF outcome IS NULL THEN
        v_id := pt_uuid7();
        SELECT * INTO ins FROM receive_insert(v_org, v_user, v_id, item->'record', true);
        SELECT * INTO posted FROM receive_do_post(v_org, v_user, v_id, true);
        -- Arrays, not a growing jsonb: appending to an array does not copy what is already in it.
        pending := pending || ARRAY(SELECT jsonb_array_elements(posted.pending));
        ids := ids || v_id;
        outcome := jsonb_build_object('status', 201, 'body', posted.view, 'key', item->>'key');
      END IF;
    EXCEPTION WHEN SQLSTATE 'PT400' OR SQLSTATE 'PT404' OR SQLSTATE 'PT409' OR SQLSTATE 'PT422' THEN
      GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
      outcome := jsonb_build_object('status', substr(st, 3)::int, 'error', jsonb_build_object(
        'message', msg, 'details', CASE WHEN det = '' THEN NULL ELSE det::jsonb END));
    END;
    outcomes := outcomes || outcome;
  END LOOP;
  map := receive_finish(v_org, v_user, ids, to_jsonb(pending));
  -- The answers with their numbers; each new record's answer is kept under its own Idempotency-Key.
  FOR i IN 1 .. coalesce(array_length(outcomes, 1), 0) LOOP
    outcome := outcomes[i];
    IF outcome ? 'key' THEN
      outcome := pt_idempotency_store(v_org, p->>'route', outcome->>'key', 201,
        pt_replace((outcome->'body')::text, coalesce(map->(outcome->'body'->>'id'), '{}'))::jsonb);
    END IF;
    outcomes[i] := jsonb_build_object('index', i - 1) || outcome;
  END LOOP;
  RETURN to_jsonb(outcomes);
END;
$$;
