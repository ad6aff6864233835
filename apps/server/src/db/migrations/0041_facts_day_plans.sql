-- A day's facts planned for that day (docs/architecture.md "Insight: daily facts").
--
-- pt_facts_of was a SQL function whose bounds came from a CTE joined to every part: the planner could not see
-- them, guessed a tenth of the organization's records for one day, and joined all of its receive lines by a
-- hash (0.3–0.6 s a day at a million records, for the worker's refresh and for every reader of a marked day,
-- which today is while anyone posts). PL/pgSQL with its bounds in variables, each call planned with them
-- (force_custom_plan): a day reads its own rows through the (organization, time) indexes; the whole history
-- at once is still scanned whole. Same rows, same columns.
CREATE OR REPLACE FUNCTION pt_facts_of(p_org uuid, p_from date, p_to date) RETURNS SETOF daily_facts
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  tz text;
  lo timestamptz;
  hi timestamptz;
BEGIN
  SELECT o.time_zone INTO tz FROM organizations o WHERE o.id = p_org;
  IF NOT FOUND THEN RETURN; END IF;
  lo := p_from::timestamp AT TIME ZONE tz;
  hi := (p_to + 1)::timestamp AT TIME ZONE tz;
  -- RETURN QUERY takes the table's exact column types; the sums come out as plain numeric.
  RETURN QUERY
  SELECT f.organization_id, f.day, f.measure, f.facility_id, f.material_id, f.supplier_id, f.customer_id,
    f.production_line_id, f.process_code, f.kind, f.kg::numeric(18,3), f.kg2::numeric(18,3), f.php::numeric(18,2),
    f.php2::numeric(18,2), f.kwh::numeric(16,2), f.n
  FROM (
  WITH runs AS (
    SELECT r.*, (r.ended_at AT TIME ZONE tz)::date AS d FROM production_records r
    WHERE r.organization_id = p_org AND r.ended_at >= lo AND r.ended_at < hi AND r.status = 'posted'
  )
  SELECT p_org, (r.received_at AT TIME ZONE tz)::date, 'received', r.facility_id, l.material_id,
    r.supplier_id, NULL::uuid, NULL::uuid, NULL, NULL, sum(l.net_kg), sum(l.payable_kg), sum(l.amount), 0, 0,
    count(*)::int
  FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
  WHERE r.organization_id = p_org AND r.received_at >= lo AND r.received_at < hi AND r.status = 'posted'
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
  SELECT p_org, (r.dispatched_at AT TIME ZONE tz)::date, 'dispatched', r.facility_id, lt.material_id, NULL,
    r.customer_id, NULL, NULL, NULL, sum(l.kg), 0, sum(l.amount), coalesce(sum(l.value_php), 0), 0, count(*)::int
  FROM dispatch_records r JOIN dispatch_lines l ON l.record_id = r.id JOIN lots lt ON lt.id = l.lot_id
  WHERE r.organization_id = p_org AND r.dispatched_at >= lo AND r.dispatched_at < hi AND r.status = 'posted'
  GROUP BY 2, r.facility_id, lt.material_id, r.customer_id
  UNION ALL
  SELECT p_org, (m.posted_at AT TIME ZONE tz)::date, 'stock', m.facility_id, m.material_id, NULL, NULL, NULL,
    NULL, m.kind, sum(m.qty_kg), 0, sum(m.value_php), 0, 0, count(*)::int
  FROM stock_movements m
  WHERE m.organization_id = p_org AND m.posted_at >= lo AND m.posted_at < hi
  GROUP BY 2, m.facility_id, m.material_id, m.kind
  UNION ALL
  SELECT p_org, (s.posted_at AT TIME ZONE tz)::date, 'payables', NULL, NULL, s.supplier_id, NULL, NULL, NULL,
    s.kind, 0, 0, sum(s.amount), 0, 0, count(*)::int
  FROM supplier_ledger s
  WHERE s.organization_id = p_org AND s.posted_at >= lo AND s.posted_at < hi
  GROUP BY 2, s.supplier_id, s.kind
  UNION ALL
  SELECT p_org, (c.posted_at AT TIME ZONE tz)::date, 'receivables', NULL, NULL, NULL, c.customer_id, NULL, NULL,
    c.kind, 0, 0, sum(c.amount), 0, 0, count(*)::int
  FROM customer_ledger c
  WHERE c.organization_id = p_org AND c.posted_at >= lo AND c.posted_at < hi
  GROUP BY 2, c.customer_id, c.kind
  ) f (organization_id, day, measure, facility_id, material_id, supplier_id, customer_id, production_line_id,
    process_code, kind, kg, kg2, php, php2, kwh, n);
END;
$$;
