ALTER TABLE "asset_visits" ADD COLUMN "last_inspection_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_visits" ADD COLUMN "inspection_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "asset_visits_inspection_due_idx" ON "asset_visits" USING btree ("inspection_due_at") WHERE "asset_visits"."inspection_due_at" IS NOT NULL;--> statement-breakpoint
-- The five-yearly inspection's due date (docs/compliance.md, "The technical inspection"): five
-- years after the last inspection; none recorded, after the later of the register entry and
-- the commissioning; null out of contract. The same rule as the detail's (inspectionLateral).
CREATE FUNCTION asset_inspection_due_at(under_contract boolean, last_at timestamptz, created_at timestamptz, commissioned_at timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN under_contract THEN coalesce(last_at, GREATEST(created_at, commissioned_at)) + make_interval(years => 5) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_asset_visit(asset uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_visits WHERE asset_id = asset FOR UPDATE;
  UPDATE asset_visits v SET last_visit_at = l.at, visit_due_at = asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at),
    last_inspection_at = i.at, inspection_due_at = asset_inspection_due_at(a.under_contract, i.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(asset) AS at) l,
    LATERAL (SELECT max(ai.inspected_at) AS at FROM asset_inspections ai WHERE ai.asset_id = asset) i
  WHERE v.asset_id = asset AND a.id = asset;
  DELETE FROM asset_operations WHERE asset_id = asset;
  INSERT INTO asset_operations (asset_id, task_template_id, last_done_at) SELECT asset, o.task_template_id, o.last_done_at FROM asset_operations_of(asset) o;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_all_asset_visits() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_visits (asset_id, last_visit_at, visit_due_at, last_inspection_at, inspection_due_at)
  SELECT a.id, l.at, asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at),
    i.at, asset_inspection_due_at(a.under_contract, i.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(a.id) AS at) l,
    LATERAL (SELECT max(ai.inspected_at) AS at FROM asset_inspections ai WHERE ai.asset_id = a.id) i
  ON CONFLICT (asset_id) DO UPDATE SET last_visit_at = EXCLUDED.last_visit_at, visit_due_at = EXCLUDED.visit_due_at,
    last_inspection_at = EXCLUDED.last_inspection_at, inspection_due_at = EXCLUDED.inspection_due_at;
  DELETE FROM asset_operations;
  INSERT INTO asset_operations (asset_id, task_template_id, last_done_at)
  SELECT w.asset_id, c.task_template_id, max(w.completed_at)
  FROM work_orders w JOIN checklist_items c ON c.work_order_id = w.id
  WHERE w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL AND c.status = 'DONE' AND c.task_template_id IS NOT NULL
  GROUP BY w.asset_id, c.task_template_id;
END $$;--> statement-breakpoint
-- An elevator entered: its row with the due dates its dates give (the refresh then reads nothing).
CREATE OR REPLACE FUNCTION assets_refresh_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_visits (asset_id, last_visit_at, visit_due_at, inspection_due_at)
  VALUES (NEW.id, NULL, asset_visit_due_at(NEW.under_contract, NULL, NEW.created_at, NEW.commissioned_at),
    asset_inspection_due_at(NEW.under_contract, NULL, NEW.created_at, NEW.commissioned_at))
  ON CONFLICT (asset_id) DO NOTHING;
  IF TG_OP = 'UPDATE' THEN PERFORM refresh_asset_visit(NEW.id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An inspection recorded, corrected or removed.
CREATE FUNCTION asset_inspections_refresh_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_asset_visit(OLD.asset_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.asset_id IS DISTINCT FROM OLD.asset_id) THEN PERFORM refresh_asset_visit(NEW.asset_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER asset_inspections_refresh_visit AFTER INSERT OR UPDATE OF inspected_at, asset_id OR DELETE ON asset_inspections
FOR EACH ROW EXECUTE FUNCTION asset_inspections_refresh_visit();--> statement-breakpoint
SELECT refresh_all_asset_visits();
