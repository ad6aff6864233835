-- The stock ledger and the supplier ledger are evidence: corrections are new rows, never edits.
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER supplier_ledger_append_only BEFORE UPDATE OR DELETE ON supplier_ledger
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
