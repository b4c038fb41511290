CREATE TABLE "asset_inspections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"report_document_id" uuid,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_inspections_body_check" CHECK (char_length("asset_inspections"."body") BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "asset_inspections" ADD CONSTRAINT "asset_inspections_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_inspections" ADD CONSTRAINT "asset_inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_inspections_asset_idx" ON "asset_inspections" USING btree ("asset_id","inspected_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_inspection_id_asset_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."asset_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_done_task_idx" ON "checklist_items" USING btree ("work_order_id","task_template_id") WHERE "checklist_items"."status" = 'DONE' AND "checklist_items"."task_template_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "work_orders_inspection_idx" ON "work_orders" USING btree ("inspection_id","status") WHERE "work_orders"."inspection_id" IS NOT NULL;--> statement-breakpoint
-- The technical inspection's report is a document of the elevator (the service checks that it
-- is this elevator's); declared here rather than in assets.tables.ts, whose import of
-- documents.tables.ts would close a cycle through work-orders.tables.ts.
ALTER TABLE "asset_inspections" ADD CONSTRAINT "asset_inspections_report_document_id_documents_id_fk" FOREIGN KEY ("report_document_id") REFERENCES "public"."documents"("id") ON DELETE SET NULL ON UPDATE no action;--> statement-breakpoint
-- Work orders carry where they come from (issue 18 §2): `origin` and `inspectionId` in the
-- stored list row (0013) and the stored detail (0017, 0020). The origin is derived:
-- INSPECTION_FINDING (inspection_id set), REQUEST (a request was approved into it),
-- PREVENTIVE (a grid), else MANUAL.
CREATE OR REPLACE FUNCTION work_order_list_row(w work_orders) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', w.id, 'reference', w.reference, 'type', w.type, 'status', w.status, 'priority', w.priority,
    'personBlocked', w.person_blocked,
    'asset', json_build_object('id', a.id, 'reference', a.reference, 'brand', a.brand,
      'locationId', l.id, 'locationName', l.name, 'siteId', s.id, 'siteName', s.name),
    'description', w.description,
    'dueAt', to_char(w.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'periodKey', w.period_key,
    'assignees', coalesce((
      SELECT json_agg(json_build_object('id', u.id, 'displayName', u.display_name) ORDER BY lower(u.display_name), u.id)
      FROM work_order_assignees wa JOIN users u ON u.id = wa.user_id
      WHERE wa.work_order_id = w.id), '[]'::json),
    'createdAt', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'startedAt', to_char(w.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedAt', to_char(w.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancelledAt', to_char(w.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'releasedAt', to_char(w.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'origin', CASE WHEN w.inspection_id IS NOT NULL THEN 'INSPECTION_FINDING'
      WHEN EXISTS (SELECT 1 FROM requests r WHERE r.work_order_id = w.id) THEN 'REQUEST'
      WHEN w.type = 'PREVENTIVE' THEN 'PREVENTIVE' ELSE 'MANUAL' END,
    'inspectionId', w.inspection_id)::text
  FROM assets a JOIN locations l ON l.id = a.location_id JOIN locations s ON s.id = coalesce(l.parent_id, l.id)
  WHERE a.id = w.asset_id
$$;--> statement-breakpoint
DROP TRIGGER work_orders_build_list_row ON work_orders;--> statement-breakpoint
CREATE TRIGGER work_orders_build_list_row BEFORE INSERT OR UPDATE OF
  reference, type, status, priority, person_blocked, asset_id, description, due_at, period_key,
  created_at, started_at, completed_at, cancelled_at, released_at, inspection_id, list_row
ON work_orders FOR EACH ROW EXECUTE FUNCTION work_orders_build_list_row();--> statement-breakpoint
-- A request approved into an order (or unlinked) changes the order's origin: rebuild its row.
CREATE FUNCTION requests_rebuild_work_order_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.work_order_id IS NOT NULL THEN
    UPDATE work_orders SET list_row = NULL WHERE id = OLD.work_order_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.work_order_id IS NOT NULL THEN
    UPDATE work_orders SET list_row = NULL WHERE id = NEW.work_order_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_rebuild_work_order_list_row AFTER INSERT OR UPDATE OF work_order_id OR DELETE ON requests
FOR EACH ROW EXECUTE FUNCTION requests_rebuild_work_order_list_row();--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_order_detail_body(o uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'id', work_orders.id, 'reference', work_orders.reference, 'type', work_orders.type, 'status', work_orders.status,
    'priority', work_orders.priority, 'personBlocked', work_orders.person_blocked,
    'asset', json_build_object('id', assets.id, 'reference', assets.reference, 'brand', assets.brand,
      'locationId', locations.id, 'locationName', locations.name, 'siteId', site.id, 'siteName', site.name),
    'description', work_orders.description,
    'dueAt', to_char(work_orders.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'periodKey', work_orders.period_key,
    'assignees', coalesce((
      SELECT json_agg(json_build_object('id', u.id, 'displayName', u.display_name) ORDER BY lower(u.display_name), u.id)
      FROM work_order_assignees wa JOIN users u ON u.id = wa.user_id
      WHERE wa.work_order_id = work_orders.id), '[]'::json),
    'createdAt', to_char(work_orders.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'startedAt', to_char(work_orders.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completedAt', to_char(work_orders.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancelledAt', to_char(work_orders.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'releasedAt', to_char(work_orders.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancelReason', work_orders.cancel_reason,
    -- The requesting user's name, else the name left by someone without an account.
    'requester', (
      SELECT CASE WHEN coalesce(ru.display_name, work_orders.requester_name) IS NULL THEN NULL
        ELSE json_build_object('id', ru.id, 'displayName', coalesce(ru.display_name, work_orders.requester_name)) END
      FROM (SELECT 1) one LEFT JOIN users ru ON ru.id = work_orders.requester_id),
    'createdBy', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = work_orders.created_by),
    'request', (SELECT json_build_object('id', r.id, 'reference', r.reference) FROM requests r WHERE r.work_order_id = work_orders.id),
    'firstControl', work_orders.first_control,
    -- Breakdown times (CORRECTIVE only): the call is the request's creation, else the order's.
    'callReceivedAt', to_char(bt.call_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'arrivedAt', to_char(work_orders.arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'leftAt', to_char(work_orders.left_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'arrivalDelayMinutes', floor(extract(epoch FROM work_orders.arrived_at - bt.call_at) / 60)::int,
    'releaseDelayMinutes', floor(extract(epoch FROM work_orders.released_at - bt.call_at) / 60)::int,
    -- Where the order comes from (issue 18 §2): derived, never stored (work-orders.origin.ts).
    'origin', CASE WHEN work_orders.inspection_id IS NOT NULL THEN 'INSPECTION_FINDING'
      WHEN EXISTS (SELECT 1 FROM requests r WHERE r.work_order_id = work_orders.id) THEN 'REQUEST'
      WHEN work_orders.type = 'PREVENTIVE' THEN 'PREVENTIVE' ELSE 'MANUAL' END,
    'inspectionId', work_orders.inspection_id,
    'updatedAt', to_char(work_orders.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'checklist', coalesce((
      SELECT json_agg(json_build_object('id', c.id, 'label', c.label, 'position', c.position, 'status', c.status,
          'updatedBy', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = c.updated_by),
          'updatedAt', to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY c.position, c.id)
      FROM (SELECT * FROM checklist_items ci WHERE ci.work_order_id = work_orders.id ORDER BY ci.position, ci.id LIMIT 200) c), '[]'::json),
    'comments', coalesce((
      SELECT json_agg(json_build_object('id', c.id,
          'author', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = c.author_id),
          'body', c.body, 'createdAt', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY c.created_at, c.id)
      FROM (SELECT * FROM work_order_comments wc WHERE wc.work_order_id = work_orders.id
            ORDER BY wc.created_at DESC, wc.id DESC LIMIT 500) c), '[]'::json),
    'report', json_build_object(
      'symptom', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_symptom_id),
      'component', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_component_id),
      'cause', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_cause_id),
      'action', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_action_id),
      'result', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_result_id),
      'circumstance', (SELECT json_build_object('id', rv.id, 'label', rv.label) FROM reference_values rv WHERE rv.id = work_orders.report_circumstance_id),
      'notes', work_orders.report_notes,
      'updatedAt', to_char(work_orders.report_updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedBy', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = work_orders.report_updated_by)),
    'activity', coalesce((
      SELECT json_agg(json_build_object('id', e.id, 'kind', e.kind,
          'actor', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = e.actor_id),
          'at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'payload', e.payload) ORDER BY e.at, e.id)
      FROM (SELECT * FROM work_order_events we WHERE we.work_order_id = work_orders.id
            ORDER BY we.at DESC, we.id DESC LIMIT 1000) e), '[]'::json))::text
  FROM work_orders
    JOIN assets ON assets.id = work_orders.asset_id
    JOIN locations ON locations.id = assets.location_id
    JOIN locations site ON site.id = locations.site_id
    CROSS JOIN LATERAL (SELECT CASE WHEN work_orders.type = 'CORRECTIVE' THEN coalesce(
      (SELECT r.created_at FROM requests r WHERE r.work_order_id = work_orders.id), work_orders.created_at) END AS call_at) bt
  WHERE work_orders.id = o);
END $$;--> statement-breakpoint
DROP TRIGGER work_orders_refresh_detail ON work_orders;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_refresh_detail AFTER INSERT OR UPDATE OF
  reference, type, status, priority, person_blocked, asset_id, description, due_at, created_by, requester_id, requester_name,
  cancel_reason, started_at, completed_at, cancelled_at, released_at, period_key, first_control,
  report_symptom_id, report_component_id, report_cause_id, report_action_id, report_result_id, report_circumstance_id,
  report_updated_at, report_updated_by, report_notes, created_at, updated_at, arrived_at, left_at, inspection_id
ON work_orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_refresh_detail();--> statement-breakpoint
-- Every stored row and detail lacks the two new fields: rows rebuilt now, details read live
-- until the background refill rebuilds them.
UPDATE work_orders SET list_row = NULL;--> statement-breakpoint
UPDATE work_order_details SET body = NULL, costs = NULL;
