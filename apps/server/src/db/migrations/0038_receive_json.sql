-- A receive record's answer in one statement. It was three layers, each reading the record again: the
-- fields (0010), then the purchase order added with `||` (0019), then every line read again to add its
-- scale with `jsonb_set` (0034) — about a millisecond of PostgreSQL a posting. Same answer: the scale is
-- placed at the time received to the millisecond, as the layered version read it back from the JSON.
CREATE OR REPLACE FUNCTION receive_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'id', r.id, 'number', r.number, 'status', r.status,
    'supplier', jsonb_build_object('id', s.id, 'code', s.code, 'name', s.name),
    'facility', jsonb_build_object('id', f.id, 'code', f.code, 'name', f.name),
    'order', CASE WHEN o.id IS NULL THEN NULL ELSE jsonb_build_object('id', o.id, 'number', o.number) END,
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
      ) || scale_line_json(p_org, l.device_id, l.reading_id, date_trunc('milliseconds', r.received_at))
      ORDER BY l.line_no)
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
  LEFT JOIN order_records o ON o.id = r.order_id
  WHERE r.organization_id = p_org AND r.id = p_id);
END;
$$;
--> statement-breakpoint
DROP FUNCTION receive_record_unweighed(uuid, uuid);
--> statement-breakpoint
DROP FUNCTION receive_record_fields(uuid, uuid);
