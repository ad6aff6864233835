-- The marketplace's rules in the database (docs/architecture.md "Marketplace"): reserved kilograms are never
-- sold twice, whatever path moves stock.
--
-- Reservations are an append-only ledger; each lot row adds to `lot_balances.reserved_kg` in the same
-- statement, under the balance row's lock, so reservations of one lot take turns with every stock movement
-- of it (they all lock that row). A reservation beyond what the lot holds, or a movement that would leave a
-- lot holding less than is reserved, is refused with the lot's code.
CREATE TRIGGER market_reservations_append_only BEFORE UPDATE OR DELETE ON market_reservations
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER market_reservations_no_truncate BEFORE TRUNCATE ON market_reservations
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE FUNCTION market_reservations_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lot_id IS NOT NULL THEN
    UPDATE lot_balances SET reserved_kg = reserved_kg + NEW.qty, updated_at = now()
      WHERE lot_id = NEW.lot_id AND organization_id = NEW.organization_id;
    IF NOT FOUND THEN PERFORM pt_fail(404, 'Lot not found'); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER market_reservations_apply AFTER INSERT ON market_reservations
  FOR EACH ROW EXECUTE FUNCTION market_reservations_apply();
--> statement-breakpoint
CREATE FUNCTION lot_balances_reserved_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_code text;
BEGIN
  SELECT code INTO v_code FROM lots WHERE id = NEW.lot_id;
  IF NEW.reserved_kg < 0 THEN
    PERFORM pt_fail(409, format('Lot %s: more was released than was reserved.', v_code));
  END IF;
  IF NEW.reserved_kg > OLD.reserved_kg THEN
    PERFORM pt_fail(422, format('Lot %s holds %s, of which %s is already reserved: %s can be reserved.',
        v_code, pt_kg(NEW.qty_kg), pt_kg(OLD.reserved_kg), pt_kg(greatest(NEW.qty_kg - OLD.reserved_kg, 0))),
      jsonb_build_object('lot_id', NEW.lot_id, 'available_kg', greatest(NEW.qty_kg - OLD.reserved_kg, 0)::text));
  END IF;
  PERFORM pt_fail(422, format('Lot %s has %s reserved on the marketplace: only %s of it can be used. Withdraw or reduce the listing first.',
      v_code, pt_kg(NEW.reserved_kg), pt_kg(greatest(OLD.qty_kg - NEW.reserved_kg, 0))),
    jsonb_build_object('lot_id', NEW.lot_id, 'available_kg', greatest(OLD.qty_kg - NEW.reserved_kg, 0)::text));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The function runs only on a violation, so postings of unreserved lots pay nothing for it.
CREATE TRIGGER lot_balances_reserved_guard BEFORE UPDATE ON lot_balances
  FOR EACH ROW WHEN (NEW.qty_kg < NEW.reserved_kg OR NEW.reserved_kg < 0)
  EXECUTE FUNCTION lot_balances_reserved_guard();
--> statement-breakpoint
-- A dispatch against a deal's sales order takes the kilograms reserved for that order: before the stock
-- leaves, the order's reservations on the loaded lots are released, up to the kg loaded, each release naming
-- the dispatch. The posting itself is unchanged (renamed, and called by the same name as before); a refusal
-- rolls the release back with it. Rows are locked in the posting's own order — the record, the customer,
-- the lots by id, then the order — before any balance changes, so this never waits on a lot's balance while
-- holding what another posting or a deal's cancellation waits for.
ALTER FUNCTION dispatch_do_post(uuid, uuid, uuid, boolean) RENAME TO dispatch_do_post_stock;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_post(p_org uuid, p_user uuid, p_id uuid, p_new boolean DEFAULT false)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  rec dispatch_records%ROWTYPE;
  x record;
BEGIN
  SELECT * INTO rec FROM dispatch_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF FOUND AND rec.status = 'draft' AND rec.order_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM market_reservations WHERE order_id = rec.order_id) THEN
    PERFORM 1 FROM customers WHERE id = rec.customer_id FOR KEY SHARE;
    PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM dispatch_lines WHERE record_id = p_id) ORDER BY id FOR NO KEY UPDATE;
    PERFORM 1 FROM order_records WHERE id = rec.order_id FOR UPDATE;
    FOR x IN
      SELECT r.lot_id, r.listing_id, r.deal_id, least(l.kg, r.held) AS kg
      FROM (SELECT lot_id, sum(kg) AS kg FROM dispatch_lines WHERE record_id = p_id GROUP BY lot_id) l
      JOIN LATERAL (
        SELECT mr.lot_id, mr.listing_id, mr.deal_id, sum(mr.qty) AS held
        FROM market_reservations mr
        WHERE mr.organization_id = p_org AND mr.lot_id = l.lot_id AND mr.order_id = rec.order_id
        GROUP BY mr.lot_id, mr.listing_id, mr.deal_id
      ) r ON r.held > 0
      ORDER BY r.lot_id
    LOOP
      INSERT INTO market_reservations (id, organization_id, lot_id, listing_id, deal_id, order_id, dispatch_id, qty,
          reason, created_by)
        VALUES (pt_uuid7(), p_org, x.lot_id, x.listing_id, x.deal_id, rec.order_id, p_id, -x.kg, 'dispatched', p_user);
    END LOOP;
  END IF;
  RETURN dispatch_do_post_stock(p_org, p_user, p_id, p_new);
END;
$$;
--> statement-breakpoint
-- A void of such a dispatch brings its kilograms back into stock and, while the deal is still open, holds
-- them for the order again (what the dispatch released, lot by lot), so the deal's kilograms never become
-- free stock by a void. After the deal ended they are plain stock.
ALTER FUNCTION dispatch_do_void(uuid, uuid, uuid, text) RENAME TO dispatch_do_void_stock;
--> statement-breakpoint
CREATE FUNCTION dispatch_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
BEGIN
  v_answer := dispatch_do_void_stock(p_org, p_user, p_id, p_reason);
  INSERT INTO market_reservations (id, organization_id, lot_id, listing_id, deal_id, order_id, dispatch_id, qty,
      reason, created_by)
    SELECT pt_uuid7(), p_org, r.lot_id, r.listing_id, r.deal_id, r.order_id, p_id, -sum(r.qty), 'returned', p_user
    FROM market_reservations r
    JOIN market_deals d ON d.id = r.deal_id AND d.status = 'open'
    WHERE r.organization_id = p_org AND r.dispatch_id = p_id AND r.reason = 'dispatched'
    GROUP BY r.lot_id, r.listing_id, r.deal_id, r.order_id
    HAVING sum(r.qty) < 0
    ORDER BY r.lot_id;
  RETURN v_answer;
END;
$$;
