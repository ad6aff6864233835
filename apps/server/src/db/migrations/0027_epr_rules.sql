-- EPR's rules that must hold whatever the code does and however many requests race (docs/architecture.md "EPR").
--
-- Verified recovery: a received lot's kilograms recovered by the first posted record that took them —
--  * a posted production run consuming the lot: its kg in × the run's outputs ÷ its inputs is recycling,
--    × its co-processing losses ÷ its inputs is co-processing (landfill, evaporation, resale and reject
--    lots earn nothing: conservative, as the credit schemes ask);
--  * a posted dispatch delivered to a recycler or manufacturer (recycling) or a co-processor
--    (co-processing): the line's kg, scaled down when the customer received less than was shipped. The
--    customer's type is the one logged when the dispatch was posted (its record-log entry), so editing the
--    customer later neither makes nor unmakes recovery, nor moves kilograms from one fate to another.
-- Each figure is rounded down to the gram. Splits and merges before processing are not followed.
CREATE FUNCTION epr_recovery(p_org uuid, p_lot uuid DEFAULT NULL)
RETURNS TABLE (lot_id uuid, recovery_record_id uuid, recovery_kind text, fate text, recovered_on date, kg numeric)
LANGUAGE sql STABLE AS $$
  WITH received AS (
    SELECT lo.id FROM lots lo
    WHERE lo.organization_id = p_org AND lo.origin_type = 'receive_line' AND lo.status <> 'voided'
      AND (p_lot IS NULL OR lo.id = p_lot)
  ), runs AS (
    SELECT r.id, (r.ended_at AT TIME ZONE o.time_zone)::date AS day,
      (SELECT sum(i.kg) FROM production_inputs i WHERE i.record_id = r.id) AS kg_in,
      (SELECT coalesce(sum(x.kg), 0) FROM production_outputs x WHERE x.record_id = r.id) AS kg_out,
      (SELECT coalesce(sum(l.kg), 0) FROM production_losses l
        WHERE l.record_id = r.id AND l.fate = 'co_processing') AS kg_cop
    FROM production_records r JOIN organizations o ON o.id = r.organization_id
    WHERE r.organization_id = p_org AND r.status = 'posted'
      AND r.id IN (SELECT i.record_id FROM production_inputs i JOIN received ON received.id = i.lot_id)
  )
  SELECT i.lot_id, r.id, 'production_record', f.fate, r.day,
    trunc(i.kg * f.part / r.kg_in, 3)
  FROM production_inputs i JOIN received ON received.id = i.lot_id JOIN runs r ON r.id = i.record_id
  CROSS JOIN LATERAL (VALUES ('recycling', r.kg_out), ('co_processing', r.kg_cop)) AS f(fate, part)
  WHERE f.part > 0
  UNION ALL
  SELECT dl.lot_id, d.id, 'dispatch_record',
    CASE WHEN k.type = 'co_processor' THEN 'co_processing' ELSE 'recycling' END,
    (d.delivered_at AT TIME ZONE o.time_zone)::date,
    trunc(dl.kg * least(1, coalesce(d.received_kg, t.shipped) / t.shipped), 3)
  FROM dispatch_lines dl JOIN received ON received.id = dl.lot_id
  JOIN dispatch_records d ON d.id = dl.record_id
  JOIN customers c ON c.id = d.customer_id
  JOIN organizations o ON o.id = d.organization_id
  CROSS JOIN LATERAL (SELECT sum(x.kg) AS shipped FROM dispatch_lines x WHERE x.record_id = d.id) t
  CROSS JOIN LATERAL (SELECT coalesce((
      SELECT le.snapshot->'labels'->>'customer_type' FROM log_entries le
      WHERE le.record_type = 'dispatch_record' AND le.record_id = d.id AND le.event = 'posted'
      ORDER BY le.logged_at LIMIT 1), c.type::text) AS type) k
  WHERE d.organization_id = p_org AND d.status = 'posted' AND d.delivered_at IS NOT NULL
    AND k.type IN ('recycler', 'manufacturer', 'co_processor')
$$;
--> statement-breakpoint
-- The claims ledger's one rule: the kilograms claimed per (claim type, lot, recovery record, fate) never
-- exceed what was recovered. The total's row is upserted first, so concurrent claims on the same
-- kilograms queue on it and each sees the others' committed total.
CREATE FUNCTION claims_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric;
  v_limit numeric;
