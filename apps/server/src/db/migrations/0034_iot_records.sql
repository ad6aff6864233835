-- Receive and dispatch lines carry the scale's device and reading; production runs their energy meter
-- (docs/architecture.md "Devices in the records"). The posting functions check them in the same call, so a
-- record weighed by a scale is still one statement: one set-based query per record, and none when no
-- line names a scale.

-- Whether a scale's calibration was not in force on the day (in the organization's zone) of an instant:
-- its latest calibration by then was due before that day, or it had none by then (a weight from a scale
-- never calibrated is no better than one from a lapsed scale).
CREATE FUNCTION scale_calibration_overdue(p_device uuid, p_org uuid, p_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_day date;
  v_due date;
BEGIN
  IF p_device IS NULL THEN RETURN false; END IF;
  SELECT (p_at AT TIME ZONE time_zone)::date INTO v_day FROM organizations WHERE id = p_org;
  SELECT next_due_on INTO v_due FROM device_calibrations
    WHERE device_id = p_device AND calibrated_on <= v_day
    ORDER BY calibrated_on DESC, created_at DESC LIMIT 1;
  RETURN v_due IS NULL OR v_due < v_day;
END;
$$;
--> statement-breakpoint
-- "N minutes", "N hours" or "N days": how far apart two instants are, as a refusal says it.
CREATE FUNCTION pt_apart(p_a timestamptz, p_b timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN m < 120 THEN m || CASE WHEN m = 1 THEN ' minute' ELSE ' minutes' END
              WHEN m < 2880 THEN round(m / 60.0) || ' hours'
              ELSE round(m / 1440.0) || ' days' END
  FROM (SELECT round(abs(extract(epoch FROM p_a - p_b)) / 60)::bigint AS m) x
$$;
--> statement-breakpoint
-- The lines of a record that name a scale (`device_id`, `reading_id` as the API takes them): the device is
-- the organization's scale at the record's facility, not archived; the reading is that device's stable
-- weight, sent by the device with its API key (a reading entered by hand is no weighing), taken within
-- 30 minutes of the record's time (`p_at`), named by no other line (one weighing backs one line: of this
-- record, or of any other that is not voided; p_record's own stored lines are being replaced), and within
-- half a gram of the line's kilograms (`p_kg_key`: gross_kg on a delivery, kg on a dispatch).
-- One query for all lines; the first wrong line is refused as a field error naming it.
-- Two records citing one reading at once: each first takes the reading's transaction lock (in reading id
-- order), so the second waits for the first to commit and its check (a later statement, so a later
-- snapshot) sees the first's line. A row lock (FOR UPDATE) is not open to the app's role, which has no
-- UPDATE on device_readings (db/roles.ts). Hence VOLATILE.
CREATE FUNCTION scale_lines_check(p_org uuid, p_facility uuid, p_record uuid, p_at timestamptz, p_lines jsonb,
  p_kg_key text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  x record;
  field text;
  msg text;
  tz text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l
      WHERE l->>'device_id' IS NOT NULL OR l->>'reading_id' IS NOT NULL) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('plastrace:reading:' || s.id, 0))
    FROM (SELECT DISTINCT (l->>'reading_id')::bigint AS id FROM jsonb_array_elements(p_lines) l
          WHERE l->>'reading_id' IS NOT NULL ORDER BY 1) s;
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  FOR x IN
    SELECT (o.i - 1)::int AS idx, o.l, d.id AS device_id, d.code, d.kind::text AS kind, d.facility_id,
      d.archived_at, rd.id AS reading_id, rd.kind AS reading_kind, rd.stable, rd.value, rd.recorded_at,
      rd.entered_by IS NULL AND rd.api_key_id IS NOT NULL AS by_device,
      min(o.i) OVER (PARTITION BY o.l->>'reading_id') AS first_i, other.number AS other_number,
      other.line_no AS other_line
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS o(l, i)
    LEFT JOIN devices d ON d.organization_id = p_org AND d.id = (o.l->>'device_id')::uuid
    LEFT JOIN device_readings rd ON rd.device_id = d.id AND rd.id = (o.l->>'reading_id')::bigint
    LEFT JOIN LATERAL (
      SELECT u.number, u.line_no FROM (
        SELECT r2.number, l2.line_no FROM receive_lines l2 JOIN receive_records r2 ON r2.id = l2.record_id
          WHERE l2.organization_id = p_org AND l2.reading_id = rd.id AND l2.record_id IS DISTINCT FROM p_record
            AND r2.status <> 'voided'
        UNION ALL
        SELECT r2.number, l2.line_no FROM dispatch_lines l2 JOIN dispatch_records r2 ON r2.id = l2.record_id
          WHERE l2.organization_id = p_org AND l2.reading_id = rd.id AND l2.record_id IS DISTINCT FROM p_record
            AND r2.status <> 'voided') u
      LIMIT 1) other ON true
    WHERE o.l->>'device_id' IS NOT NULL OR o.l->>'reading_id' IS NOT NULL
    ORDER BY o.i
  LOOP
    field := 'body.lines.' || x.idx || '.';
    IF x.l->>'device_id' IS NULL THEN
      PERFORM pt_fail_field(400, format('Line %s: choose the scale the reading came from', x.idx + 1),
        field || 'device_id', 'Choose the scale the reading came from');
    END IF;
    IF x.l->>'reading_id' IS NULL THEN
      PERFORM pt_fail_field(400, format('Line %s: take the weight from the scale, or type it without one', x.idx + 1),
        field || 'reading_id', 'Take the weight from the scale, or type it without one');
    END IF;
    IF x.device_id IS NULL OR x.archived_at IS NOT NULL THEN
      PERFORM pt_fail_field(404, format('Line %s: scale not found', x.idx + 1), field || 'device_id',
        'Scale not found or archived');
    END IF;
    IF x.kind NOT IN ('weighbridge', 'platform_scale') THEN
      msg := format('%s is not a scale', x.code);
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, msg), field || 'device_id', msg);
    END IF;
    IF x.facility_id IS DISTINCT FROM p_facility THEN
      msg := format('Scale %s is at another facility', x.code);
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, msg), field || 'device_id', msg);
    END IF;
    IF x.reading_id IS NULL THEN
      PERFORM pt_fail_field(404, format('Line %s: reading not found on scale %s', x.idx + 1, x.code),
        field || 'reading_id', format('Reading not found on scale %s', x.code));
    END IF;
    IF x.reading_kind <> 'weight' THEN
      PERFORM pt_fail_field(422, format('Line %s: the reading is not a weight', x.idx + 1), field || 'reading_id',
        'The reading is not a weight');
    END IF;
    IF NOT x.by_device THEN
      msg := 'A reading entered by hand is not a scale weighing';
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || 'reading_id', msg);
    END IF;
    IF x.stable IS NOT TRUE THEN
      msg := 'The scale was not stable at this reading: wait for a stable weight';
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || 'reading_id', msg);
    END IF;
    IF abs(extract(epoch FROM x.recorded_at - p_at)) > 30 * 60 THEN
      msg := format('The scale reading is from %s, %s from the record’s time: weigh again',
        to_char(x.recorded_at AT TIME ZONE tz,
          CASE WHEN (x.recorded_at AT TIME ZONE tz)::date = (p_at AT TIME ZONE tz)::date THEN 'HH24:MI'
               ELSE 'FMDD Mon YYYY HH24:MI' END),
        pt_apart(x.recorded_at, p_at));
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || 'reading_id', msg);
    END IF;
    IF x.first_i < x.idx + 1 THEN
      msg := format('This scale reading is already on line %s: one weighing backs one line', x.first_i);
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || 'reading_id', msg);
    END IF;
    IF x.other_number IS NOT NULL THEN
      -- A record of the same call (a batch, or requests posted together) has no number until the end.
      msg := format('This scale reading is already on %s: one weighing backs one line',
        CASE WHEN x.other_number LIKE 'pending:%' THEN format('line %s of another record saved with this one',
            x.other_line)
          ELSE format('%s line %s', x.other_number, x.other_line) END);
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || 'reading_id', msg);
    END IF;
    IF x.value IS NULL OR abs(x.value::numeric - (x.l->>p_kg_key)::numeric) >= 0.0005 THEN
      msg := format('The weight differs from the scale reading (%s)', coalesce(pt_kg(x.value::numeric), 'none'));
      PERFORM pt_fail_field(422, format('Line %s: %s', x.idx + 1, lower(left(msg, 1)) || substr(msg, 2)),
        field || p_kg_key, msg);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- ---- receive records ----
