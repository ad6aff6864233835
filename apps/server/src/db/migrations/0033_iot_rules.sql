-- Lines and runs name the device their weight or energy came from (0032 added the columns; the foreign keys
-- are here because the schema files would otherwise import each other).
ALTER TABLE receive_lines ADD CONSTRAINT receive_lines_device_fk FOREIGN KEY (device_id) REFERENCES devices(id);
--> statement-breakpoint
ALTER TABLE dispatch_lines ADD CONSTRAINT dispatch_lines_device_fk FOREIGN KEY (device_id) REFERENCES devices(id);
--> statement-breakpoint
ALTER TABLE production_records ADD CONSTRAINT production_records_meter_device_fk FOREIGN KEY (meter_device_id) REFERENCES devices(id);
--> statement-breakpoint
-- A reading is named only together with its device.
ALTER TABLE receive_lines ADD CONSTRAINT receive_lines_reading CHECK (reading_id IS NULL OR device_id IS NOT NULL);
--> statement-breakpoint
ALTER TABLE dispatch_lines ADD CONSTRAINT dispatch_lines_reading CHECK (reading_id IS NULL OR device_id IS NOT NULL);
--> statement-breakpoint
-- Readings and calibrations are never changed; old readings leave only by the retention job's DELETE.
CREATE TRIGGER device_readings_no_update BEFORE UPDATE ON device_readings
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER device_calibrations_append_only BEFORE UPDATE OR DELETE ON device_calibrations
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- Retention (READINGS_RETENTION_DAYS): the app's role may not DELETE from device_readings (db/roles.ts
-- revokes it on every table with a reject_log_mutation trigger), so old readings leave only through this
-- function, which deletes nothing younger than a day and keeps the readings a receive or dispatch line
-- names (the evidence of a weighing). Bounded chunks, found through the BRIN index on recorded_at.
CREATE FUNCTION device_readings_prune(days integer, max_rows integer) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE n integer;
BEGIN
  IF days IS NULL OR days < 1 OR max_rows IS NULL OR max_rows < 1 THEN
    RAISE EXCEPTION 'device_readings_prune: days and max_rows must be 1 or more';
  END IF;
  DELETE FROM device_readings WHERE id IN (
    SELECT r.id FROM device_readings r
    WHERE r.recorded_at < now() - make_interval(days => days)
      AND r.id NOT IN (SELECT reading_id FROM receive_lines WHERE reading_id IS NOT NULL
                       UNION ALL SELECT reading_id FROM dispatch_lines WHERE reading_id IS NOT NULL)
    LIMIT max_rows);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
