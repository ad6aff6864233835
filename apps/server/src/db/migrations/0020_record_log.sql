CREATE TABLE "log_checkpoints" (
	"tree_size" bigint PRIMARY KEY NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"event" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"logged_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_leaves" (
	"idx" bigint PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"leaf_hash" "bytea" NOT NULL,
	CONSTRAINT "log_leaves_entryId_unique" UNIQUE("entry_id"),
	CONSTRAINT "log_leaves_hash" CHECK (octet_length("log_leaves"."leaf_hash") = 32)
);
--> statement-breakpoint
CREATE TABLE "log_nodes" (
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "log_nodes_level_idx_pk" PRIMARY KEY("level","idx"),
	CONSTRAINT "log_nodes_level" CHECK ("log_nodes"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "log_pending" (
	"entry_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_entries" ADD CONSTRAINT "log_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_leaves" ADD CONSTRAINT "log_leaves_entry_id_log_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."log_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_pending" ADD CONSTRAINT "log_pending_entry_id_log_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."log_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_entries_record_type_record_id_logged_at_index" ON "log_entries" USING btree ("record_type","record_id","logged_at");--> statement-breakpoint
CREATE INDEX "log_leaves_leaf_hash_index" ON "log_leaves" USING btree ("leaf_hash");--> statement-breakpoint
-- The record log is evidence: only the sequencer's queue may lose rows.
CREATE TRIGGER log_entries_append_only BEFORE UPDATE OR DELETE ON log_entries
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_entries_no_truncate BEFORE TRUNCATE ON log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_leaves_append_only BEFORE UPDATE OR DELETE ON log_leaves
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_leaves_no_truncate BEFORE TRUNCATE ON log_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_nodes_append_only BEFORE UPDATE OR DELETE ON log_nodes
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_nodes_no_truncate BEFORE TRUNCATE ON log_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_checkpoints_append_only BEFORE UPDATE OR DELETE ON log_checkpoints
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER log_checkpoints_no_truncate BEFORE TRUNCATE ON log_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- Public snapshots (docs/architecture.md, "Record log"): what anyone holding a record's id may see and
-- check — no prices, no people, no supplier. The record's own facts sit at the top; the names of the
-- master data it points to sit under "labels", which the audit leaves out of its comparison (a material
-- renamed later is master data changing, not the record).
CREATE FUNCTION log_receive_record_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'type', 'receive_record', 'id', r.id, 'number', r.number, 'status', r.status,
    'organization_id', r.organization_id, 'facility_id', r.facility_id,
    'received_at', pt_iso(r.received_at), 'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at),
    'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', l.line_no, 'material_id', l.material_id,
        'net_kg', l.net_kg::text, 'lot_id', l.lot_id, 'lot_code', lo.code) ORDER BY l.line_no)
      FROM receive_lines l LEFT JOIN lots lo ON lo.id = l.lot_id WHERE l.record_id = r.id), '[]'::jsonb),
    'total_net_kg', (SELECT round(coalesce(sum(net_kg), 0), 3)::text FROM receive_lines WHERE record_id = r.id),
    'labels', jsonb_build_object('organization', o.name, 'facility', f.code || ' · ' || f.name,
      'supplier_type', s.type,
      'materials', (SELECT jsonb_object_agg(m.id, m.code || ' · ' || m.name) FROM materials m
        WHERE m.id IN (SELECT material_id FROM receive_lines WHERE record_id = r.id))))
  FROM receive_records r JOIN organizations o ON o.id = r.organization_id
  JOIN facilities f ON f.id = r.facility_id JOIN suppliers s ON s.id = r.supplier_id
  WHERE r.id = p_id);
