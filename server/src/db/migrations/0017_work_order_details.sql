CREATE TABLE "work_order_details" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"body" text,
	"costs" text,
	"built_xid" bigint
);
--> statement-breakpoint
ALTER TABLE "work_order_details" ADD CONSTRAINT "work_order_details_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_details_stale_idx" ON "work_order_details" USING btree ("work_order_id") WHERE "work_order_details"."body" IS NULL;--> statement-breakpoint
-- Each work order's detail kept as the JSON text its readers get (issue 16), as the listings
-- keep their rows (0013, 0015, 0016): a detail read is then one row of stored text beside the
-- scope check, without some forty index probes and the JSON built at every call. What depends
-- on the caller (allowed moves, closure blockers, abilities) is added by the service.
-- `work_order_detail_body` is the WorkOrderDetail but `costs` and those three, in the
-- contract's field order; `work_order_detail_costs` the cost block. plpgsql, so that each
-- session keeps their plans.
CREATE FUNCTION work_order_detail_body(o uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
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
  WHERE work_orders.id = o);
END $$;--> statement-breakpoint
-- Parts lines are the order's consumptions in the ledger, labour lines its work_order_labor
-- rows, each with its price frozen at entry; the oldest first of the last 500 of each; the
-- totals add every line.
CREATE FUNCTION work_order_detail_costs(o uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'parts', coalesce((
      SELECT json_agg(json_build_object('id', m.id, 'partId', m.part_id,
          'partReference', (SELECT p.reference FROM parts p WHERE p.id = m.part_id),
          'designation', (SELECT p.designation FROM parts p WHERE p.id = m.part_id),
          'quantity', -m.quantity, 'unitPriceCents', m.unit_price_cents, 'totalCents', (-m.quantity)::bigint * m.unit_price_cents,
          'consumedBy', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = m.actor_id),
          'consumedAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY m.created_at, m.id)
      FROM (SELECT * FROM stock_movements sm WHERE sm.work_order_id = o
            ORDER BY sm.created_at DESC, sm.id DESC LIMIT 500) m), '[]'::json),
    'labor', coalesce((
      SELECT json_agg(json_build_object('id', l.id,
          'person', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = l.user_id),
          'workedOn', to_char(l.worked_on, 'YYYY-MM-DD'),
          'minutes', l.minutes, 'hourlyRateCents', l.hourly_rate_cents, 'totalCents', ((l.minutes::bigint * l.hourly_rate_cents + 30) / 60),
          'createdBy', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = l.created_by),
          'createdAt', to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY l.created_at, l.id)
      FROM (SELECT * FROM work_order_labor wl WHERE wl.work_order_id = o
            ORDER BY wl.created_at DESC, wl.id DESC LIMIT 500) l), '[]'::json),
    'partsCents', sums.parts,
    'laborCents', sums.labor,
    'totalCents', sums.parts + sums.labor)::text
  FROM (SELECT (SELECT coalesce(sum((-c.quantity)::bigint * c.unit_price_cents), 0) FROM stock_movements c WHERE c.work_order_id = o) AS parts,
               (SELECT coalesce(sum((c.minutes::bigint * c.hourly_rate_cents + 30) / 60), 0) FROM work_order_labor c WHERE c.work_order_id = o) AS labor) sums
  WHERE EXISTS (SELECT 1 FROM work_orders WHERE id = o));
END $$;--> statement-breakpoint
-- Rebuilds an order's stored detail, once per transaction, at its commit (the triggers below
-- are deferred): the first rebuild sees everything the transaction wrote, the later ones
-- skip. The row is locked before it is built, and built by a statement that starts after the
-- lock: a concurrent writer of the same order waits, then rebuilds from what it can now see.
-- Renames take the advisory lock 727465017 alone (below) before marking details stale; a
-- rebuild holds it shared, so that a rename's list of orders and a rebuild never miss each
-- other. A set-based writer sets palier.work_order_details to 'stale' for its transaction
-- and marks its orders stale itself (one statement rather than a rebuild per order).
CREATE FUNCTION work_order_detail_refresh(o uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE me bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF o IS NULL OR current_setting('palier.work_order_details', true) = 'stale'
     OR EXISTS (SELECT 1 FROM work_order_details WHERE work_order_id = o AND built_xid = me) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727465017);
  INSERT INTO work_order_details (work_order_id) SELECT o WHERE EXISTS (SELECT 1 FROM work_orders WHERE id = o) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM work_order_details WHERE work_order_id = o FOR UPDATE;
  UPDATE work_order_details SET body = work_order_detail_body(o), costs = work_order_detail_costs(o), built_xid = me WHERE work_order_id = o;
