-- Daily facts (docs/architecture.md "Insight: daily facts"). `pt_facts_of` is the one definition of every
-- measure; the table is its cache. Flows count posted records on their own day (received_at, a run's
-- ended_at, dispatched_at), so a void or a back-dated posting changes that day; stock and money count ledger
-- rows on the day they were written. Days are the organization's.
--
--   received     facility, material, supplier   kg net, kg2 payable, php amount owed, n lines
--   run          facility, line, process, kind ('energy' when the run's kWh is known, else 'no_energy')
--                                               kg inputs, kg2 outputs, kwh, php energy cost, n runs
--   consumed     facility, line, process, material (the input lot's)   kg, php value taken
--   produced     facility, line, process, material                     kg, php value made
--   lost         facility, line, process, kind (the loss's fate), material (a reject lot's)   kg
--   dispatched   facility, material (the lot's), customer   kg, php sales amount, php2 cost (value out), n lines
--   stock        facility, material, kind (the movement's)  kg, php value
--   payables     supplier, kind (the ledger row's)          php amount (+ raises what we owe), n
--   receivables  customer, kind                             php amount (+ raises what they owe), n
CREATE FUNCTION pt_facts_of(p_org uuid, p_from date, p_to date) RETURNS SETOF daily_facts
LANGUAGE sql STABLE AS $$
  WITH z AS (
    SELECT o.time_zone AS tz, (p_from::timestamp AT TIME ZONE o.time_zone) AS lo,
      ((p_to + 1)::timestamp AT TIME ZONE o.time_zone) AS hi
    FROM organizations o WHERE o.id = p_org
  ),
  runs AS (
    SELECT r.*, (r.ended_at AT TIME ZONE z.tz)::date AS d FROM production_records r, z
    WHERE r.organization_id = p_org AND r.ended_at >= z.lo AND r.ended_at < z.hi AND r.status = 'posted'
  )
  SELECT p_org, (r.received_at AT TIME ZONE z.tz)::date, 'received', r.facility_id, l.material_id,
    r.supplier_id, NULL::uuid, NULL::uuid, NULL, NULL, sum(l.net_kg), sum(l.payable_kg), sum(l.amount), 0, 0,
    count(*)::int
  FROM receive_records r CROSS JOIN z JOIN receive_lines l ON l.record_id = r.id
  WHERE r.organization_id = p_org AND r.received_at >= z.lo AND r.received_at < z.hi AND r.status = 'posted'
  GROUP BY 2, r.facility_id, l.material_id, r.supplier_id
  UNION ALL
  SELECT p_org, r.d, 'run', r.facility_id, NULL, NULL, NULL, r.production_line_id, r.process_code,
    CASE WHEN r.energy_kwh IS NULL THEN 'no_energy' ELSE 'energy' END,
    coalesce(sum((SELECT sum(i.kg) FROM production_inputs i WHERE i.record_id = r.id)), 0),
    coalesce(sum((SELECT sum(o.kg) FROM production_outputs o WHERE o.record_id = r.id)), 0),
    coalesce(sum(r.energy_cost_php), 0), 0, coalesce(sum(r.energy_kwh), 0), count(*)::int
  FROM runs r
  GROUP BY r.d, r.facility_id, r.production_line_id, r.process_code, 10
  UNION ALL
  SELECT p_org, r.d, 'consumed', r.facility_id, lt.material_id, NULL, NULL, r.production_line_id, r.process_code,
    NULL, sum(i.kg), 0, coalesce(sum(i.value_php), 0), 0, 0, count(*)::int
  FROM runs r JOIN production_inputs i ON i.record_id = r.id JOIN lots lt ON lt.id = i.lot_id
  GROUP BY r.d, r.facility_id, lt.material_id, r.production_line_id, r.process_code
  UNION ALL
  SELECT p_org, r.d, 'produced', r.facility_id, o.material_id, NULL, NULL, r.production_line_id, r.process_code,
    NULL, sum(o.kg), 0, coalesce(sum(o.value_php), 0), 0, 0, count(*)::int
  FROM runs r JOIN production_outputs o ON o.record_id = r.id
  GROUP BY r.d, r.facility_id, o.material_id, r.production_line_id, r.process_code
  UNION ALL
  SELECT p_org, r.d, 'lost', r.facility_id, x.material_id, NULL, NULL, r.production_line_id, r.process_code,
    x.fate::text, sum(x.kg), 0, 0, 0, 0, count(*)::int
  FROM runs r JOIN production_losses x ON x.record_id = r.id
  GROUP BY r.d, r.facility_id, x.material_id, r.production_line_id, r.process_code, x.fate
  UNION ALL
  SELECT p_org, (r.dispatched_at AT TIME ZONE z.tz)::date, 'dispatched', r.facility_id, lt.material_id, NULL,
    r.customer_id, NULL, NULL, NULL, sum(l.kg), 0, sum(l.amount), coalesce(sum(l.value_php), 0), 0, count(*)::int
  FROM dispatch_records r CROSS JOIN z JOIN dispatch_lines l ON l.record_id = r.id JOIN lots lt ON lt.id = l.lot_id
  WHERE r.organization_id = p_org AND r.dispatched_at >= z.lo AND r.dispatched_at < z.hi AND r.status = 'posted'
  GROUP BY 2, r.facility_id, lt.material_id, r.customer_id
  UNION ALL
  SELECT p_org, (m.posted_at AT TIME ZONE z.tz)::date, 'stock', m.facility_id, m.material_id, NULL, NULL, NULL,
    NULL, m.kind, sum(m.qty_kg), 0, sum(m.value_php), 0, 0, count(*)::int
  FROM stock_movements m, z
  WHERE m.organization_id = p_org AND m.posted_at >= z.lo AND m.posted_at < z.hi
  GROUP BY 2, m.facility_id, m.material_id, m.kind
  UNION ALL
  SELECT p_org, (s.posted_at AT TIME ZONE z.tz)::date, 'payables', NULL, NULL, s.supplier_id, NULL, NULL, NULL,
    s.kind, 0, 0, sum(s.amount), 0, 0, count(*)::int
  FROM supplier_ledger s, z
  WHERE s.organization_id = p_org AND s.posted_at >= z.lo AND s.posted_at < z.hi
  GROUP BY 2, s.supplier_id, s.kind
  UNION ALL
  SELECT p_org, (c.posted_at AT TIME ZONE z.tz)::date, 'receivables', NULL, NULL, NULL, c.customer_id, NULL, NULL,
    c.kind, 0, 0, sum(c.amount), 0, 0, count(*)::int
  FROM customer_ledger c, z
  WHERE c.organization_id = p_org AND c.posted_at >= z.lo AND c.posted_at < z.hi
  GROUP BY 2, c.customer_id, c.kind
$$;
--> statement-breakpoint
-- What every reader calls: the cached facts of days nobody marked, and the marked days computed live, in one
-- snapshot, so an answer never lags a posting even when the refresh has not run yet.
CREATE FUNCTION pt_facts(p_org uuid, p_from date, p_to date) RETURNS SETOF daily_facts
LANGUAGE sql STABLE AS $$
  SELECT f.* FROM daily_facts f
  WHERE f.organization_id = p_org AND f.day BETWEEN p_from AND p_to
    AND NOT EXISTS (SELECT 1 FROM fact_marks m WHERE m.organization_id = p_org AND m.day = f.day)
  UNION ALL
  SELECT l.* FROM (
    SELECT DISTINCT m.day FROM fact_marks m
    WHERE m.organization_id = p_org AND m.day BETWEEN p_from AND p_to
  ) d CROSS JOIN LATERAL pt_facts_of(p_org, d.day, d.day) l
$$;
--> statement-breakpoint
-- Rewrites the monthly sums of the given months (their first days) from the daily facts.
CREATE FUNCTION pt_facts_months(p_org uuid, p_months date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM monthly_facts WHERE organization_id = p_org AND day = ANY (p_months);
  INSERT INTO monthly_facts
    SELECT organization_id, date_trunc('month', day)::date, measure, facility_id, material_id, supplier_id,
      customer_id, production_line_id, process_code, kind, sum(kg), sum(kg2), sum(php), sum(php2), sum(kwh),
      sum(n)::int
    FROM daily_facts
    WHERE organization_id = p_org AND date_trunc('month', day)::date = ANY (p_months)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
$$;
--> statement-breakpoint
-- The same facts for sums over long ranges and monthly or coarser groupings: a month wholly inside the range
-- none of whose days is marked is its monthly rows (dated its first day); the rest is pt_facts's.
CREATE FUNCTION pt_facts_coarse(p_org uuid, p_from date, p_to date) RETURNS SETOF daily_facts
LANGUAGE sql STABLE AS $$
  WITH marked AS (
    SELECT DISTINCT m.day FROM fact_marks m
    WHERE m.organization_id = p_org AND m.day BETWEEN p_from AND p_to
  ),
  months AS (
    SELECT g::date AS first, least((g + interval '1 month' - interval '1 day')::date, p_to) AS last,
      g::date >= p_from AND (g + interval '1 month' - interval '1 day')::date <= p_to
        AND NOT EXISTS (SELECT 1 FROM marked WHERE date_trunc('month', marked.day) = g) AS whole
    FROM generate_series(date_trunc('month', p_from), date_trunc('month', p_to), interval '1 month') g
  )
  SELECT mf.* FROM monthly_facts mf
  WHERE mf.organization_id = p_org AND mf.day BETWEEN p_from AND p_to
    AND mf.day IN (SELECT first FROM months WHERE whole)
  UNION ALL
  SELECT f.* FROM months p CROSS JOIN LATERAL (
    SELECT f.* FROM daily_facts f
    WHERE f.organization_id = p_org AND f.day BETWEEN greatest(p.first, p_from) AND p.last
      AND NOT EXISTS (SELECT 1 FROM marked WHERE marked.day = f.day)
  ) f
  WHERE NOT p.whole
  UNION ALL
  SELECT l.* FROM marked d CROSS JOIN LATERAL pt_facts_of(p_org, d.day, d.day) l
$$;
--> statement-breakpoint
-- Takes up to p_limit marks and rewrites their days; one refresh at a time (others return 0 at once).
-- The marks are deleted by one statement and the days recomputed by the next, whose snapshot is newer: a
-- posting committed before the delete is in the recomputation, one not yet committed keeps its own mark.
CREATE FUNCTION pt_facts_refresh(p_limit int DEFAULT 1000) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  taken jsonb;
  g record;
  total int := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('pt_facts_refresh')) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM fact_marks WHERE id IN (SELECT id FROM fact_marks ORDER BY id LIMIT p_limit)
    RETURNING organization_id, day
  )
  SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_array(organization_id, day)), '[]') INTO taken FROM gone;
  FOR g IN SELECT (e->>0)::uuid AS org, array_agg((e->>1)::date) AS days
           FROM jsonb_array_elements(taken) e GROUP BY 1 LOOP
    DELETE FROM daily_facts WHERE organization_id = g.org AND day = ANY (g.days);
    INSERT INTO daily_facts SELECT f.* FROM unnest(g.days) d CROSS JOIN LATERAL pt_facts_of(g.org, d, d) f;
    PERFORM pt_facts_months(g.org, ARRAY(SELECT DISTINCT date_trunc('month', d)::date FROM unnest(g.days) d));
    total := total + cardinality(g.days);
  END LOOP;
  RETURN total;
END $$;
--> statement-breakpoint
-- Marks are inserted, never updated: concurrent postings of one day never wait on each other here.
CREATE FUNCTION facts_mark_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fact_marks (organization_id, day)
    SELECT DISTINCT n.organization_id, (n.posted_at AT TIME ZONE o.time_zone)::date
    FROM new_rows n JOIN organizations o ON o.id = n.organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_facts AFTER INSERT ON stock_movements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_written();
--> statement-breakpoint
CREATE TRIGGER supplier_ledger_facts AFTER INSERT ON supplier_ledger REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_written();
--> statement-breakpoint
CREATE TRIGGER customer_ledger_facts AFTER INSERT ON customer_ledger REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_written();
--> statement-breakpoint
-- A record written as posted (save and post), or whose status changes (posted, voided), changes the flows
-- of its own day — which, for a back-dated delivery, is not the day its ledger rows are written.
CREATE FUNCTION facts_mark_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fact_marks (organization_id, day)
    SELECT DISTINCT n.organization_id, (n.at AT TIME ZONE o.time_zone)::date
    FROM (
      SELECT x.id, x.organization_id, x.status::text AS status,
        CASE TG_TABLE_NAME WHEN 'receive_records' THEN (to_jsonb(x)->>'received_at')
          WHEN 'production_records' THEN (to_jsonb(x)->>'ended_at')
          ELSE (to_jsonb(x)->>'dispatched_at') END::timestamptz AS at
      FROM new_rows x
    ) n
    JOIN organizations o ON o.id = n.organization_id
    WHERE EXISTS (SELECT 1 FROM old_rows p WHERE p.id = n.id AND p.status::text IS DISTINCT FROM n.status);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION facts_mark_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fact_marks (organization_id, day)
    SELECT DISTINCT n.organization_id, (n.at AT TIME ZONE o.time_zone)::date
    FROM (
      SELECT x.organization_id, x.status::text AS status,
        CASE TG_TABLE_NAME WHEN 'receive_records' THEN (to_jsonb(x)->>'received_at')
          WHEN 'production_records' THEN (to_jsonb(x)->>'ended_at')
          ELSE (to_jsonb(x)->>'dispatched_at') END::timestamptz AS at
      FROM new_rows x
    ) n
    JOIN organizations o ON o.id = n.organization_id
    WHERE n.status <> 'draft';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER receive_records_facts AFTER UPDATE ON receive_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_status();
--> statement-breakpoint
CREATE TRIGGER production_records_facts AFTER UPDATE ON production_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_status();
--> statement-breakpoint
CREATE TRIGGER dispatch_records_facts AFTER UPDATE ON dispatch_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_status();
--> statement-breakpoint
CREATE TRIGGER receive_records_facts_insert AFTER INSERT ON receive_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_inserted();
--> statement-breakpoint
CREATE TRIGGER production_records_facts_insert AFTER INSERT ON production_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_inserted();
--> statement-breakpoint
CREATE TRIGGER dispatch_records_facts_insert AFTER INSERT ON dispatch_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facts_mark_inserted();
--> statement-breakpoint
-- Another time zone moves records to other days — by up to two (UTC−12 to UTC+14): every day with facts or
-- a mark, and two on each side, is recomputed. (A posting that computed its mark in the old zone and commits
-- after the change can still mark a day the new zone does not give it; changing zones is rare and done by
-- an administrator, and the next posting or change of that day repairs it.)
CREATE FUNCTION facts_mark_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fact_marks (organization_id, day)
    SELECT DISTINCT NEW.id, d.day + s FROM (
      SELECT day FROM daily_facts WHERE organization_id = NEW.id
      UNION SELECT day FROM fact_marks WHERE organization_id = NEW.id
    ) d, generate_series(-2, 2) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_facts_time_zone AFTER UPDATE OF time_zone ON organizations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION facts_mark_time_zone();
--> statement-breakpoint
-- An installation with records already: its facts, computed once here.
INSERT INTO daily_facts SELECT f.* FROM organizations o CROSS JOIN LATERAL pt_facts_of(o.id, '1900-01-01', '9999-12-30') f;
--> statement-breakpoint
SELECT pt_facts_months(o.id, ARRAY(SELECT DISTINCT date_trunc('month', day)::date FROM daily_facts WHERE organization_id = o.id))
FROM organizations o;
