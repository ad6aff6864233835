-- Splits and merges join the lineage graph, which production runs have written since 0013, so a trace
-- follows one table (docs/architecture.md, "Traceability"). A split's edge runs from the lot split to the
-- new part with the part's kg; a merge's from each source to the merged lot with all the source held.
-- The lots service writes them from now on; these are the ones made before, read from the ledger.
INSERT INTO lot_lineage (id, organization_id, parent_lot_id, child_lot_id, kg, source_type, source_id, created_at)
SELECT pt_uuid7(), m.organization_id, m.source_id, m.lot_id, m.qty_kg, 'split', m.source_id, m.posted_at
  FROM stock_movements m
  WHERE m.kind = 'split_in' AND m.qty_kg > 0
  ORDER BY m.posted_at, m.id;
--> statement-breakpoint
INSERT INTO lot_lineage (id, organization_id, parent_lot_id, child_lot_id, kg, source_type, source_id, created_at)
SELECT pt_uuid7(), m.organization_id, m.lot_id, m.source_id, -m.qty_kg, 'merge', m.source_id, m.posted_at
  FROM stock_movements m
  WHERE m.kind = 'merge_out' AND m.qty_kg < 0
  ORDER BY m.posted_at, m.id;