-- The priced lines of a delivery now carry the scale each weight came from, checked against the facility.
ALTER FUNCTION receive_priced_lines(uuid, uuid, jsonb) RENAME TO receive_priced_lines_unweighed;
--> statement-breakpoint
CREATE FUNCTION receive_priced_lines(p_org uuid, p_record uuid, r jsonb, OUT supplier_id uuid,
  OUT facility_id uuid, OUT order_id uuid, OUT lines jsonb) LANGUAGE plpgsql AS $$
BEGIN
  SELECT * INTO supplier_id, facility_id, order_id, lines FROM receive_priced_lines_unweighed(p_org, p_record, r);
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(r->'lines') l
      WHERE l->>'device_id' IS NOT NULL OR l->>'reading_id' IS NOT NULL) THEN
    PERFORM scale_lines_check(p_org, facility_id, p_record, (r->>'received_at')::timestamptz, r->'lines',
      'gross_kg');
    SELECT jsonb_agg(p.l || jsonb_build_object('device_id', x.l->'device_id', 'reading_id', x.l->'reading_id')
        ORDER BY p.i) INTO lines
      FROM jsonb_array_elements(lines) WITH ORDINALITY AS p(l, i)
      JOIN jsonb_array_elements(r->'lines') WITH ORDINALITY AS x(l, i) ON x.i = p.i;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_insert_lines(p_lines jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO receive_lines (id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg,
      deduction_pct, payable_kg, unit_price, amount, lot_id, order_line_id, device_id, reading_id)
    SELECT id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg, deduction_pct,
      payable_kg, unit_price, amount, lot_id, order_line_id, device_id, reading_id
    FROM jsonb_to_recordset(p_lines) AS x(id uuid, organization_id uuid, record_id uuid, line_no smallint,
      material_id uuid, gross_kg numeric, tare_kg numeric, net_kg numeric, deduction_pct numeric,
      payable_kg numeric, unit_price numeric, amount numeric, lot_id uuid, order_line_id uuid,
      device_id uuid, reading_id bigint);
END;
$$;
--> statement-breakpoint
-- What a line says about its scale, as the API shows it (intake.repo.ts linesQuery reads the same): the
-- device, the reading (its time and weight; null once retention removed it), and whether the scale's
-- calibration had lapsed on the record's day.
CREATE FUNCTION scale_line_json(p_org uuid, p_device uuid, p_reading bigint, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_device IS NULL THEN
    RETURN jsonb_build_object('device', NULL, 'reading', NULL, 'scale_calibration_overdue', false);
  END IF;
  RETURN (SELECT jsonb_build_object(
      'device', jsonb_build_object('id', d.id, 'code', d.code, 'name', d.name),
      'reading', CASE WHEN p_reading IS NULL THEN NULL ELSE jsonb_build_object('id', p_reading,
        'recorded_at', pt_iso(rd.recorded_at), 'value', round(rd.value::numeric, 3)::text) END,
      'scale_calibration_overdue', scale_calibration_overdue(p_device, p_org, p_at))
    FROM devices d LEFT JOIN device_readings rd ON rd.id = p_reading AND rd.device_id = d.id
    WHERE d.id = p_device);
END;
$$;
--> statement-breakpoint
ALTER FUNCTION receive_record_json(uuid, uuid) RENAME TO receive_record_unweighed;
--> statement-breakpoint
CREATE FUNCTION receive_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb := receive_record_unweighed(p_org, p_id);
BEGIN
  IF v IS NULL THEN RETURN NULL; END IF;
  RETURN jsonb_set(v, '{lines}', coalesce((
    SELECT jsonb_agg(x.l || scale_line_json(p_org, l.device_id, l.reading_id, (v->>'received_at')::timestamptz)
      ORDER BY x.i)
    FROM jsonb_array_elements(v->'lines') WITH ORDINALITY AS x(l, i)
    JOIN receive_lines l ON l.id = (x.l->>'id')::uuid), '[]'::jsonb));
END;
$$;
--> statement-breakpoint
-- ---- dispatch records ----
-- As 0017's, with each line's scale checked before any line is written and stored on the line.
CREATE OR REPLACE FUNCTION dispatch_write(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS void LANGUAGE plpgsql AS $$
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
    INSERT INTO dispatch_lines (id, organization_id, record_id, line_no, lot_id, order_line_id, kg, unit_price, amount,
        device_id, reading_id)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, lo.id, ol.id, round((x->>'kg')::numeric, 3), v_price,
        round(round((x->>'kg')::numeric, 3) * v_price, 2), (x->>'device_id')::uuid, (x->>'reading_id')::bigint);
    i := i + 1;
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER FUNCTION dispatch_record_json(uuid, uuid) RENAME TO dispatch_record_unweighed;
--> statement-breakpoint
CREATE FUNCTION dispatch_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb := dispatch_record_unweighed(p_org, p_id);
BEGIN
  IF v IS NULL THEN RETURN NULL; END IF;
  RETURN jsonb_set(v, '{lines}', coalesce((
    SELECT jsonb_agg(x.l || scale_line_json(p_org, l.device_id, l.reading_id, (v->>'dispatched_at')::timestamptz)
      ORDER BY x.i)
    FROM jsonb_array_elements(v->'lines') WITH ORDINALITY AS x(l, i)
    JOIN dispatch_lines l ON l.id = (x.l->>'id')::uuid), '[]'::jsonb));
END;
$$;
--> statement-breakpoint
-- ---- production runs ----
-- An energy meter's cumulative reading at an instant: its latest at or before it, if no older than
-- 15 minutes (a meter silent longer says nothing about that moment), of those the meter sent with its API
-- key (a reading entered by hand is not metered energy). GET
-- /api/production-lines/{id}/meter-energy and the run's check below both read it.
CREATE FUNCTION meter_reading_at(p_device uuid, p_at timestamptz, OUT id bigint, OUT value numeric,
  OUT recorded_at timestamptz) LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT rd.id, round(rd.value::numeric, 2), rd.recorded_at INTO id, value, recorded_at
    FROM device_readings rd
    WHERE rd.device_id = p_device AND rd.kind = 'energy' AND rd.value IS NOT NULL
      AND rd.api_key_id IS NOT NULL AND rd.entered_by IS NULL
      AND rd.recorded_at <= p_at AND rd.recorded_at >= p_at - interval '15 minutes'
    ORDER BY rd.recorded_at DESC, rd.seq DESC LIMIT 1;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION production_write(uuid, uuid, uuid, jsonb) RENAME TO production_write_unmetered;
--> statement-breakpoint
-- A run whose meter readings came from the line's energy meter names it (`meter_device_id`): the meter is
-- the organization's, on the run's line, and the start and end readings are the meter's at the run's start
-- and end (to the hundredth of a kWh), so the posted energy is 'metered' by a machine, not typed.
CREATE FUNCTION production_write(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  dev devices%ROWTYPE;
  v_meter uuid := (r->>'meter_device_id')::uuid;
  v_start record;
  v_end record;
  msg text;
BEGIN
  PERFORM production_write_unmetered(p_org, p_user, p_id, r);
  IF v_meter IS NOT NULL THEN
    SELECT * INTO dev FROM devices WHERE organization_id = p_org AND id = v_meter AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Energy meter not found', 'body.meter_device_id', 'Energy meter not found or archived');
    END IF;
    IF dev.kind <> 'energy_meter' THEN
      msg := format('%s is not an energy meter', dev.code);
      PERFORM pt_fail_field(422, msg, 'body.meter_device_id', msg);
    END IF;
    IF dev.production_line_id IS DISTINCT FROM (r->>'production_line_id')::uuid THEN
      msg := format('Meter %s is not on this run’s production line', dev.code);
      PERFORM pt_fail_field(422, msg, 'body.meter_device_id', msg);
    END IF;
    IF r->>'meter_start_kwh' IS NULL OR r->>'meter_end_kwh' IS NULL THEN
      PERFORM pt_fail_field(400, 'Take both readings from the meter', 'body.meter_start_kwh',
        'Take both readings from the meter');
    END IF;
    SELECT * INTO v_start FROM meter_reading_at(v_meter, (r->>'started_at')::timestamptz);
    IF v_start.id IS NULL THEN
      msg := format('Meter %s has no reading in the 15 minutes before the start', dev.code);
      PERFORM pt_fail_field(422, msg, 'body.meter_start_kwh', msg);
    END IF;
    IF v_start.value <> round((r->>'meter_start_kwh')::numeric, 2) THEN
      msg := format('Meter %s read %s kWh at the start', dev.code, v_start.value);
      PERFORM pt_fail_field(422, msg, 'body.meter_start_kwh', msg);
    END IF;
    SELECT * INTO v_end FROM meter_reading_at(v_meter, (r->>'ended_at')::timestamptz);
    IF v_end.id IS NULL THEN
      msg := format('Meter %s has no reading in the 15 minutes before the end', dev.code);
      PERFORM pt_fail_field(422, msg, 'body.meter_end_kwh', msg);
    END IF;
    IF v_end.value <> round((r->>'meter_end_kwh')::numeric, 2) THEN
      msg := format('Meter %s read %s kWh at the end', dev.code, v_end.value);
      PERFORM pt_fail_field(422, msg, 'body.meter_end_kwh', msg);
    END IF;
  END IF;
  -- Written only when it changes: a run without a meter costs no second write.
  UPDATE production_records SET meter_device_id = v_meter
    WHERE id = p_id AND meter_device_id IS DISTINCT FROM v_meter;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION production_record_json(uuid, uuid) RENAME TO production_record_unmetered;
--> statement-breakpoint
CREATE FUNCTION production_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb := production_record_unmetered(p_org, p_id);
BEGIN
  IF v IS NULL THEN RETURN NULL; END IF;
  RETURN v || jsonb_build_object('meter_device', (
    SELECT jsonb_build_object('id', d.id, 'code', d.code, 'name', d.name)
    FROM production_records r JOIN devices d ON d.id = r.meter_device_id
    WHERE r.id = p_id));
END;
$$;
