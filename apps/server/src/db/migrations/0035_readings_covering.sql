-- A day's chart of one device reads ~8,640 readings scattered over the heap (devices report
-- interleaved): the (device_id, recorded_at) index now carries what the series and the
-- latest-stable queries read, so they are answered from the index alone (an index-only scan once
-- autovacuum has marked the pages all-visible; an insert-only table is vacuumed for that since
-- PostgreSQL 13). Same name and key as the schema declares, so drizzle sees no change.
-- Built without CONCURRENTLY (migrations run in a transaction): on a large table, apply it in a quiet hour.
CREATE INDEX "device_readings_device_recorded_covering" ON "device_readings" USING btree ("device_id","recorded_at")
  INCLUDE ("organization_id", "kind", "value", "stable", "id");--> statement-breakpoint
DROP INDEX "device_readings_device_id_recorded_at_index";--> statement-breakpoint
ALTER INDEX "device_readings_device_recorded_covering" RENAME TO "device_readings_device_id_recorded_at_index";
