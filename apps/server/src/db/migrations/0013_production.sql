CREATE TYPE "public"."energy_basis" AS ENUM('metered', 'entered', 'process_factor', 'rated_power', 'none');--> statement-breakpoint
CREATE TYPE "public"."loss_fate" AS ENUM('landfill', 'co_processing', 'resale', 'reject_lot', 'evaporated');--> statement-breakpoint
CREATE TYPE "public"."loss_kind" AS ENUM('moisture', 'contamination', 'fines', 'labels_caps', 'other');--> statement-breakpoint
CREATE TABLE "lot_lineage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_lot_id" uuid NOT NULL,
	"child_lot_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_lineage_kg" CHECK ("lot_lineage"."kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "production_inputs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"lot_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"value_php" numeric(14, 2),
	CONSTRAINT "production_inputs_recordId_lineNo_unique" UNIQUE("record_id","line_no"),
	CONSTRAINT "production_inputs_recordId_lotId_unique" UNIQUE("record_id","lot_id"),
	CONSTRAINT "production_inputs_kg" CHECK ("production_inputs"."kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "production_losses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"kind" "loss_kind" NOT NULL,
	"fate" "loss_fate" NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"material_id" uuid,
	"lot_id" uuid,
	CONSTRAINT "production_losses_recordId_lineNo_unique" UNIQUE("record_id","line_no"),
	CONSTRAINT "production_losses_kg" CHECK ("production_losses"."kg" > 0),
	CONSTRAINT "production_losses_reject_lot" CHECK (("production_losses"."fate" = 'reject_lot') = ("production_losses"."material_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "production_outputs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"material_id" uuid NOT NULL,
	"kg" numeric(14, 3) NOT NULL,
	"value_php" numeric(14, 2),
	"lot_id" uuid,
	CONSTRAINT "production_outputs_recordId_lineNo_unique" UNIQUE("record_id","line_no"),
	CONSTRAINT "production_outputs_kg" CHECK ("production_outputs"."kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "production_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" "record_status" DEFAULT 'draft' NOT NULL,
	"facility_id" uuid NOT NULL,
	"production_line_id" uuid,
	"process_code" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"shift" text,
	"crew" text,
	"meter_start_kwh" numeric(14, 2),
	"meter_end_kwh" numeric(14, 2),
	"entered_kwh" numeric(14, 2),
	"water_m3" numeric(12, 3),
	"notes" text,
	"energy_kwh" numeric(14, 2),
	"energy_basis" "energy_basis",
	"energy_cost_php" numeric(14, 2),
	"line_cost_php" numeric(14, 2),
	"input_value_php" numeric(14, 2),
	"over_capacity_reason" text,
	"created_by" uuid NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_records_organizationId_number_unique" UNIQUE("organization_id","number"),
	CONSTRAINT "production_records_period" CHECK ("production_records"."ended_at" > "production_records"."started_at"),
	CONSTRAINT "production_records_meter" CHECK ("production_records"."meter_end_kwh" IS NULL OR "production_records"."meter_start_kwh" IS NULL OR "production_records"."meter_end_kwh" >= "production_records"."meter_start_kwh")
);
--> statement-breakpoint
CREATE TABLE "grid_emission_factors" (
	"country_code" char(2) PRIMARY KEY NOT NULL,
	"kg_co2e_per_kwh" numeric(6, 4) NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"ref_version" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "production_lines" ADD COLUMN "cost_per_kg_php" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mass_balance_tolerance_pct" numeric(5, 2) DEFAULT '0.5' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "electricity_tariff_php" numeric(8, 4);--> statement-breakpoint
ALTER TABLE "lot_lineage" ADD CONSTRAINT "lot_lineage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_lineage" ADD CONSTRAINT "lot_lineage_parent_lot_id_lots_id_fk" FOREIGN KEY ("parent_lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_lineage" ADD CONSTRAINT "lot_lineage_child_lot_id_lots_id_fk" FOREIGN KEY ("child_lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_inputs" ADD CONSTRAINT "production_inputs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_inputs" ADD CONSTRAINT "production_inputs_record_id_production_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."production_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_inputs" ADD CONSTRAINT "production_inputs_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_losses" ADD CONSTRAINT "production_losses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_losses" ADD CONSTRAINT "production_losses_record_id_production_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."production_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_losses" ADD CONSTRAINT "production_losses_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_losses" ADD CONSTRAINT "production_losses_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_outputs" ADD CONSTRAINT "production_outputs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_outputs" ADD CONSTRAINT "production_outputs_record_id_production_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."production_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_outputs" ADD CONSTRAINT "production_outputs_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_outputs" ADD CONSTRAINT "production_outputs_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_production_line_id_production_lines_id_fk" FOREIGN KEY ("production_line_id") REFERENCES "public"."production_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_process_code_process_types_code_fk" FOREIGN KEY ("process_code") REFERENCES "public"."process_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_records" ADD CONSTRAINT "production_records_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_lineage_organization_id_child_lot_id_index" ON "lot_lineage" USING btree ("organization_id","child_lot_id");--> statement-breakpoint
CREATE INDEX "lot_lineage_organization_id_parent_lot_id_index" ON "lot_lineage" USING btree ("organization_id","parent_lot_id");--> statement-breakpoint
CREATE INDEX "production_inputs_organization_id_lot_id_index" ON "production_inputs" USING btree ("organization_id","lot_id");--> statement-breakpoint
CREATE INDEX "production_records_organization_id_ended_at_id_index" ON "production_records" USING btree ("organization_id","ended_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "production_records_organization_id_production_line_id_ended_at_index" ON "production_records" USING btree ("organization_id","production_line_id","ended_at");--> statement-breakpoint
-- Production (docs/architecture.md "Posting"): each write of a production record is one call of one
-- function below, as for receive records. Production runs are few beside deliveries, so numbers are
-- taken at the end of the call and the answer is built after them (no placeholders in the answer).

-- The Philippine grid's emission factor is not among the figures of the reference sources we hold:
-- it is kept unverified, with the source it was taken from, until checked against DOE's publication.
INSERT INTO grid_emission_factors (country_code, kg_co2e_per_kwh, source, verified, ref_version) VALUES
  ('PH', 0.7122, 'Philippine DOE National Grid Emission Factor 2015–2017, Luzon-Visayas grid (secondary citation; verify before reporting)', false, 'ref-2026.2');
--> statement-breakpoint
-- Posted and voided runs are evidence, as receive records are (migration 0009): a posted run may only
-- become voided, a voided one never changes, and only drafts can be deleted.
CREATE FUNCTION freeze_production_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'production record % is %: it cannot be deleted', OLD.number, OLD.status
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'voided' OR (OLD.status = 'posted' AND (NEW.status <> 'voided'
      OR (to_jsonb(NEW) - ARRAY['status', 'voided_at', 'voided_by', 'void_reason', 'updated_at', 'version'])
         IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'voided_at', 'voided_by', 'void_reason', 'updated_at', 'version'])))
  THEN
    RAISE EXCEPTION 'production record % is %: it cannot be changed', OLD.number, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER production_records_frozen BEFORE UPDATE OR DELETE ON production_records
  FOR EACH ROW EXECUTE FUNCTION freeze_production_record();
--> statement-breakpoint
-- Inputs, outputs and losses change only while their run is a draft (posting fills in values and lots
-- before it marks the run posted).
CREATE FUNCTION freeze_production_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec_status record_status;
BEGIN
  SELECT status INTO rec_status FROM production_records
    WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.record_id ELSE OLD.record_id END;
  IF rec_status <> 'draft' THEN
    RAISE EXCEPTION 'the % of a % production record cannot be changed', TG_TABLE_NAME, rec_status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER production_inputs_frozen BEFORE INSERT OR UPDATE OR DELETE ON production_inputs
  FOR EACH ROW EXECUTE FUNCTION freeze_production_line();
--> statement-breakpoint
CREATE TRIGGER production_outputs_frozen BEFORE INSERT OR UPDATE OR DELETE ON production_outputs
  FOR EACH ROW EXECUTE FUNCTION freeze_production_line();
--> statement-breakpoint
CREATE TRIGGER production_losses_frozen BEFORE INSERT OR UPDATE OR DELETE ON production_losses
  FOR EACH ROW EXECUTE FUNCTION freeze_production_line();
--> statement-breakpoint
-- The lineage graph is evidence too: rows are only ever added.
CREATE TRIGGER lot_lineage_append_only BEFORE UPDATE OR DELETE ON lot_lineage
  FOR EACH ROW EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
CREATE TRIGGER lot_lineage_no_truncate BEFORE TRUNCATE ON lot_lineage
  FOR EACH STATEMENT EXECUTE FUNCTION reject_log_mutation();
--> statement-breakpoint
-- The energy a run used, and how it was found — the one rule behind the production form, posting and
-- POST /api/calculations/energy-consumption. In order: a meter (or a figure read off one); the
-- organization's own kWh per tonne for the step; the reference figure for the step (with its
-- source); the line's rated power × hours × load factor. Sorting and washing have no authoritative
-- figure: without a meter, an own figure or a rated power the answer is 'none' and says so.
CREATE FUNCTION pt_energy(p_process text, p_kg numeric, p_hours numeric, p_rated_kw numeric,
  p_load_factor numeric, p_own_kwh_per_t numeric, p_metered_kwh numeric) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  pt process_types%ROWTYPE;
  kwh numeric;
BEGIN
  SELECT * INTO pt FROM process_types WHERE code = p_process;
  IF p_metered_kwh IS NOT NULL THEN
    RETURN jsonb_build_object('kwh', round(p_metered_kwh, 2), 'basis', 'metered', 'kwh_per_tonne', NULL,
      'source', 'Metered', 'ref_version', NULL);
  END IF;
  IF p_own_kwh_per_t IS NOT NULL THEN
    RETURN jsonb_build_object('kwh', round(p_kg / 1000 * p_own_kwh_per_t, 2), 'basis', 'process_factor',
      'kwh_per_tonne', p_own_kwh_per_t, 'source', 'Your own figure for this step', 'ref_version', NULL);
  END IF;
  IF pt.kwh_per_tonne IS NOT NULL THEN
    RETURN jsonb_build_object('kwh', round(p_kg / 1000 * pt.kwh_per_tonne, 2), 'basis', 'process_factor',
      'kwh_per_tonne', pt.kwh_per_tonne, 'source', pt.energy_source, 'ref_version', pt.ref_version);
  END IF;
  IF p_rated_kw IS NOT NULL AND p_hours IS NOT NULL THEN
    kwh := round(p_rated_kw * p_hours * coalesce(p_load_factor, 1), 2);
    RETURN jsonb_build_object('kwh', kwh, 'basis', 'rated_power', 'kwh_per_tonne', NULL,
      'source', format('Rated power %s kW × %s h × load factor %s', p_rated_kw, round(p_hours, 2), coalesce(p_load_factor, 1)),
      'ref_version', NULL);
  END IF;
  RETURN jsonb_build_object('kwh', NULL, 'basis', 'none', 'kwh_per_tonne', NULL,
    'source', format('No authoritative figure for %s: meter it, or set the line’s rated power or your own kWh per tonne for the step.',
      lower(coalesce(pt.name, p_process))), 'ref_version', pt.ref_version);
END;
$$;
--> statement-breakpoint
-- POST /api/calculations/energy-consumption: the energy of a mass through a step, its cost at a tariff
-- and its emissions at the grid's factor, each figure with its basis.
CREATE FUNCTION energy_consumption(p jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  kg numeric := (p->>'mass_kg')::numeric;
  e jsonb;
  kwh numeric;
  tariff numeric := (p->>'tariff_php_per_kwh')::numeric;
  grid grid_emission_factors%ROWTYPE;
BEGIN
  IF p->>'process_code' IS NOT NULL THEN
    PERFORM 1 FROM process_types WHERE code = p->>'process_code';
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Process type not found', 'body.process_code', 'Process type not found');
    END IF;
  END IF;
  e := pt_energy(p->>'process_code', kg, (p->>'hours')::numeric, (p->>'rated_kw')::numeric,
    (p->>'load_factor')::numeric, (p->>'kwh_per_tonne')::numeric, (p->>'metered_kwh')::numeric);
  kwh := (e->>'kwh')::numeric;
  SELECT * INTO grid FROM grid_emission_factors WHERE country_code = coalesce(p->>'country', 'PH');
  RETURN jsonb_build_object(
    'process_code', p->>'process_code', 'mass_kg', kg::text,
    'kwh', kwh::text, 'basis', e->>'basis', 'source', e->>'source', 'ref_version', e->>'ref_version',
    'kwh_per_tonne', CASE WHEN kwh IS NULL OR kg = 0 THEN NULL ELSE round(kwh / kg * 1000, 1)::text END,
    'tariff_php_per_kwh', tariff::text,
    'cost_php', CASE WHEN kwh IS NULL OR tariff IS NULL THEN NULL ELSE round(kwh * tariff, 2)::text END,
    'grid_kg_co2e_per_kwh', grid.kg_co2e_per_kwh::text,
    'kg_co2e', CASE WHEN kwh IS NULL OR grid.country_code IS NULL THEN NULL ELSE round(kwh * grid.kg_co2e_per_kwh, 1)::text END,
    'grid_source', grid.source, 'grid_verified', grid.verified, 'grid_ref_version', grid.ref_version);
END;
$$;
--> statement-breakpoint
-- A production record as the API shows it (lists and reads use it too: one definition of the view).
CREATE FUNCTION production_record_json(p_org uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_in numeric;
  v_out numeric;
  v_loss numeric;
BEGIN
  SELECT coalesce(sum(kg), 0) INTO v_in FROM production_inputs WHERE record_id = p_id;
  SELECT coalesce(sum(kg), 0) INTO v_out FROM production_outputs WHERE record_id = p_id;
  SELECT coalesce(sum(kg), 0) INTO v_loss FROM production_losses WHERE record_id = p_id;
  RETURN (SELECT jsonb_build_object(
    'id', r.id, 'number', r.number, 'status', r.status,
    'facility', jsonb_build_object('id', f.id, 'code', f.code, 'name', f.name),
    'production_line', CASE WHEN pl.id IS NULL THEN NULL
      ELSE jsonb_build_object('id', pl.id, 'code', pl.code, 'name', pl.name) END,
    'process', jsonb_build_object('code', pt.code, 'name', pt.name),
    'product', CASE WHEN pr.id IS NULL THEN NULL ELSE jsonb_build_object('id', pr.id, 'code', pr.code, 'name', pr.name) END,
    'bom_version', CASE WHEN bv.id IS NULL THEN NULL
      ELSE jsonb_build_object('id', bv.id, 'version_no', bv.version_no, 'effective_from', bv.effective_from::text) END,
    'units', r.units::text, 'recycled_content_pct', r.recycled_content_pct::text,
    'started_at', pt_iso(r.started_at), 'ended_at', pt_iso(r.ended_at),
    'shift', r.shift, 'crew', r.crew,
    'meter_start_kwh', r.meter_start_kwh::text, 'meter_end_kwh', r.meter_end_kwh::text,
    'entered_kwh', r.entered_kwh::text, 'water_m3', r.water_m3::text, 'notes', r.notes,
    'inputs', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', i.id, 'line_no', i.line_no,
        'lot', jsonb_build_object('id', lo.id, 'code', lo.code),
        'material', jsonb_build_object('id', m.id, 'code', m.code, 'name', m.name),
        'kg', i.kg::text, 'value_php', i.value_php::text) ORDER BY i.line_no)
      FROM production_inputs i JOIN lots lo ON lo.id = i.lot_id JOIN materials m ON m.id = lo.material_id
      WHERE i.record_id = r.id), '[]'::jsonb),
    'outputs', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', o.id, 'line_no', o.line_no,
        'material', jsonb_build_object('id', m.id, 'code', m.code, 'name', m.name),
        'kg', o.kg::text, 'value_php', o.value_php::text,
        'lot', CASE WHEN lo.id IS NULL THEN NULL ELSE jsonb_build_object('id', lo.id, 'code', lo.code) END
      ) ORDER BY o.line_no)
      FROM production_outputs o JOIN materials m ON m.id = o.material_id LEFT JOIN lots lo ON lo.id = o.lot_id
      WHERE o.record_id = r.id), '[]'::jsonb),
    'losses', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', l.id, 'line_no', l.line_no, 'kind', l.kind, 'fate', l.fate, 'kg', l.kg::text,
        'material', CASE WHEN m.id IS NULL THEN NULL ELSE jsonb_build_object('id', m.id, 'code', m.code, 'name', m.name) END,
        'lot', CASE WHEN lo.id IS NULL THEN NULL ELSE jsonb_build_object('id', lo.id, 'code', lo.code) END
      ) ORDER BY l.line_no)
      FROM production_losses l LEFT JOIN materials m ON m.id = l.material_id LEFT JOIN lots lo ON lo.id = l.lot_id
      WHERE l.record_id = r.id), '[]'::jsonb),
    'photos', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', fl.id, 'mime', fl.mime, 'size', fl.size, 'original_name', fl.original_name,
        'captured_at', pt_iso(fl.captured_at), 'latitude', fl.latitude::text, 'longitude', fl.longitude::text,
        'position', ph.position, 'created_at', pt_iso(fl.created_at),
        'url', '/api/production-records/' || r.id || '/photos/' || fl.id,
        'thumbnail_url', '/api/production-records/' || r.id || '/photos/' || fl.id || '/thumbnail'
      ) ORDER BY ph.position)
      FROM production_photos ph JOIN files fl ON fl.id = ph.file_id
      WHERE ph.organization_id = r.organization_id AND ph.record_id = r.id), '[]'::jsonb),
    'lineage', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'from', jsonb_build_object('id', pa.id, 'code', pa.code), 'to', jsonb_build_object('id', ch.id, 'code', ch.code),
        'kg', e.kg::text) ORDER BY ch.code, pa.code)
      FROM lot_lineage e JOIN lots pa ON pa.id = e.parent_lot_id JOIN lots ch ON ch.id = e.child_lot_id
      WHERE e.organization_id = r.organization_id AND e.source_id = r.id), '[]'::jsonb),
    'total_input_kg', round(v_in, 3)::text, 'total_output_kg', round(v_out, 3)::text,
    'total_loss_kg', round(v_loss, 3)::text, 'difference_kg', round(v_in - v_out - v_loss, 3)::text,
    'yield_pct', CASE WHEN v_in = 0 THEN NULL ELSE round(v_out * 100 / v_in, 2)::text END,
    'energy_kwh', r.energy_kwh::text, 'energy_basis', r.energy_basis,
    'energy_cost_php', r.energy_cost_php::text, 'line_cost_php', r.line_cost_php::text,
    'input_value_php', r.input_value_php::text,
    'output_value_php', (SELECT sum(value_php)::text FROM production_outputs WHERE record_id = r.id),
    'currency', 'PHP', 'over_capacity_reason', r.over_capacity_reason,
    'posted_at', pt_iso(r.posted_at), 'voided_at', pt_iso(r.voided_at), 'void_reason', r.void_reason,
    'created_at', pt_iso(r.created_at), 'version', r.version)
  FROM production_records r
  JOIN facilities f ON f.id = r.facility_id
  JOIN process_types pt ON pt.code = r.process_code
  LEFT JOIN production_lines pl ON pl.id = r.production_line_id
  LEFT JOIN products pr ON pr.id = r.product_id
  LEFT JOIN bom_versions bv ON bv.id = r.bom_version_id
  WHERE r.organization_id = p_org AND r.id = p_id);
