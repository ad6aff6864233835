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