END;
$$;
--> statement-breakpoint
-- Appends an entry for records of one type, in the change's own transaction, and queues it for the
-- sequencer: no change without its entry, no entry without its change.
CREATE FUNCTION log_append(p_org uuid, p_type text, p_ids uuid[], p_versions int[], p_event text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH e AS (
    INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT pt_uuid7(), p_org, p_type, x.id, x.version, p_event, log_snapshot(p_type, x.id),
          date_trunc('milliseconds', clock_timestamp())
        FROM unnest(p_ids, p_versions) AS x(id, version)
      RETURNING id
  )
  INSERT INTO log_pending (entry_id) SELECT id FROM e;
END;
$$;
--> statement-breakpoint
-- The postings log through wrappers, so the functions they wrap (0010–0019) stay as they are: a record
-- and its lots are logged once receive_finish has numbered them — those posted in this call, which are
-- the ones whose posted_at is this transaction's time.
ALTER FUNCTION receive_finish(uuid, uuid, uuid[], jsonb) RENAME TO receive_finish_numbers;
--> statement-breakpoint
CREATE FUNCTION receive_finish(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  maps jsonb := receive_finish_numbers(p_org, p_user, p_ids, p_pending);
  posted uuid[];
  versions int[];
  lots uuid[];
BEGIN
  SELECT array_agg(r.id ORDER BY u.i), array_agg(r.version ORDER BY u.i) INTO posted, versions
    FROM unnest(p_ids) WITH ORDINALITY AS u(id, i) JOIN receive_records r ON r.id = u.id
    WHERE r.status = 'posted' AND r.posted_at = now();
  IF posted IS NULL THEN RETURN maps; END IF;
  PERFORM log_append(p_org, 'receive_record', posted, versions, 'posted');
  SELECT array_agg(l.lot_id ORDER BY u.i, l.line_no) INTO lots
    FROM unnest(posted) WITH ORDINALITY AS u(id, i) JOIN receive_lines l ON l.record_id = u.id;
  PERFORM log_append(p_org, 'lot', lots, array_fill(1, ARRAY[cardinality(lots)]), 'created');
  RETURN maps;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION receive_do_void(uuid, uuid, uuid, text) RENAME TO receive_void_record;
--> statement-breakpoint
CREATE FUNCTION receive_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'receive_record', 'voided', receive_void_record(p_org, p_user, p_id, p_reason));
END;
$$;
--> statement-breakpoint
-- Production runs and dispatches, logged the same way: the run's inputs, outputs and losses by kg and lot;
-- the dispatch's lots, weights and delivery, with neither prices nor the customer (only its type).
CREATE FUNCTION log_production_record_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'type', 'production_record', 'id', r.id, 'number', r.number, 'status', r.status,
    'organization_id', r.organization_id, 'facility_id', r.facility_id, 'process', r.process_code,
    'started_at', pt_iso(r.started_at), 'ended_at', pt_iso(r.ended_at),
    'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at),
    'inputs', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', i.line_no, 'lot_id', i.lot_id, 'lot_code', lo.code,
        'kg', i.kg::text) ORDER BY i.line_no)
      FROM production_inputs i JOIN lots lo ON lo.id = i.lot_id WHERE i.record_id = r.id), '[]'::jsonb),
    'outputs', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', o.line_no, 'material_id', o.material_id,
        'kg', o.kg::text, 'lot_id', o.lot_id, 'lot_code', lo.code) ORDER BY o.line_no)
      FROM production_outputs o LEFT JOIN lots lo ON lo.id = o.lot_id WHERE o.record_id = r.id), '[]'::jsonb),
    'losses', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', l.line_no, 'kind', l.kind, 'fate', l.fate,
        'kg', l.kg::text, 'lot_id', l.lot_id) ORDER BY l.line_no)
      FROM production_losses l WHERE l.record_id = r.id), '[]'::jsonb),
    'labels', jsonb_build_object('organization', o.name, 'facility', f.code || ' · ' || f.name,
      'materials', (SELECT jsonb_object_agg(m.id, m.code || ' · ' || m.name) FROM materials m
        WHERE m.id IN (SELECT material_id FROM production_outputs WHERE record_id = r.id))))
  FROM production_records r JOIN organizations o ON o.id = r.organization_id
  JOIN facilities f ON f.id = r.facility_id
  WHERE r.id = p_id);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION log_dispatch_record_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'type', 'dispatch_record', 'id', r.id, 'number', r.number, 'delivery_receipt_no', r.delivery_receipt_no,
    'status', r.status, 'organization_id', r.organization_id, 'facility_id', r.facility_id,
    'dispatched_at', pt_iso(r.dispatched_at), 'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at),
    'net_kg', r.net_kg::text, 'total_kg', r.total_kg::text, 'seal_numbers', to_jsonb(r.seal_numbers),
    'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', l.line_no, 'lot_id', l.lot_id, 'lot_code', lo.code,
        'kg', l.kg::text) ORDER BY l.line_no)
      FROM dispatch_lines l JOIN lots lo ON lo.id = l.lot_id WHERE l.record_id = r.id), '[]'::jsonb),
    'delivered_at', pt_iso(r.delivered_at), 'received_kg', r.received_kg::text,
    'discrepancy_kg', r.discrepancy_kg::text, 'discrepancy_status', r.discrepancy_status,
    'labels', jsonb_build_object('organization', o.name, 'facility', f.code || ' · ' || f.name,
      'customer_type', c.type))
  FROM dispatch_records r JOIN organizations o ON o.id = r.organization_id
  JOIN facilities f ON f.id = r.facility_id JOIN customers c ON c.id = r.customer_id
  WHERE r.id = p_id);
