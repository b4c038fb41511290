ALTER TABLE "work_orders" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_left_after_arrival_check" CHECK ("work_orders"."left_at" IS NULL OR ("work_orders"."arrived_at" IS NOT NULL AND "work_orders"."left_at" >= "work_orders"."arrived_at"));--> statement-breakpoint
-- Breakdown times (issue 18 §3) in the stored detail: the call, the arrival, the departure and
-- the delays from the call (whole minutes, rounded down), beside releasedAt.
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
-- The detail shows the two new columns: the rebuild trigger watches them too.
DROP TRIGGER work_orders_refresh_detail ON work_orders;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_refresh_detail AFTER INSERT OR UPDATE OF
  reference, type, status, priority, person_blocked, asset_id, description, due_at, created_by, requester_id, requester_name,
  cancel_reason, started_at, completed_at, cancelled_at, released_at, period_key, first_control,
  report_symptom_id, report_component_id, report_cause_id, report_action_id, report_result_id, report_circumstance_id,
  report_updated_at, report_updated_by, report_notes, created_at, updated_at, arrived_at, left_at
ON work_orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_refresh_detail();--> statement-breakpoint
-- Every stored detail lacks the new fields: read live until the background refill rebuilds it.
UPDATE work_order_details SET body = NULL, costs = NULL;