END $$;--> statement-breakpoint
CREATE FUNCTION work_orders_refresh_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM work_order_detail_refresh(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The columns the detail shows (list_row and search_vector are not among them: the listing's
-- rename triggers rewrite list_row alone and must not rebuild details one by one).
CREATE CONSTRAINT TRIGGER work_orders_refresh_detail AFTER INSERT OR UPDATE OF
  reference, type, status, priority, person_blocked, asset_id, description, due_at, created_by, requester_id, requester_name,
  cancel_reason, started_at, completed_at, cancelled_at, released_at, period_key, first_control,
  report_symptom_id, report_component_id, report_cause_id, report_action_id, report_result_id, report_circumstance_id,
  report_updated_at, report_updated_by, report_notes, created_at, updated_at
ON work_orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_refresh_detail();--> statement-breakpoint
-- What hangs from an order: assignees, checklist, comments, activity, labour, consumptions,
-- the request linked to it.
CREATE FUNCTION work_order_part_refresh_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM work_order_detail_refresh(OLD.work_order_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.work_order_id IS DISTINCT FROM OLD.work_order_id) THEN
    PERFORM work_order_detail_refresh(NEW.work_order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_order_assignees_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON work_order_assignees
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checklist_items_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON checklist_items
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_order_comments_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON work_order_comments
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_order_events_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON work_order_events
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_order_labor_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON work_order_labor
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_movements_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON stock_movements
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER requests_refresh_detail AFTER INSERT OR UPDATE OF work_order_id, reference OR DELETE ON requests
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_order_part_refresh_detail();--> statement-breakpoint
-- Renames shown in many details (a person, an elevator, a place, a report label, a part):
-- the details showing them are marked stale, read live and rebuilt in the background
-- (WorkOrderDetails.refill). Named to fire after the listings' rename triggers, which lock
-- the orders' rows: taking the advisory lock last keeps a rename and a rebuild from waiting
-- on each other in a circle.
CREATE FUNCTION work_order_details_mark_stale(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  UPDATE work_order_details SET body = NULL, costs = NULL WHERE work_order_id = ANY(ids) AND body IS NOT NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION users_stale_work_order_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  PERFORM work_order_details_mark_stale(ARRAY(
    SELECT work_order_id FROM work_order_assignees WHERE user_id = NEW.id
    UNION SELECT id FROM work_orders WHERE created_by = NEW.id OR requester_id = NEW.id OR report_updated_by = NEW.id
    UNION SELECT work_order_id FROM checklist_items WHERE updated_by = NEW.id
    UNION SELECT work_order_id FROM work_order_comments WHERE author_id = NEW.id
    UNION SELECT work_order_id FROM work_order_events WHERE actor_id = NEW.id
    UNION SELECT work_order_id FROM stock_movements WHERE actor_id = NEW.id AND work_order_id IS NOT NULL
    UNION SELECT work_order_id FROM work_order_labor WHERE user_id = NEW.id OR created_by = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_stale_work_order_details AFTER UPDATE OF display_name ON users
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION users_stale_work_order_details();--> statement-breakpoint
CREATE FUNCTION assets_stale_work_order_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  PERFORM work_order_details_mark_stale(ARRAY(SELECT id FROM work_orders WHERE asset_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_stale_work_order_details AFTER UPDATE OF reference, brand, location_id ON assets
FOR EACH ROW WHEN ((OLD.reference, OLD.brand, OLD.location_id) IS DISTINCT FROM (NEW.reference, NEW.brand, NEW.location_id))
EXECUTE FUNCTION assets_stale_work_order_details();--> statement-breakpoint
CREATE FUNCTION locations_stale_work_order_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  PERFORM work_order_details_mark_stale(ARRAY(
    SELECT w.id FROM work_orders w JOIN assets a ON a.id = w.asset_id JOIN locations l ON l.id = a.location_id
    WHERE l.id = NEW.id OR l.site_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_stale_work_order_details AFTER UPDATE OF name, parent_id, site_id ON locations
FOR EACH ROW WHEN ((OLD.name, OLD.parent_id, OLD.site_id) IS DISTINCT FROM (NEW.name, NEW.parent_id, NEW.site_id))
EXECUTE FUNCTION locations_stale_work_order_details();--> statement-breakpoint
CREATE FUNCTION reference_values_stale_work_order_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  PERFORM work_order_details_mark_stale(ARRAY(SELECT id FROM work_orders WHERE NEW.id IN
    (report_symptom_id, report_component_id, report_cause_id, report_action_id, report_result_id, report_circumstance_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reference_values_stale_work_order_details AFTER UPDATE OF label ON reference_values
FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label)
EXECUTE FUNCTION reference_values_stale_work_order_details();--> statement-breakpoint
CREATE FUNCTION parts_stale_work_order_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  PERFORM work_order_details_mark_stale(ARRAY(
    SELECT DISTINCT work_order_id FROM stock_movements WHERE part_id = NEW.id AND work_order_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_stale_work_order_details AFTER UPDATE OF reference, designation ON parts
FOR EACH ROW WHEN ((OLD.reference, OLD.designation) IS DISTINCT FROM (NEW.reference, NEW.designation))
EXECUTE FUNCTION parts_stale_work_order_details();--> statement-breakpoint
-- Every existing order starts stale: the service rebuilds them in the background.
INSERT INTO work_order_details (work_order_id) SELECT id FROM work_orders;
