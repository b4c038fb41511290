-- The listing's row of each work order, kept as JSON text by the writers (issue 16): a page
-- of the triage listing is then one index range of stored text, sent as it is, instead of 50
-- objects built per request (the asset, its place and site, the assignees aggregated, five
-- timestamps formatted: about 27 µs a row). The shape is the WorkOrder of the contract,
-- exactly the fields of `summaryColumns` (work-orders.detail.queries.ts); a test compares
-- the two on every order of its fixture.
ALTER TABLE work_orders ADD COLUMN list_row text;--> statement-breakpoint
CREATE FUNCTION work_order_list_row(w work_orders) RETURNS text LANGUAGE sql STABLE AS $$
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
    'releasedAt', to_char(w.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
  FROM assets a JOIN locations l ON l.id = a.location_id JOIN locations s ON s.id = coalesce(l.parent_id, l.id)
  WHERE a.id = w.asset_id
$$;--> statement-breakpoint
-- Every insert, and every update of a listed column, rebuilds the order's row. Writers of the
-- other tables ask for a rebuild by setting list_row to NULL (in the column list below).
CREATE FUNCTION work_orders_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := work_order_list_row(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_build_list_row BEFORE INSERT OR UPDATE OF
  reference, type, status, priority, person_blocked, asset_id, description, due_at, period_key,
  created_at, started_at, completed_at, cancelled_at, released_at, list_row
ON work_orders FOR EACH ROW EXECUTE FUNCTION work_orders_build_list_row();--> statement-breakpoint
-- Assignees added or removed.
CREATE FUNCTION work_order_assignees_rebuild_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders SET list_row = NULL WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.work_order_id ELSE NEW.work_order_id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_order_assignees_rebuild_list_row AFTER INSERT OR DELETE ON work_order_assignees
FOR EACH ROW EXECUTE FUNCTION work_order_assignees_rebuild_list_row();--> statement-breakpoint
-- An elevator renamed, re-branded or moved.
CREATE FUNCTION assets_rebuild_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders SET list_row = NULL WHERE asset_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_rebuild_list_rows AFTER UPDATE OF reference, brand, location_id ON assets
FOR EACH ROW WHEN ((OLD.reference, OLD.brand, OLD.location_id) IS DISTINCT FROM (NEW.reference, NEW.brand, NEW.location_id))
EXECUTE FUNCTION assets_rebuild_list_rows();--> statement-breakpoint
-- A site or zone renamed, or a zone moved to another site: the orders of the elevators placed
-- in it or in its zones.
CREATE FUNCTION locations_rebuild_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders SET list_row = NULL WHERE asset_id IN (
    SELECT a.id FROM assets a JOIN locations l ON l.id = a.location_id WHERE l.id = NEW.id OR l.parent_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_rebuild_list_rows AFTER UPDATE OF name, parent_id ON locations
FOR EACH ROW WHEN ((OLD.name, OLD.parent_id) IS DISTINCT FROM (NEW.name, NEW.parent_id))
EXECUTE FUNCTION locations_rebuild_list_rows();--> statement-breakpoint
-- A person renamed: the orders they are assigned to.
CREATE FUNCTION users_rebuild_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders SET list_row = NULL WHERE id IN (SELECT work_order_id FROM work_order_assignees WHERE user_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rebuild_list_rows AFTER UPDATE OF display_name ON users
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION users_rebuild_list_rows();--> statement-breakpoint
UPDATE work_orders SET list_row = NULL;--> statement-breakpoint
ALTER TABLE work_orders ALTER COLUMN list_row SET NOT NULL;
