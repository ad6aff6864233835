-- Posting functions run their statements on generic plans (docs/architecture.md "Posting", "Plans").
-- PL/pgSQL prepares each statement once per connection, but under the default plan_cache_mode PostgreSQL
-- plans it again with the call's values whenever its generic plan looks dearer. The posting statements take
-- the call's arrays and JSON (unnest of its ids, jsonb_to_recordset of its lines), whose row counts a
-- generic plan can only guess, so most were planned anew on every call, and a lone save-and-post spent
-- almost as long planning as running. Measured on one connection posting into an organization of 100,000
-- analyzed receive records (PostgreSQL 18), PostgreSQL's CPU a call: a one-line save-and-post 8.0–9.9 ms
-- before, 5.4–5.8 ms with generic plans (18.8 ms with a new plan for every statement), reading fewer pages
-- (534 buffer accesses against 583); batches of 20 no different, their plans being made once a call for
-- twenty records, nor production runs (the same plans either way). A SET on the entry point holds for every
-- function it calls, and for that call only.
ALTER FUNCTION receive_create(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION receive_edit(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION receive_post(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION receive_void(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION receive_batch(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION receive_group(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION production_create(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION production_edit(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION production_post(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION production_void(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_create(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_edit(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_post(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_void(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_deliver(jsonb) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION dispatch_resolve(jsonb) SET plan_cache_mode = force_generic_plan;