END;
$$;
--> statement-breakpoint
-- Checks a run's header and lines against the organization's master data and writes them (a new draft,
-- or a draft's replacement). Stock is not checked here: it can change before posting, which checks it.
CREATE FUNCTION production_write(p_org uuid, p_user uuid, p_id uuid, r jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fac facilities%ROWTYPE;
  lo lots%ROWTYPE;
  x jsonb;
  i int;
  field text;
BEGIN
  IF (r->>'ended_at')::timestamptz > now() + interval '5 minutes' THEN
    PERFORM pt_fail_field(400, 'The end of the run cannot be in the future', 'body.ended_at',
      'The end of the run cannot be in the future');
  END IF;
  IF (r->>'ended_at')::timestamptz <= (r->>'started_at')::timestamptz THEN
    PERFORM pt_fail_field(400, 'The run must end after it starts', 'body.ended_at', 'The run must end after it starts');
  END IF;
  SELECT * INTO fac FROM facilities
    WHERE organization_id = p_org AND id = (r->>'facility_id')::uuid AND archived_at IS NULL;
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Facility not found', 'body.facility_id', 'Facility not found or archived');
  END IF;
  IF r->>'production_line_id' IS NOT NULL THEN
    PERFORM 1 FROM production_lines WHERE organization_id = p_org AND id = (r->>'production_line_id')::uuid
      AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Production line not found', 'body.production_line_id', 'Production line not found or archived');
    END IF;
    PERFORM 1 FROM production_lines WHERE id = (r->>'production_line_id')::uuid AND facility_id = fac.id;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'The production line is at another facility', 'body.production_line_id',
        'The production line is at another facility');
    END IF;
  END IF;
  PERFORM 1 FROM process_types WHERE code = r->>'process_code';
  IF NOT FOUND THEN
    PERFORM pt_fail_field(404, 'Process type not found', 'body.process_code', 'Process type not found');
  END IF;
  -- A manufacturing run may name the product it made, the BOM version it was made to, and the units.
  IF r->>'product_id' IS NOT NULL THEN
    PERFORM 1 FROM process_types WHERE code = r->>'process_code' AND manufacturing;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'Only a manufacturing run (moulding, film blowing, filling) makes a product',
        'body.product_id', 'Only a manufacturing run (moulding, film blowing, filling) makes a product');
    END IF;
    PERFORM 1 FROM products WHERE organization_id = p_org AND id = (r->>'product_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Product not found', 'body.product_id', 'Product not found or archived');
    END IF;
    PERFORM 1 FROM bom_versions WHERE id = (r->>'bom_version_id')::uuid AND product_id = (r->>'product_id')::uuid;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(422, 'Choose a BOM version of this product', 'body.bom_version_id',
        'Choose a BOM version of this product');
    END IF;
  ELSIF r->>'bom_version_id' IS NOT NULL OR r->>'units' IS NOT NULL THEN
    PERFORM pt_fail_field(400, 'Choose the product the run made', 'body.product_id', 'Choose the product the run made');
  END IF;
  IF (r->>'meter_end_kwh')::numeric < (r->>'meter_start_kwh')::numeric THEN
    PERFORM pt_fail_field(400, 'The meter’s end reading is below its start', 'body.meter_end_kwh',
      'The meter’s end reading is below its start');
  END IF;
  INSERT INTO production_records (id, organization_id, number, status, facility_id, production_line_id,
      process_code, started_at, ended_at, shift, crew, meter_start_kwh, meter_end_kwh, entered_kwh, water_m3,
      notes, product_id, bom_version_id, units, created_by, version, created_at, updated_at)
    VALUES (p_id, p_org, 'pending:' || p_id, 'draft', fac.id, (r->>'production_line_id')::uuid,
      r->>'process_code', (r->>'started_at')::timestamptz, (r->>'ended_at')::timestamptz,
      nullif(r->>'shift', ''), nullif(r->>'crew', ''), (r->>'meter_start_kwh')::numeric,
      (r->>'meter_end_kwh')::numeric, (r->>'energy_kwh')::numeric, (r->>'water_m3')::numeric,
      nullif(r->>'notes', ''), (r->>'product_id')::uuid, (r->>'bom_version_id')::uuid, (r->>'units')::numeric,
      p_user, 1, now(), now())
    ON CONFLICT (id) DO UPDATE SET facility_id = EXCLUDED.facility_id,
      production_line_id = EXCLUDED.production_line_id, process_code = EXCLUDED.process_code,
      started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at, shift = EXCLUDED.shift,
      crew = EXCLUDED.crew, meter_start_kwh = EXCLUDED.meter_start_kwh, meter_end_kwh = EXCLUDED.meter_end_kwh,
      entered_kwh = EXCLUDED.entered_kwh, water_m3 = EXCLUDED.water_m3, notes = EXCLUDED.notes,
      product_id = EXCLUDED.product_id, bom_version_id = EXCLUDED.bom_version_id, units = EXCLUDED.units,
      updated_at = now(), version = production_records.version + 1;
  DELETE FROM production_inputs WHERE record_id = p_id;
  DELETE FROM production_outputs WHERE record_id = p_id;
  DELETE FROM production_losses WHERE record_id = p_id;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(r->'inputs') LOOP
    field := 'body.inputs.' || i || '.lot_id';
    SELECT * INTO lo FROM lots WHERE organization_id = p_org AND id = (x->>'lot_id')::uuid;
    IF NOT FOUND THEN PERFORM pt_fail_field(404, 'Lot not found', field, 'Lot not found'); END IF;
    IF lo.facility_id <> fac.id THEN
      PERFORM pt_fail_field(422, format('Lot %s is at another facility', lo.code), field,
        format('Lot %s is at another facility', lo.code));
    END IF;
    PERFORM 1 FROM production_inputs WHERE record_id = p_id AND lot_id = lo.id;
    IF FOUND THEN
      PERFORM pt_fail_field(400, format('Lot %s is taken twice: enter it once with the total kg', lo.code), field,
        format('Lot %s is taken twice: enter it once with the total kg', lo.code));
    END IF;
    INSERT INTO production_inputs (id, organization_id, record_id, line_no, lot_id, kg)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, lo.id, round((x->>'kg')::numeric, 3));
    i := i + 1;
  END LOOP;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(r->'outputs') LOOP
    PERFORM 1 FROM materials WHERE organization_id = p_org AND id = (x->>'material_id')::uuid AND archived_at IS NULL;
    IF NOT FOUND THEN
      PERFORM pt_fail_field(404, 'Material not found', 'body.outputs.' || i || '.material_id', 'Material not found or archived');
    END IF;
    INSERT INTO production_outputs (id, organization_id, record_id, line_no, material_id, kg)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, (x->>'material_id')::uuid, round((x->>'kg')::numeric, 3));
    i := i + 1;
  END LOOP;
  i := 0;
  FOR x IN SELECT value FROM jsonb_array_elements(coalesce(r->'losses', '[]')) LOOP
    IF x->>'fate' = 'reject_lot' THEN
      PERFORM 1 FROM materials WHERE organization_id = p_org AND id = (x->>'material_id')::uuid AND archived_at IS NULL;
      IF NOT FOUND THEN
        PERFORM pt_fail_field(404, 'Material not found', 'body.losses.' || i || '.material_id',
          'Choose the material of the reject lot');
      END IF;
    END IF;
    INSERT INTO production_losses (id, organization_id, record_id, line_no, kind, fate, kg, material_id)
      VALUES (pt_uuid7(), p_org, p_id, i + 1, (x->>'kind')::loss_kind, (x->>'fate')::loss_fate,
        round((x->>'kg')::numeric, 3), CASE WHEN x->>'fate' = 'reject_lot' THEN (x->>'material_id')::uuid END);
    i := i + 1;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The next value of a gapless per-organization counter. Its row stays locked until commit (a rolled-back
-- call gives its number back), so callers take numbers last.
CREATE FUNCTION pt_next(p_org uuid, p_name text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO counters (organization_id, name, value) VALUES (p_org, p_name, 1)
  ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value + 1
  RETURNING value INTO v;
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Takes the gapless numbers a run still lacks — its record number (per organization and year of its
-- end) and the codes of the lots posting made (per facility and day) — last, in counter-name order
-- ('lot:…' before 'production:…', as receive_finish takes them), so no two calls wait on each other.
CREATE FUNCTION production_number(p_org uuid, p_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  rec production_records%ROWTYPE;
  fac text;
  x record;
BEGIN
  SELECT time_zone INTO tz FROM organizations WHERE id = p_org;
  SELECT * INTO rec FROM production_records WHERE id = p_id;
  SELECT code INTO fac FROM facilities WHERE id = rec.facility_id;
  FOR x IN SELECT lot_id FROM (
             SELECT lot_id, 1 AS k, line_no FROM production_outputs WHERE record_id = p_id
             UNION ALL SELECT lot_id, 2, line_no FROM production_losses WHERE record_id = p_id) t
           JOIN lots lo ON lo.id = t.lot_id WHERE lo.code LIKE 'pending:%' ORDER BY k, line_no LOOP
    UPDATE lots SET code = fac || '-' || to_char(rec.ended_at AT TIME ZONE tz, 'YYMMDD') || '-'
        || lpad(pt_next(p_org, 'lot:' || fac || ':' || to_char(rec.ended_at AT TIME ZONE tz, 'YYMMDD'))::text, 4, '0')
      WHERE id = x.lot_id;
  END LOOP;
  IF rec.number LIKE 'pending:%' THEN
    UPDATE production_records SET number = 'PR-' || to_char(rec.ended_at AT TIME ZONE tz, 'YYYY') || '-'
        || lpad(pt_next(p_org, 'production:' || to_char(rec.ended_at AT TIME ZONE tz, 'YYYY'))::text, 6, '0')
      WHERE id = p_id;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION production_created(p_org uuid, p_user uuid, p_id uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v jsonb;
BEGIN
  PERFORM production_number(p_org, p_id);
  v := production_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'CREATE_RECORD', 'production_record', p_id,
    'Drafted production record ' || (v->>'number'), NULL, v, NULL, v->>'number');
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Posts a draft run, all or nothing: the mass balance within the organization's tolerance; the line's
-- rated capacity (+10 %) unless a manager confirms with a reason; inputs out of stock (lots locked in
-- id order, as every stock change locks them, never below zero) at average cost; a lot per output (and
-- per loss kept as a reject lot) into stock; the lineage input → output lot in grams, exact; output
-- lots valued at the inputs' value plus energy and the line's cost per kg, by mass.
CREATE FUNCTION production_do_post(p_org uuid, p_user uuid, p_id uuid, p_reason text, p_may_confirm boolean,
  p_new boolean DEFAULT false) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  rec production_records%ROWTYPE;
  org organizations%ROWTYPE;
  line production_lines%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  v_in numeric; v_out numeric; v_loss numeric; v_diff numeric; v_hours numeric; v_max numeric;
  x record;
  bal lot_balances%ROWTYPE;
  v_taken numeric;
  v_value numeric := 0;
  e jsonb;
  v_kwh numeric;
  v_energy_cost numeric;
  v_line_cost numeric;
  v_total numeric;
  v_given numeric := 0;
  v_share numeric;
  v_lot uuid;
  n int;
  i int := 0;
  v_rc_sum numeric := 0;
  v_rc numeric;
  v_need numeric;
  v_g numeric;
  bom record;
BEGIN
  SELECT * INTO rec FROM production_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Production record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be posted; this record is %s.', rec.status));
  END IF;
  PERFORM pt_assert_books_open(p_org, rec.ended_at, 'A production run');
  SELECT * INTO org FROM organizations WHERE id = p_org;
  v_before := production_record_json(p_org, p_id);
  v_in := (v_before->>'total_input_kg')::numeric;
  v_out := (v_before->>'total_output_kg')::numeric;
  v_loss := (v_before->>'total_loss_kg')::numeric;
  v_diff := v_in - v_out - v_loss;
  IF v_in = 0 OR v_out = 0 THEN
    PERFORM pt_fail(422, 'A run needs at least one input and one output to be posted.');
  END IF;
  IF abs(v_diff) > v_in * org.mass_balance_tolerance_pct / 100 THEN
    PERFORM pt_fail(422, format('The mass balance is off: inputs %s, outputs and losses %s — a difference of %s (%s %%), beyond the tolerance of %s %%.',
        pt_kg(v_in), pt_kg(v_out + v_loss), pt_kg(abs(v_diff)), round(abs(v_diff) * 100 / v_in, 2), org.mass_balance_tolerance_pct),
      jsonb_build_object('total_input_kg', v_in::text, 'total_output_kg', v_out::text, 'total_loss_kg', v_loss::text,
        'difference_kg', v_diff::text, 'tolerance_pct', org.mass_balance_tolerance_pct::text));
  END IF;
  v_hours := extract(epoch FROM rec.ended_at - rec.started_at) / 3600;
  IF rec.production_line_id IS NOT NULL THEN
    SELECT * INTO line FROM production_lines WHERE id = rec.production_line_id;
    IF line.capacity_kg_per_h IS NOT NULL THEN
      v_max := round(line.capacity_kg_per_h * v_hours * 1.1, 3);
      IF v_in > v_max THEN
        IF p_reason IS NULL THEN
          PERFORM pt_fail(422, format('%s in %s h is more than line %s can process: its rated %s kg/h + 10 %% allows %s. A manager must confirm the run with a reason.',
              pt_kg(v_in), round(v_hours, 2), line.code, line.capacity_kg_per_h, pt_kg(v_max)),
            jsonb_build_object('over_capacity', true, 'max_kg', v_max::text));
        END IF;
        IF NOT p_may_confirm THEN
          PERFORM pt_fail(403, 'Only a manager or an administrator may confirm a run above the line’s capacity.');
        END IF;
      END IF;
    END IF;
  END IF;
  -- A product made to a BOM: each polymer the inputs bring must be in it, and enough for the units.
  IF rec.bom_version_id IS NOT NULL THEN
    SELECT bv.version_no, p.code INTO bom FROM bom_versions bv JOIN products p ON p.id = bv.product_id
      WHERE bv.id = rec.bom_version_id;
    FOR x IN SELECT m.polymer, sum(pi.kg) AS kg FROM production_inputs pi JOIN lots lo ON lo.id = pi.lot_id
             JOIN materials m ON m.id = lo.material_id WHERE pi.record_id = p_id GROUP BY m.polymer ORDER BY m.polymer LOOP
      SELECT sum(bl.quantity * c.mass_g) INTO v_g FROM bom_lines bl JOIN components c ON c.id = bl.component_id
        WHERE bl.bom_version_id = rec.bom_version_id AND c.polymer = x.polymer;
      IF v_g IS NULL THEN
        PERFORM pt_fail(422, format('The inputs hold %s of %s, but version %s of the BOM of %s has no %s component.',
          pt_kg(x.kg), x.polymer, bom.version_no, bom.code, x.polymer));
      END IF;
      v_need := round(rec.units * v_g / 1000, 3);
      IF x.kg < v_need THEN
        PERFORM pt_fail(422, format('%s units of %s need %s of %s by version %s of its BOM; the inputs hold %s.',
          rec.units, bom.code, pt_kg(v_need), x.polymer, bom.version_no, pt_kg(x.kg)));
      END IF;
    END LOOP;
  END IF;
  -- Inputs out: every lot of the run locked in id order first (outputs are new lots nobody else sees).
  -- NO KEY UPDATE: drafts naming a lot hold a key-share lock on it (their inputs' foreign key) until
  -- they commit; a full UPDATE lock would wait on them while they wait on us for a counter.
  PERFORM 1 FROM lots WHERE id IN (SELECT lot_id FROM production_inputs WHERE record_id = p_id)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM lot_balances WHERE lot_id IN (SELECT lot_id FROM production_inputs WHERE record_id = p_id)
    ORDER BY lot_id FOR UPDATE;
  FOR x IN SELECT pi.*, lo.code, lo.status AS lot_status, lo.facility_id AS lot_facility, lo.material_id,
                  coalesce(lo.recycled_content_pct, CASE WHEN m.is_virgin THEN 0 ELSE 100 END) AS rc
           FROM production_inputs pi JOIN lots lo ON lo.id = pi.lot_id JOIN materials m ON m.id = lo.material_id
           WHERE pi.record_id = p_id ORDER BY pi.line_no LOOP
    IF x.lot_status <> 'available' THEN
      PERFORM pt_fail(422, format('Lot %s is %s: only available lots can go into a run.', x.code, x.lot_status),
        jsonb_build_object('fields', jsonb_build_object('body.inputs.' || (x.line_no - 1) || '.lot_id',
          format('Lot %s is %s', x.code, x.lot_status))));
    END IF;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = x.lot_id;
    IF NOT FOUND OR bal.qty_kg < x.kg THEN
      PERFORM pt_fail(422, format('Lot %s holds %s, less than the %s this run takes: stock cannot go below zero.',
          x.code, pt_kg(coalesce(bal.qty_kg, 0)), pt_kg(x.kg)),
        jsonb_build_object('lot_id', x.lot_id, 'available_kg', coalesce(bal.qty_kg, 0)::text));
    END IF;
    v_taken := CASE WHEN bal.qty_kg = x.kg THEN bal.value_php ELSE round(bal.value_php * x.kg / bal.qty_kg, 2) END;
    UPDATE lot_balances SET qty_kg = qty_kg - x.kg, value_php = value_php - v_taken, updated_at = now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.lot_facility, x.material_id, -x.kg, -v_taken, 'production_out',
        'production_record', p_id, p_user, rec.ended_at);
    IF bal.qty_kg = x.kg THEN
      UPDATE lots SET status = 'consumed', updated_at = now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
    UPDATE production_inputs SET value_php = v_taken WHERE id = x.id;
    v_value := v_value + v_taken;
    v_rc_sum := v_rc_sum + x.kg * x.rc;
  END LOOP;
  -- What comes out is as recycled as what went in, by mass (received material counts by its material:
  -- virgin resin 0 %, everything else recovered, 100 %).
  v_rc := round(v_rc_sum / v_in, 2);
  -- Energy and what the run cost beyond its inputs.
  IF rec.meter_start_kwh IS NOT NULL AND rec.meter_end_kwh IS NOT NULL THEN
    e := jsonb_build_object('kwh', rec.meter_end_kwh - rec.meter_start_kwh, 'basis', 'metered');
  ELSIF rec.entered_kwh IS NOT NULL THEN
    e := jsonb_build_object('kwh', rec.entered_kwh, 'basis', 'entered');
  ELSE
    e := pt_energy(rec.process_code, v_in, v_hours, line.rated_kw, NULL,
      (SELECT opt.kwh_per_tonne FROM org_process_types opt WHERE opt.organization_id = p_org
         AND opt.reference_code = rec.process_code AND opt.archived_at IS NULL AND opt.kwh_per_tonne IS NOT NULL
         ORDER BY opt.code LIMIT 1), NULL);
  END IF;
  v_kwh := (e->>'kwh')::numeric;
  v_energy_cost := CASE WHEN v_kwh IS NULL OR org.electricity_tariff_php IS NULL THEN NULL
    ELSE round(v_kwh * org.electricity_tariff_php, 2) END;
  v_line_cost := CASE WHEN line.cost_per_kg_php IS NULL THEN NULL ELSE round(v_in * line.cost_per_kg_php, 2) END;
  v_total := v_value + coalesce(v_energy_cost, 0) + coalesce(v_line_cost, 0);
  -- A lot per output, valued by mass (the last output takes the centavos rounding left), and per loss
  -- kept as a reject lot (at no value: its cost is carried by the outputs).
  SELECT count(*) INTO n FROM production_outputs WHERE record_id = p_id;
  FOR x IN SELECT o.*, 1 AS k FROM production_outputs o WHERE o.record_id = p_id
           UNION ALL SELECT l.id, l.organization_id, l.record_id, l.line_no, l.material_id, l.kg, 0, NULL, 2
             FROM production_losses l WHERE l.record_id = p_id AND l.fate = 'reject_lot'
           ORDER BY k, line_no LOOP
    v_lot := pt_uuid7();
    IF x.k = 1 THEN
      i := i + 1;
      v_share := CASE WHEN i = n THEN v_total - v_given ELSE trunc(v_total * x.kg / v_out, 2) END;
      v_given := v_given + v_share;
    ELSE
      v_share := 0;
    END IF;
    INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
        recycled_content_pct, version, created_at, updated_at)
      VALUES (v_lot, p_org, 'pending:' || v_lot, x.material_id, rec.facility_id, 'available',
        CASE x.k WHEN 1 THEN 'production_output' ELSE 'production_reject' END, p_id, v_rc, 1, now(), now());
    INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php, updated_at)
      VALUES (v_lot, p_org, rec.facility_id, x.material_id, x.kg, v_share, now());
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, v_lot, rec.facility_id, x.material_id, x.kg, v_share, 'production_in',
        'production_record', p_id, p_user, rec.ended_at);
    IF x.k = 1 THEN
      UPDATE production_outputs SET lot_id = v_lot, value_php = v_share WHERE id = x.id;
    ELSE
      UPDATE production_losses SET lot_id = v_lot WHERE id = x.id;
    END IF;
  END LOOP;
  -- Lineage in grams: each new lot takes each input in proportion to the input's mass; the grams that
  -- rounding down leaves go one by one to the largest remainders (ties: the earlier input line).
  WITH a AS (
    SELECT c.lot_id AS child, c.g AS child_g, pi.lot_id AS parent,
      trunc(c.g * pi.kg * 1000 / t.total_g) AS share,
      row_number() OVER (PARTITION BY c.lot_id ORDER BY (c.g * pi.kg * 1000) % t.total_g DESC, pi.line_no) AS rank
    FROM (SELECT lot_id, kg * 1000 AS g FROM production_outputs WHERE record_id = p_id
          UNION ALL SELECT lot_id, kg * 1000 FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL) c
    CROSS JOIN production_inputs pi
    CROSS JOIN (SELECT sum(kg) * 1000 AS total_g FROM production_inputs WHERE record_id = p_id) t
    WHERE pi.record_id = p_id),
  b AS (
    SELECT child, parent, share + CASE WHEN rank <= child_g - sum(share) OVER (PARTITION BY child) THEN 1 ELSE 0 END AS g
    FROM a)
  INSERT INTO lot_lineage (id, organization_id, parent_lot_id, child_lot_id, kg, source_type, source_id, created_at)
  SELECT pt_uuid7(), p_org, parent, child, g / 1000, 'production_record', p_id, now() FROM b WHERE g > 0;
  -- The numbers last (the record's, when it was saved in this call, and the new lots' codes), while
  -- the record is still a draft whose number may change.
  PERFORM production_number(p_org, p_id);
  UPDATE production_records SET status = 'posted', posted_at = now(), posted_by = p_user, energy_kwh = v_kwh,
      energy_basis = (e->>'basis')::energy_basis, energy_cost_php = v_energy_cost, line_cost_php = v_line_cost,
      input_value_php = v_value, recycled_content_pct = v_rc, over_capacity_reason = CASE WHEN v_in > v_max THEN p_reason END,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  v_after := production_record_json(p_org, p_id);
  -- Saved and posted in one call: the draft it was a moment ago is logged as created, with its number.
  IF p_new THEN
    v_before := v_before || jsonb_build_object('number', v_after->'number');
    PERFORM pt_log_change(p_org, p_user, 'CREATE_RECORD', 'production_record', p_id,
      'Drafted production record ' || (v_after->>'number'), NULL, v_before, NULL, v_after->>'number');
  END IF;
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'production_record', p_id,
    format('Posted production record %s: %s in, %s out (%s %% yield)', v_after->>'number', pt_kg(v_in), pt_kg(v_out),
      v_after->>'yield_pct'), receive_audit_json(v_before), receive_audit_json(v_after), NULL, v_after->>'number');
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- Voids a posted run: its new lots leave stock and are voided, its inputs come back at the value they
-- left with. Refused once a lot the run made has moved on (it was split, processed or dispatched).
CREATE FUNCTION production_do_void(p_org uuid, p_user uuid, p_id uuid, p_reason text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  rec production_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
  x record;
  bal lot_balances%ROWTYPE;
  v_moves int;
BEGIN
  SELECT * INTO rec FROM production_records WHERE organization_id = p_org AND id = p_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Production record not found'); END IF;
  IF rec.status <> 'posted' THEN
    PERFORM pt_fail(422, format('Only a posted record can be voided; this one is %s.', rec.status));
  END IF;
  PERFORM pt_assert_books_open(p_org, now(), 'The void of ' || rec.number);
  v_before := production_record_json(p_org, p_id);
  PERFORM 1 FROM lots WHERE id IN (
      SELECT lot_id FROM production_inputs WHERE record_id = p_id
      UNION SELECT lot_id FROM production_outputs WHERE record_id = p_id
      UNION SELECT lot_id FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL)
    ORDER BY id FOR NO KEY UPDATE;
  FOR x IN SELECT lo.id, lo.code, lo.material_id, t.kg FROM (
             SELECT lot_id, kg, 1 AS k, line_no FROM production_outputs WHERE record_id = p_id
             UNION ALL SELECT lot_id, kg, 2, line_no FROM production_losses WHERE record_id = p_id AND lot_id IS NOT NULL) t
           JOIN lots lo ON lo.id = t.lot_id ORDER BY t.k, t.line_no LOOP
    SELECT count(*) INTO v_moves FROM stock_movements WHERE organization_id = p_org AND lot_id = x.id;
    SELECT * INTO bal FROM lot_balances WHERE lot_id = x.id FOR UPDATE;
    IF v_moves <> 1 OR bal.qty_kg <> x.kg THEN
      PERFORM pt_fail(422, format('Lot %s, made by this run, has already moved on, so the run cannot be voided. Correct it with an adjustment instead.',
        x.code), jsonb_build_object('lot_id', x.id, 'lot_code', x.code));
    END IF;
    UPDATE lot_balances SET qty_kg = 0, value_php = 0, updated_at = now() WHERE lot_id = x.id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.id, rec.facility_id, x.material_id, -bal.qty_kg, -bal.value_php, 'production_void',
        'production_record', p_id, p_reason, p_user, now());
    UPDATE lots SET status = 'voided', updated_at = now(), version = version + 1 WHERE id = x.id;
  END LOOP;
  FOR x IN SELECT pi.*, lo.facility_id, lo.material_id, lo.status FROM production_inputs pi
           JOIN lots lo ON lo.id = pi.lot_id WHERE pi.record_id = p_id ORDER BY pi.line_no LOOP
    UPDATE lot_balances SET qty_kg = qty_kg + x.kg, value_php = value_php + x.value_php, updated_at = now()
      WHERE lot_id = x.lot_id;
    INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
        source_type, source_id, reason, created_by, posted_at)
      VALUES (pt_uuid7(), p_org, x.lot_id, x.facility_id, x.material_id, x.kg, x.value_php, 'production_return',
        'production_record', p_id, p_reason, p_user, now());
    IF x.status = 'consumed' THEN
      UPDATE lots SET status = 'available', updated_at = now(), version = version + 1 WHERE id = x.lot_id;
    END IF;
  END LOOP;
  UPDATE production_records SET status = 'voided', voided_at = now(), voided_by = p_user, void_reason = p_reason,
      updated_at = now(), version = version + 1
    WHERE id = p_id;
  v_after := production_record_json(p_org, p_id);
  PERFORM pt_log_change(p_org, p_user, 'UPDATE_RECORD', 'production_record', p_id,
    format('Voided production record %s: %s', rec.number, p_reason), receive_audit_json(v_before),
    receive_audit_json(v_after), NULL, rec.number);
  RETURN v_after;
