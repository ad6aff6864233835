-- Group commit (docs/architecture.md, "Posting"): concurrent requests that each create one receive record
-- for the same organization are sent as one call of receive_group, so their gapless numbers are taken
-- once and one commit — one WAL flush, one hold of the counter rows — covers them all. A batch is the
-- same call with one user and every record posted, so receive_batch now calls it.

-- The last step of a create or a post: takes the gapless numbers the records still lack — record numbers
-- per organization and year, lot codes per facility and the organization's day — after every check and
-- every other row, then writes what mentions them (payables, audit trail, activity). The counters it
-- locks (in name order) stay locked only for these few writes and the commit that follows at once.
-- Answers, for each record id, its placeholder → number map. A pending row that names its user (a group's
-- rows come from several requests) is written as that user's; the others as p_user's.
CREATE OR REPLACE FUNCTION receive_finish(p_org uuid, p_user uuid, p_ids uuid[], p_pending jsonb) RETURNS jsonb
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
          e->>'reference', 'receive_record', (e->>'source_id')::uuid, coalesce((e->>'user_id')::uuid, p_user),
          (e->>'posted_at')::timestamptz);
    ELSE
      PERFORM pt_log_change(p_org, coalesce((e->>'user_id')::uuid, p_user), e->>'type', 'receive_record',
        (e->>'id')::uuid, e->>'description',
        nullif(e->'before', 'null'), nullif(e->'after', 'null'), (e->>'amount')::numeric, e->>'reference');
    END IF;
  END LOOP;
  RETURN maps;
END;
$$;
--> statement-breakpoint
-- Creates several records, each as its own request would have: a draft, or saved and posted (`post`),
-- by its own user, under its own Idempotency-Key, in its own subtransaction — a refusal answers that item
-- with its error and leaves nothing behind, the others go on. Answers one {index, status, body | error}
-- per item, in order.
CREATE FUNCTION receive_group(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  item jsonb;
  outcomes jsonb[] := '{}';
  outcome jsonb;
  ids uuid[] := '{}';
  pending jsonb[] := '{}';
  map jsonb;
  v_id uuid;
  v_user uuid;
  v_post boolean;
  ins record;
  posted record;
  st text;
  msg text;
  det text;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p->'items') LOOP
    BEGIN
      outcome := pt_idempotency_claim(v_org, p->>'route', item->>'key', item->>'hash');
      IF outcome IS NULL THEN
        v_id := pt_uuid7();
        v_user := (item->>'user_id')::uuid;
        v_post := coalesce((item->>'post')::boolean, false);
        SELECT * INTO ins FROM receive_insert(v_org, v_user, v_id, item->'record', v_post);
        IF v_post THEN
          SELECT * INTO posted FROM receive_do_post(v_org, v_user, v_id, true);
          outcome := jsonb_build_object('status', 201, 'body', posted.view, 'key', item->>'key');
        ELSE
          outcome := jsonb_build_object('status', 201, 'body', ins.view, 'key', item->>'key');
        END IF;
        -- Arrays, not a growing jsonb: appending to an array does not copy what is already in it.
        pending := pending || ARRAY(SELECT e || jsonb_build_object('user_id', v_user)
          FROM jsonb_array_elements(CASE WHEN v_post THEN posted.pending ELSE ins.pending END) AS x(e));
        ids := ids || v_id;
      END IF;
    EXCEPTION WHEN SQLSTATE 'PT400' OR SQLSTATE 'PT404' OR SQLSTATE 'PT409' OR SQLSTATE 'PT422' THEN
      GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
      outcome := jsonb_build_object('status', substr(st, 3)::int, 'error', jsonb_build_object(
        'message', msg, 'details', CASE WHEN det = '' THEN NULL ELSE det::jsonb END));
    END;
    outcomes := outcomes || outcome;
  END LOOP;
  map := receive_finish(v_org, NULL, ids, to_jsonb(pending));
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_batch(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN receive_group(jsonb_build_object('organization_id', p->'organization_id', 'route', p->'route',
    'items', coalesce((SELECT jsonb_agg(r || jsonb_build_object('user_id', p->'user_id', 'post', true) ORDER BY i)
      FROM jsonb_array_elements(p->'records') WITH ORDINALITY AS x(r, i)), '[]'::jsonb)));
END;
$$;
--> statement-breakpoint
-- The small helpers of the posting path as PL/pgSQL: PostgreSQL plans a SQL-language function's query
-- on every call it cannot inline (these build JSON in subqueries, or call a STABLE to_char from an
-- IMMUTABLE body), which cost ~10 % of a posting's time; PL/pgSQL keeps their plans for the session.
CREATE OR REPLACE FUNCTION pt_kg(n numeric) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE WHEN round(n, 3) < 0 THEN '-' ELSE '' END
    || rtrim(rtrim(to_char(abs(round(n, 3)), 'FM999,999,999,999,990.000'), '0'), '.') || ' kg';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pt_pending_log(p_type text, p_id uuid, p_description text, p_before jsonb,
  p_after jsonb, p_amount numeric, p_reference text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_object('t', 'log', 'type', p_type, 'id', p_id, 'description', p_description,
    'before', p_before, 'after', p_after, 'amount', p_amount, 'reference', p_reference);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_draft_of(v jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN v || jsonb_build_object('status', 'draft', 'posted_at', NULL, 'version', (v->>'version')::int - 1,
    'lines', coalesce((SELECT jsonb_agg(l || '{"lot": null}'::jsonb ORDER BY i)
      FROM jsonb_array_elements(v->'lines') WITH ORDINALITY AS x(l, i)), '[]'::jsonb));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receive_created_log(draft jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN pt_pending_log('CREATE_RECORD', (draft->>'id')::uuid, 'Drafted receive record ' || (draft->>'number'),
    NULL, draft, NULL, draft->>'number');
END;
$$;
