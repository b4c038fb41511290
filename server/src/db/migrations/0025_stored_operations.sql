CREATE TABLE "asset_operations" (
	"asset_id" uuid NOT NULL,
	"task_template_id" uuid NOT NULL,
	"last_done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "asset_operations_asset_id_task_template_id_pk" PRIMARY KEY("asset_id","task_template_id")
);
--> statement-breakpoint
ALTER TABLE "asset_operations" ADD CONSTRAINT "asset_operations_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_operations" ADD CONSTRAINT "asset_operations_task_template_id_task_templates_id_fk" FOREIGN KEY ("task_template_id") REFERENCES "public"."task_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The periodic operations last done on one elevator (docs/compliance.md, "Periodic operations"):
-- every task template's checklist item ticked (DONE) on a finished grid, the latest completion.
CREATE FUNCTION asset_operations_of(asset uuid) RETURNS TABLE (task_template_id uuid, last_done_at timestamptz) LANGUAGE sql STABLE AS $$
  SELECT c.task_template_id, max(w.completed_at)
  FROM work_orders w JOIN checklist_items c ON c.work_order_id = w.id
  WHERE w.asset_id = asset AND w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL
    AND c.status = 'DONE' AND c.task_template_id IS NOT NULL
  GROUP BY c.task_template_id
$$;--> statement-breakpoint
-- One elevator's kept row (0022) and now its operations, under the same lock: the close of a
-- grid changes both.
CREATE OR REPLACE FUNCTION refresh_asset_visit(asset uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_visits WHERE asset_id = asset FOR UPDATE;
  UPDATE asset_visits v SET last_visit_at = l.at, visit_due_at = asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(asset) AS at) l
  WHERE v.asset_id = asset AND a.id = asset;
  DELETE FROM asset_operations WHERE asset_id = asset;
  INSERT INTO asset_operations (asset_id, task_template_id, last_done_at) SELECT asset, o.task_template_id, o.last_done_at FROM asset_operations_of(asset) o;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_all_asset_visits() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_visits (asset_id, last_visit_at, visit_due_at)
  SELECT a.id, l.at, asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(a.id) AS at) l
  ON CONFLICT (asset_id) DO UPDATE SET last_visit_at = EXCLUDED.last_visit_at, visit_due_at = EXCLUDED.visit_due_at;
  DELETE FROM asset_operations;
  -- Set-based: one pass over the finished grids' ticked items, not one per elevator.
  INSERT INTO asset_operations (asset_id, task_template_id, last_done_at)
  SELECT w.asset_id, c.task_template_id, max(w.completed_at)
  FROM work_orders w JOIN checklist_items c ON c.work_order_id = w.id
  WHERE w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL AND c.status = 'DONE' AND c.task_template_id IS NOT NULL
  GROUP BY w.asset_id, c.task_template_id;
END $$;--> statement-breakpoint
-- Items written on a finished grid (the seeds write a grid, then its items; a correction), or
-- moved: its elevator again, once per statement and elevator.
CREATE FUNCTION checklist_items_refresh_visit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  asset uuid;
BEGIN
  FOR asset IN
    SELECT DISTINCT w.asset_id FROM work_orders w
    WHERE w.status = 'DONE' AND w.type = 'PREVENTIVE'
      AND w.id IN (SELECT work_order_id FROM changed_items)
  LOOP
    PERFORM refresh_asset_visit(asset);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER checklist_items_insert_refresh_visit AFTER INSERT ON checklist_items
REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_items_refresh_visit();--> statement-breakpoint
CREATE TRIGGER checklist_items_update_refresh_visit AFTER UPDATE ON checklist_items
REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_items_refresh_visit();--> statement-breakpoint
CREATE TRIGGER checklist_items_delete_refresh_visit AFTER DELETE ON checklist_items
REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_items_refresh_visit();--> statement-breakpoint
SELECT refresh_all_asset_visits();