END;
$$;
--> statement-breakpoint
-- A lot's birth: what it was, where, how much, and what it came from: a delivery, a run (its origin_id is
-- the run's id), or the lot it was split from (a merge names its first source; lineage has them all). Its status moves with every use, so it is not part of the snapshot;
-- the records that move it are logged themselves.
CREATE FUNCTION log_lot_snapshot(p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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
    'initial_kg', (SELECT sm.qty_kg::text FROM stock_movements sm WHERE sm.lot_id = lo.id
      ORDER BY sm.posted_at, sm.id LIMIT 1),
    'labels', jsonb_build_object('organization', o.name, 'facility', f.code || ' · ' || f.name,
      'material', m.code || ' · ' || m.name))
  FROM lots lo JOIN organizations o ON o.id = lo.organization_id
  JOIN facilities f ON f.id = lo.facility_id JOIN materials m ON m.id = lo.material_id
  WHERE lo.id = p_id);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION log_snapshot(p_type text, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN CASE p_type
    WHEN 'receive_record' THEN log_receive_record_snapshot(p_id)
    WHEN 'lot' THEN log_lot_snapshot(p_id)
    WHEN 'production_record' THEN log_production_record_snapshot(p_id)
    WHEN 'dispatch_record' THEN log_dispatch_record_snapshot(p_id)
  END;
END;
$$;
--> statement-breakpoint
-- Logs one record's change from the answer of the function that made it (the record as the API shows it,
-- with its version), and answers that answer.
CREATE FUNCTION log_answer(p_org uuid, p_type text, p_event text, v jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_append(p_org, p_type, ARRAY[(v->>'id')::uuid], ARRAY[(v->>'version')::int], p_event);
  RETURN v;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION production_do_post(uuid, uuid, uuid, text, boolean, boolean) RENAME TO production_post_record;
--> statement-breakpoint
CREATE FUNCTION production_do_post(p_org uuid, p_user uuid, p_id uuid, p_reason text, p_may_confirm boolean,
  p_new boolean DEFAULT false) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v jsonb := production_post_record(p_org, p_user, p_id, p_reason, p_may_confirm, p_new);
  made uuid[];
BEGIN
  -- The run first, then the lots it made (outputs, then rejects kept as lots), each numbered by now.
  PERFORM log_answer(p_org, 'production_record', 'posted', v);
  SELECT array_agg(lot_id ORDER BY k, line_no) INTO made FROM (
    SELECT 1 AS k, line_no, lot_id FROM production_outputs WHERE record_id = p_id AND lot_id IS NOT NULL
    UNION ALL SELECT 2, line_no, lot_id FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL) x;
  IF made IS NOT NULL THEN
    PERFORM log_append(p_org, 'lot', made, array_fill(1, ARRAY[cardinality(made)]), 'created');
  END IF;
  RETURN v;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION production_do_void(uuid, uuid, uuid, text) RENAME TO production_void_record;
--> statement-breakpoint
CREATE FUNCTION production_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'production_record', 'voided', production_void_record(p_org, p_user, p_id, p_reason));
END;
$$;
--> statement-breakpoint
ALTER FUNCTION dispatch_do_post(uuid, uuid, uuid, boolean) RENAME TO dispatch_post_record;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_post(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'dispatch_record', 'posted', dispatch_post_record(p_org, p_user, p_id, p_new));
END;
$$;
--> statement-breakpoint
ALTER FUNCTION dispatch_do_void(uuid, uuid, uuid, text) RENAME TO dispatch_void_record;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'dispatch_record', 'voided', dispatch_void_record(p_org, p_user, p_id, p_reason));
END;
$$;
--> statement-breakpoint
ALTER FUNCTION dispatch_do_deliver(uuid, uuid, uuid, jsonb) RENAME TO dispatch_deliver_record;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_deliver(p_org uuid, p_user uuid, p_id uuid, d jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'dispatch_record', 'delivered', dispatch_deliver_record(p_org, p_user, p_id, d));
END;
$$;
--> statement-breakpoint
ALTER FUNCTION dispatch_do_resolve(uuid, uuid, uuid, text, text) RENAME TO dispatch_resolve_record;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_resolve(p_org uuid, p_user uuid, p_id uuid, p_resolution text, p_reason text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN log_answer(p_org, 'dispatch_record', 'settled',
    dispatch_resolve_record(p_org, p_user, p_id, p_resolution, p_reason));
END;
$$;
