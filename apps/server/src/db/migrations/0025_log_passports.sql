-- A published passport version is logged as the record type 'passport' (its version number the entry's
-- version): the content a QR code leads to, and its digest, become part of the verifiable record log.
CREATE FUNCTION log_passport_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'type', 'passport', 'id', p.id, 'organization_id', p.organization_id, 'lot_id', p.lot_id,
    'lot_code', lo.code, 'version', v.version_no, 'published_at', pt_iso(v.published_at),
    'content_sha256', v.content_sha256, 'content', v.content,
    'labels', jsonb_build_object('organization', o.name))
  FROM passports p JOIN passport_versions v ON v.passport_id = p.id AND v.version_no = p.published_version
  JOIN lots lo ON lo.id = p.lot_id JOIN organizations o ON o.id = p.organization_id
  WHERE p.id = p_id);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION log_snapshot(p_type text, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN CASE p_type
    WHEN 'receive_record' THEN log_receive_record_snapshot(p_id)
    WHEN 'lot' THEN log_lot_snapshot(p_id)
    WHEN 'production_record' THEN log_production_record_snapshot(p_id)
    WHEN 'dispatch_record' THEN log_dispatch_record_snapshot(p_id)
    WHEN 'passport' THEN log_passport_snapshot(p_id)
  END;
END;
$$;
