-- The record log at posting speed (docs/architecture.md, "Record log").
--
-- A lot's first movement is found through the ledger's (organization, lot, time) index: without the
-- organization the lookup read the whole ledger, one scan per logged lot.
CREATE OR REPLACE FUNCTION log_lot_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'type', 'lot', 'id', lo.id, 'code', lo.code, 'organization_id', lo.organization_id,
    'material_id', lo.material_id, 'facility_id', lo.facility_id, 'created_at', pt_iso(lo.created_at),
    'origin', CASE
      WHEN lo.origin_type = 'receive_line' THEN
        (SELECT jsonb_build_object('type', 'receive_record', 'id', r.id, 'number', r.number)
         FROM receive_lines l JOIN receive_records r ON r.id = l.record_id WHERE l.id = lo.origin_id)
      WHEN lo.origin_type IN ('production_output', 'production_reject') THEN
        (SELECT jsonb_build_object('type', 'production_record', 'id', r.id, 'number', r.number, 'as', lo.origin_type)
         FROM production_records r WHERE r.id = lo.origin_id)
      WHEN lo.origin_type IN ('split', 'merge') THEN
        (SELECT jsonb_build_object('type', 'lot', 'id', p.id, 'code', p.code, 'as', lo.origin_type)
         FROM lots p WHERE p.id = lo.origin_id)
      ELSE jsonb_build_object('type', lo.origin_type, 'id', lo.origin_id) END,
    'initial_kg', (SELECT sm.qty_kg::text FROM stock_movements sm
      WHERE sm.organization_id = lo.organization_id AND sm.lot_id = lo.id
      ORDER BY sm.posted_at, sm.id LIMIT 1),
    'labels', jsonb_build_object('organization', o.name, 'facility', f.code || ' · ' || f.name,
      'material', m.code || ' · ' || m.name))
  FROM lots lo JOIN organizations o ON o.id = lo.organization_id
  JOIN facilities f ON f.id = lo.facility_id JOIN materials m ON m.id = lo.material_id
  WHERE lo.id = p_id);
END;
$$;
--> statement-breakpoint
-- A posted delivery and its lots are snapshotted before their numbers are taken, with the placeholders the
-- numbers then replace (as the audit trail's rows are): the organization's counter rows stay locked from
-- numbering to commit, and every posting of the organization waits for that, so only the entries' inserts
-- run inside it. One statement writes a whole group's entries.
CREATE OR REPLACE FUNCTION receive_finish(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
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
        WHERE r.status = 'posted' AND r.posted_at = now()
      UNION ALL
      SELECT u.i, l.line_no, r.id, 'lot', l.lot_id, 1, 'created'
        FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
        JOIN receive_lines l ON l.record_id = r.id
        WHERE r.status = 'posted' AND r.posted_at = now()
    ) x;
  maps := receive_finish_numbers(p_org, p_user, p_ids, p_pending);
  IF entries IS NULL THEN RETURN maps; END IF;
  WITH e AS (
    INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT pt_uuid7(), p_org, x->>'type', (x->>'id')::uuid, (x->>'version')::int, x->>'event',
          pt_replace((x->'snapshot')::text, coalesce(maps->(x->>'record'), '{}'))::jsonb,
          date_trunc('milliseconds', clock_timestamp())
        FROM jsonb_array_elements(entries) WITH ORDINALITY AS a(x, ord)
        ORDER BY ord
      RETURNING id
  )
  INSERT INTO log_pending (entry_id) SELECT id FROM e;
  RETURN maps;
END;
$$;
