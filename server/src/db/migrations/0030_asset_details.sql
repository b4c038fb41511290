CREATE TABLE "asset_details" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid,
	"body" text
);
--> statement-breakpoint
ALTER TABLE "asset_details" ADD CONSTRAINT "asset_details_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_details_stale_idx" ON "asset_details" USING btree ("asset_id") WHERE "asset_details"."body" IS NULL;--> statement-breakpoint
-- Each elevator's AssetDetail kept as the JSON text its readers get (issue 18): the detail was
-- some twenty index probes, three joins and the JSON built at every call (~0.5 ms of
-- PostgreSQL for a bare lookup's 0.05). `asset_detail_body` is the same answer as the live
-- statement of assets.queries.ts (assets.details-stored.test.ts compares them after every kind
-- of write), but for what depends on the clock: each days-left field is a marker
-- "\u0001<due-soon days>|<due day, UTC>" and the state after it "\u0001", which the service
-- fills at read (assets.detail-clock.ts); a null due date gives nulls, as live.
CREATE FUNCTION asset_detail_days(due timestamptz, soon integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN due IS NOT NULL THEN chr(1) || soon || '|' || to_char(due AT TIME ZONE 'UTC', 'YYYY-MM-DD') END
$$;--> statement-breakpoint
CREATE FUNCTION asset_detail_state(due timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN due IS NOT NULL THEN chr(1) END
$$;--> statement-breakpoint
CREATE FUNCTION asset_detail_body(asset uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object('id', a.id, 'reference', a.reference, 'brand', a.brand, 'model', a.model, 'serialNumber', a.serial_number,
    'commissionedAt', to_char(a.commissioned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'loadKg', a.load_kg, 'floors', a.floors,
    'status', a.status, 'categoryId', a.category_id, 'categoryName', c.name, 'locationId', a.location_id, 'locationName', l.name,
    'siteName', s.name, 'componentCount', a.component_count, 'underContract', a.under_contract, 'notes', a.notes, 'siteId', s.id,
    'address', coalesce(l.address, s.address), 'city', coalesce(l.city, s.city),
    'guardianName', CASE WHEN (l.guardian_name IS NOT NULL OR l.guardian_phone IS NOT NULL) THEN l.guardian_name ELSE s.guardian_name END,
    'guardianPhone', CASE WHEN (l.guardian_name IS NOT NULL OR l.guardian_phone IS NOT NULL) THEN l.guardian_phone ELSE s.guardian_phone END,
    'statusChangedAt', to_char(a.status_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'components', coalesce((
      SELECT json_agg(json_build_object('id', ac.id, 'typeId', ac.type_id, 'typeName', ct.name, 'brand', ac.brand, 'model', ac.model,
          'serialNumber', ac.serial_number, 'installedAt', to_char(ac.installed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'notes', ac.notes)
        ORDER BY lower(ct.name), ac.installed_at ASC NULLS LAST, ac.id)
      FROM asset_components ac JOIN categories ct ON ct.id = ac.type_id
      WHERE ac.asset_id = a.id AND ac.removed_at IS NULL), '[]'::json),
    'lastVisitAt', to_char(v.last_visit_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'nextVisitDueAt', to_char(v.visit_due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'visitDaysLeft', asset_detail_days(v.visit_due_at, 7), 'visitState', asset_detail_state(v.visit_due_at),
    'periodicOperations', coalesce((
      SELECT json_agg(json_build_object('taskTemplateId', t.id, 'label', t.label, 'periodicityMonths', t.periodicity_months,
          'lastDoneAt', to_char(o.last_done_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'nextDueAt', to_char(d.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'daysLeft', asset_detail_days(d.due_at, 30), 'state', asset_detail_state(d.due_at))
        ORDER BY t.periodicity_months, lower(t.label), t.id)
      FROM task_templates t
      LEFT JOIN asset_operations o ON o.asset_id = a.id AND o.task_template_id = t.id
      CROSS JOIN LATERAL (SELECT CASE WHEN a.under_contract THEN coalesce(o.last_done_at, GREATEST(a.created_at, a.commissioned_at))
        + make_interval(months => t.periodicity_months) END AS due_at) d
      WHERE t.is_active AND t.periodicity_months > 1), '[]'::json),
    'lastInspectionAt', to_char(li.inspected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'inspectionBody', li.body,
    'nextInspectionDueAt', to_char(di.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'inspectionDaysLeft', asset_detail_days(di.due_at, 90), 'inspectionState', asset_detail_state(di.due_at),
    'inspections', coalesce((
      SELECT json_agg(json_build_object('id', ai.id, 'inspectedAt', to_char(ai.inspected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'body', ai.body,
          'reportDocumentId', ai.report_document_id, 'notes', ai.notes,
          'findingsCount', (SELECT count(*)::int FROM work_orders f WHERE f.inspection_id = ai.id),
          'openFindingsCount', (SELECT count(*)::int FROM work_orders f WHERE f.inspection_id = ai.id AND f.status NOT IN ('DONE', 'CANCELLED')))
        ORDER BY ai.inspected_at DESC, ai.id DESC)
      FROM (SELECT * FROM asset_inspections x WHERE x.asset_id = a.id ORDER BY x.inspected_at DESC, x.id DESC LIMIT 50) ai), '[]'::json)
  )::text
  FROM assets a JOIN categories c ON c.id = a.category_id JOIN locations l ON l.id = a.location_id JOIN locations s ON s.id = l.site_id
  LEFT JOIN asset_visits v ON v.asset_id = a.id
  LEFT JOIN LATERAL (SELECT x.inspected_at, x.body FROM asset_inspections x WHERE x.asset_id = a.id
    ORDER BY x.inspected_at DESC, x.id DESC LIMIT 1) li ON true
  CROSS JOIN LATERAL (SELECT CASE WHEN a.under_contract THEN coalesce(li.inspected_at, GREATEST(a.created_at, a.commissioned_at))
    + make_interval(years => 5) END AS due_at) di
  WHERE a.id = asset);
END $$;--> statement-breakpoint
-- Rebuilds these elevators' details. The rows are locked first, so that the build, a statement
-- of its own, sees what a concurrent writer of the same elevator committed meanwhile.
CREATE FUNCTION refresh_asset_details(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_details WHERE asset_id = ANY(ids) ORDER BY asset_id FOR UPDATE;
  INSERT INTO asset_details (asset_id, site_id, body)
  SELECT a.id, a.site_id, asset_detail_body(a.id) FROM assets a WHERE a.id = ANY(ids)
  ON CONFLICT (asset_id) DO UPDATE SET site_id = EXCLUDED.site_id, body = EXCLUDED.body;
END $$;--> statement-breakpoint
CREATE FUNCTION refresh_all_asset_details() RETURNS void LANGUAGE sql AS $$
  INSERT INTO asset_details (asset_id, site_id, body)
  SELECT a.id, a.site_id, asset_detail_body(a.id) FROM assets a
  ON CONFLICT (asset_id) DO UPDATE SET site_id = EXCLUDED.site_id, body = EXCLUDED.body
$$;--> statement-breakpoint
-- The elevator's kept visit, operations and inspection due (0022, 0025, 0027) are refreshed
-- here for every write that moves them (a grid closed or corrected, its items, an inspection,
-- the contract's dates): its detail with them, once per refresh.
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
  PERFORM refresh_asset_details(ARRAY[asset]);
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
  PERFORM refresh_all_asset_details();
END $$;--> statement-breakpoint
-- Writes of the elevator itself (its row, a component), of an inspection's text, of a finding
-- (an order linked to an inspection): the elevators of the statement, once each. The new
-- elevator's row is built after its visit row (assets_refresh_visit, a row trigger, runs first).
CREATE FUNCTION assets_refresh_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_asset_details(ARRAY(SELECT DISTINCT n.id FROM changed n));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_insert_refresh_asset_detail AFTER INSERT ON assets
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION assets_refresh_asset_detail();--> statement-breakpoint
CREATE TRIGGER assets_update_refresh_asset_detail AFTER UPDATE ON assets
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION assets_refresh_asset_detail();--> statement-breakpoint
CREATE FUNCTION asset_rows_refresh_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM refresh_asset_details(ARRAY(SELECT DISTINCT o.asset_id FROM old_rows o));
  ELSE PERFORM refresh_asset_details(ARRAY(SELECT DISTINCT n.asset_id FROM new_rows n)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER asset_components_insert_refresh_asset_detail AFTER INSERT ON asset_components
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_rows_refresh_asset_detail();--> statement-breakpoint
-- Components and inspections are never moved between elevators: the new rows name them all.
CREATE TRIGGER asset_components_update_refresh_asset_detail AFTER UPDATE ON asset_components
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_rows_refresh_asset_detail();--> statement-breakpoint
CREATE TRIGGER asset_components_delete_refresh_asset_detail AFTER DELETE ON asset_components
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_rows_refresh_asset_detail();--> statement-breakpoint
-- An inspection's date is refreshed with the visit (asset_inspections_refresh_visit); its
-- body, notes or report are not.
CREATE TRIGGER asset_inspections_update_refresh_asset_detail AFTER UPDATE ON asset_inspections
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_rows_refresh_asset_detail();--> statement-breakpoint
-- Findings: an order linked to an inspection, added, removed, re-linked, or whose status moves
-- (open or not). The elevator is the inspection's.
CREATE FUNCTION work_orders_refresh_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_asset_details(ARRAY(SELECT DISTINCT ai.asset_id FROM asset_inspections ai
    WHERE ai.id IN (SELECT f.inspection_id FROM changed_orders f WHERE f.inspection_id IS NOT NULL)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_insert_refresh_asset_detail AFTER INSERT ON work_orders
REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION work_orders_refresh_asset_detail();--> statement-breakpoint
CREATE TRIGGER work_orders_delete_refresh_asset_detail AFTER DELETE ON work_orders
REFERENCING OLD TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION work_orders_refresh_asset_detail();--> statement-breakpoint
CREATE FUNCTION work_orders_update_refresh_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_asset_details(ARRAY(SELECT DISTINCT ai.asset_id FROM asset_inspections ai WHERE ai.id IN (OLD.inspection_id, NEW.inspection_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_update_refresh_asset_detail AFTER UPDATE OF status, inspection_id ON work_orders
FOR EACH ROW WHEN ((OLD.inspection_id IS NOT NULL OR NEW.inspection_id IS NOT NULL)
  AND (OLD.status, OLD.inspection_id) IS DISTINCT FROM (NEW.status, NEW.inspection_id))
EXECUTE FUNCTION work_orders_update_refresh_asset_detail();--> statement-breakpoint
-- Renames and vocabulary changes reach many elevators: their details are marked stale (read
-- live, correct) for the background refill (assets.refill.ts) to rebuild.
CREATE FUNCTION categories_stale_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_details d SET body = NULL WHERE d.body IS NOT NULL AND d.asset_id IN (
    SELECT a.id FROM assets a WHERE a.category_id = NEW.id
    UNION SELECT ac.asset_id FROM asset_components ac WHERE ac.type_id = NEW.id AND ac.removed_at IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_stale_asset_detail AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_stale_asset_detail();--> statement-breakpoint
CREATE FUNCTION locations_stale_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_details d SET body = NULL WHERE d.body IS NOT NULL AND d.asset_id IN (
    SELECT a.id FROM assets a WHERE a.location_id = NEW.id OR a.site_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_stale_asset_detail AFTER UPDATE OF name, address, city, guardian_name, guardian_phone ON locations
FOR EACH ROW WHEN ((OLD.name, OLD.address, OLD.city, OLD.guardian_name, OLD.guardian_phone)
  IS DISTINCT FROM (NEW.name, NEW.address, NEW.city, NEW.guardian_name, NEW.guardian_phone))
EXECUTE FUNCTION locations_stale_asset_detail();--> statement-breakpoint
CREATE FUNCTION task_templates_stale_asset_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_details SET body = NULL WHERE body IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER task_templates_stale_asset_detail AFTER INSERT OR UPDATE OR DELETE ON task_templates
FOR EACH STATEMENT EXECUTE FUNCTION task_templates_stale_asset_detail();--> statement-breakpoint
SELECT refresh_all_asset_details();