BEGIN
  IF NEW.kg < 0 THEN
    -- A release: the total's check refuses giving back more than was claimed.
    UPDATE claim_totals SET claimed_kg = claimed_kg + NEW.kg
      WHERE claim_type = NEW.claim_type AND lot_id = NEW.lot_id
        AND recovery_record_id = NEW.recovery_record_id AND fate = NEW.fate;
    IF NOT FOUND THEN
      PERFORM pt_fail(422, 'Nothing of these kilograms is claimed to release');
    END IF;
  ELSE
    INSERT INTO claim_totals AS t (organization_id, claim_type, lot_id, recovery_record_id, fate, claimed_kg)
      VALUES (NEW.organization_id, NEW.claim_type, NEW.lot_id, NEW.recovery_record_id, NEW.fate, NEW.kg)
    ON CONFLICT (claim_type, lot_id, recovery_record_id, fate)
      DO UPDATE SET claimed_kg = t.claimed_kg + EXCLUDED.claimed_kg
    RETURNING claimed_kg INTO v_total;
    SELECT sum(r.kg) INTO v_limit FROM epr_recovery(NEW.organization_id, NEW.lot_id) r
      WHERE r.recovery_record_id = NEW.recovery_record_id AND r.fate = NEW.fate;
    IF v_total > coalesce(v_limit, 0) THEN
      PERFORM pt_fail(409, 'These kilograms are already claimed: they back another claim of this type',
        jsonb_build_object('lot_id', NEW.lot_id, 'recovery_record_id', NEW.recovery_record_id,
          'fate', NEW.fate, 'claim_type', NEW.claim_type,
          'recovered_kg', coalesce(v_limit, 0), 'claimed_kg', v_total - NEW.kg, 'asked_kg', NEW.kg));
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER claims_check BEFORE INSERT ON claims FOR EACH ROW EXECUTE FUNCTION claims_check();
--> statement-breakpoint
CREATE TRIGGER claims_append_only BEFORE UPDATE OR DELETE ON claims
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- A record whose recovery backs a claim is not voided: the claim would rest on nothing.
CREATE FUNCTION claims_guard_void() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'voided' AND OLD.status <> 'voided' AND EXISTS (
    SELECT 1 FROM claim_totals t WHERE t.recovery_record_id = NEW.id AND t.claimed_kg > 0) THEN
    PERFORM pt_fail(422, 'Its recovery backs EPR credits or certificates: revoke those before voiding it');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER production_records_claims_guard BEFORE UPDATE OF status ON production_records
  FOR EACH ROW EXECUTE FUNCTION claims_guard_void();
--> statement-breakpoint
CREATE TRIGGER dispatch_records_claims_guard BEFORE UPDATE OF status ON dispatch_records
  FOR EACH ROW EXECUTE FUNCTION claims_guard_void();
--> statement-breakpoint
CREATE TRIGGER credit_batches_append_only BEFORE UPDATE OR DELETE ON credit_batches
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER credit_movements_append_only BEFORE UPDATE OR DELETE ON credit_movements
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER compliance_footprints_append_only BEFORE UPDATE OR DELETE ON compliance_footprints
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER ecar_reviews_append_only BEFORE UPDATE OR DELETE ON ecar_reviews
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- A review belongs to a report of its own organization that is not yet signed off.
CREATE FUNCTION ecar_reviews_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  SELECT status INTO v_status FROM ecar_reports WHERE id = NEW.report_id AND organization_id = NEW.organization_id;
  IF v_status IS NULL THEN
    PERFORM pt_fail(404, 'Report not found');
  ELSIF v_status = 'signed_off' THEN
    PERFORM pt_fail(422, 'A signed-off report is frozen: draft a new version to change it');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ecar_reviews_guard BEFORE INSERT ON ecar_reviews
  FOR EACH ROW EXECUTE FUNCTION ecar_reviews_guard();
--> statement-breakpoint
-- Credit blocks: a retired block never changes again; no block is deleted or leaves its batch, its range
-- stays inside the batch (a transfer shrinks one block and adds another), and no two blocks of a batch
-- share a serial. Every change to a batch's blocks first takes the batch's advisory lock, so changes to
-- one batch run one at a time: the overlap check sees the others' committed blocks, and the movement that
-- follows counts the batch's movements (its record-log version) after theirs.
CREATE FUNCTION credit_blocks_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_quantity int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'credit_blocks: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('plastrace:credit-batch:' || NEW.batch_id::text, 0));
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'retired' THEN
      PERFORM pt_fail(422, 'Retired credits never move');
    END IF;
    IF NEW.batch_id <> OLD.batch_id OR NEW.first_no < OLD.first_no OR NEW.last_no > OLD.last_no THEN
      PERFORM pt_fail(422, 'A block of credits only shrinks within its range');
    END IF;
  END IF;
  SELECT quantity INTO v_quantity FROM credit_batches WHERE id = NEW.batch_id;
  IF NEW.last_no > v_quantity THEN
    PERFORM pt_fail(422, 'Serials beyond the batch');
  END IF;
  IF EXISTS (SELECT 1 FROM credit_blocks k WHERE k.batch_id = NEW.batch_id AND k.id <> NEW.id
             AND k.first_no <= NEW.last_no AND k.last_no >= NEW.first_no) THEN
    PERFORM pt_fail(409, 'These serials are already in another block of the batch');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_blocks_guard BEFORE INSERT OR UPDATE OR DELETE ON credit_blocks
  FOR EACH ROW EXECUTE FUNCTION credit_blocks_guard();