END;
$$;
--> statement-breakpoint
-- The API's entry points, one call per request (as receive_create and its kin): p carries
-- organization_id, user_id, the Idempotency-Key (key, route, hash) where the route honours one, and the
-- operation's input. Each answers {status, body}; a replayed key answers the first call's.
CREATE FUNCTION production_create(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := pt_uuid7();
  replay jsonb;
  body jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  PERFORM production_write(v_org, v_user, v_id, p->'record');
  -- Numbers last: a run saved and posted at once takes its number with its lots' codes, after the
  -- stock is locked, so counters are never held while waiting for a lot.
  IF (p->>'post')::boolean THEN
    body := production_do_post(v_org, v_user, v_id, p->>'over_capacity_reason', (p->>'may_confirm')::boolean, true);
  ELSE
    body := production_created(v_org, v_user, v_id);
  END IF;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 201, body);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION production_edit(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  v_user uuid := (p->>'user_id')::uuid;
  v_id uuid := (p->>'id')::uuid;
  rec production_records%ROWTYPE;
  v_before jsonb;
  v_after jsonb;
BEGIN
  SELECT * INTO rec FROM production_records WHERE organization_id = v_org AND id = v_id FOR UPDATE;
  IF NOT FOUND THEN PERFORM pt_fail(404, 'Production record not found'); END IF;
  IF rec.status <> 'draft' THEN
    PERFORM pt_fail(422, format('Only a draft can be edited; this record is %s.', rec.status));
  END IF;
  IF rec.version <> (p->'record'->>'version')::int THEN
    PERFORM pt_fail(409, 'Someone else changed this record. Reload and try again.');
  END IF;
  v_before := production_record_json(v_org, v_id);
  PERFORM production_write(v_org, v_user, v_id, p->'record');
  v_after := production_record_json(v_org, v_id);
  PERFORM pt_log_change(v_org, v_user, 'UPDATE_RECORD', 'production_record', v_id,
    'Edited production record ' || rec.number, receive_audit_json(v_before), receive_audit_json(v_after), NULL, rec.number);
  RETURN jsonb_build_object('status', 200, 'body', v_after);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION production_post(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org uuid := (p->>'organization_id')::uuid;
  replay jsonb;
BEGIN
  replay := pt_idempotency_claim(v_org, p->>'route', p->>'key', p->>'hash');
  IF replay IS NOT NULL THEN RETURN replay; END IF;
  RETURN pt_idempotency_store(v_org, p->>'route', p->>'key', 200,
    production_do_post(v_org, (p->>'user_id')::uuid, (p->>'id')::uuid, p->>'over_capacity_reason',
      (p->>'may_confirm')::boolean));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION production_void(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('status', 200, 'body',
    production_do_void((p->>'organization_id')::uuid, (p->>'user_id')::uuid, (p->>'id')::uuid, p->>'reason'))
$$;
