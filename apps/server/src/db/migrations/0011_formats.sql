-- Weights in text the way every page writes them (packages/shared format.ts formatKg): grouped, to the
-- gram, without trailing zeros. Activity descriptions use it.
CREATE FUNCTION pt_kg(n numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN round(n, 3) < 0 THEN '-' ELSE '' END
    || rtrim(rtrim(to_char(abs(round(n, 3)), 'FM999,999,999,999,990.000'), '0'), '.') || ' kg'
$$;
--> statement-breakpoint
-- Posts a draft: a lot per line (code 'pending:<lot id>' until receive_finish numbers it), stock in at
-- the paid value, all dated from the delivery. The payable and the changes to log are answered as
-- pending, written by receive_finish once every number is known.
CREATE OR REPLACE FUNCTION receive_do_post(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false,
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
    pt_pending_log('UPDATE_RECORD', p_id, format('Posted receive record %s: %s', rec.number, pt_kg((view->>'total_net_kg')::numeric)),
      v_before, receive_audit_json(view), v_total, rec.number));
END;
$$;