--> statement-breakpoint
-- An ECAR's content never changes; a signed-off report never changes at all.
CREATE FUNCTION ecar_reports_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ecar_reports: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'signed_off' THEN
    PERFORM pt_fail(422, 'A signed-off report is frozen: draft a new version to change it');
  END IF;
  IF NEW.content IS DISTINCT FROM OLD.content OR NEW.content_sha256 <> OLD.content_sha256
     OR NEW.year <> OLD.year OR NEW.version_no <> OLD.version_no OR NEW.organization_id <> OLD.organization_id THEN
    PERFORM pt_fail(422, 'A report''s content never changes: draft a new version');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ecar_reports_guard BEFORE UPDATE OR DELETE ON ecar_reports
  FOR EACH ROW EXECUTE FUNCTION ecar_reports_guard();
--> statement-breakpoint
-- A certificate is issued once; only its revocation (once) may be added.
CREATE FUNCTION diversion_certificates_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'diversion_certificates: DELETE is not allowed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.revoked_at IS NOT NULL THEN
    PERFORM pt_fail(422, 'The certificate is already revoked');
  END IF;
  IF (to_jsonb(NEW) - ARRAY['revoked_at', 'revoked_by', 'revoke_reason'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['revoked_at', 'revoked_by', 'revoke_reason']) THEN
    PERFORM pt_fail(422, 'An issued certificate never changes: revoke it and issue another');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER diversion_certificates_guard BEFORE UPDATE OR DELETE ON diversion_certificates
  FOR EACH ROW EXECUTE FUNCTION diversion_certificates_guard();
--> statement-breakpoint
-- The record log learns the EPR records: a credit batch (its serials and where each range stands, no
-- holders' names or prices; version n after its n-th movement), a certificate (as issued; version 2 is its
-- revocation) and a signed-off ECAR (its digest and opinion).
CREATE FUNCTION log_credit_batch_snapshot(p_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'type', 'credit_batch', 'id', b.id, 'organization_id', b.organization_id,
    'serial_prefix', b.serial_prefix, 'country', b.country, 'programme', b.programme,
    'vintage', b.vintage, 'fate', b.fate, 'material_type', b.material_type, 'quantity', b.quantity,
    'kg', b.kg::text, 'coc_model', b.coc_model, 'issued_at', pt_iso(b.issued_at),
    'blocks', coalesce((SELECT jsonb_agg(jsonb_build_object(
        'first_no', k.first_no, 'last_no', k.last_no, 'status', k.status,
        'beneficiary', k.beneficiary, 'compliance_year', k.compliance_year, 'purpose', k.purpose,
        'retired_at', pt_iso(k.retired_at)) ORDER BY k.first_no)
      FROM credit_blocks k WHERE k.batch_id = b.id), '[]'::jsonb),
    'labels', jsonb_build_object('organization', o.name, 'facility', f.name))
  FROM credit_batches b JOIN organizations o ON o.id = b.organization_id
  JOIN facilities f ON f.id = b.facility_id
  WHERE b.id = p_id
$$;
--> statement-breakpoint
CREATE FUNCTION log_certificate_snapshot(p_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'type', 'certificate', 'id', c.id, 'organization_id', c.organization_id, 'number', c.number,
    'client_name', c.client_name, 'client_type', c.client_type,
    'period_from', c.period_from, 'period_to', c.period_to, 'lines', c.lines, 'total_kg', c.total_kg::text,
    'issued_at', pt_iso(c.issued_at), 'revoked_at', pt_iso(c.revoked_at), 'revoke_reason', c.revoke_reason,
    'labels', jsonb_build_object('organization', o.name))
  FROM diversion_certificates c JOIN organizations o ON o.id = c.organization_id
  WHERE c.id = p_id
$$;
--> statement-breakpoint
CREATE FUNCTION log_ecar_snapshot(p_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'type', 'ecar', 'id', r.id, 'organization_id', r.organization_id, 'year', r.year,
    'version', r.version_no, 'status', r.status, 'content_sha256', r.content_sha256,
    'signed_at', pt_iso(r.signed_at), 'opinion', r.opinion,
    'labels', jsonb_build_object('organization', o.name))
  FROM ecar_reports r JOIN organizations o ON o.id = r.organization_id
  WHERE r.id = p_id
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
    WHEN 'credit_batch' THEN log_credit_batch_snapshot(p_id)
    WHEN 'certificate' THEN log_certificate_snapshot(p_id)
    WHEN 'ecar' THEN log_ecar_snapshot(p_id)
  END;
END;
$$;
