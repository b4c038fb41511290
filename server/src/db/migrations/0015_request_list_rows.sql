-- The listing's row of each request, kept as JSON text by the writers (issue 16), as the work
-- orders keep theirs (0013): a page of requests is then the triage index's range of stored
-- text instead of four lookups and one JSON object built per row (about 40 µs a row at
-- scale). The shape is the contract's RequestSummary without `abilities` (the caller's,
-- appended to each row by the service); requests.list-rows.test.ts checks every stored row
-- against this function after every kind of write that changes what a row shows.
ALTER TABLE requests ADD COLUMN list_row text;--> statement-breakpoint
CREATE FUNCTION request_list_row(r requests) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', r.id, 'reference', r.reference, 'status', r.status, 'source', r.source,
    'asset', (SELECT json_build_object('id', a.id, 'reference', a.reference, 'siteName', s.name)
      FROM assets a JOIN locations s ON s.id = a.site_id WHERE a.id = r.asset_id),
    'description', r.description, 'personBlocked', r.person_blocked,
    'requester', json_build_object('id', r.requested_by,
      'displayName', coalesce((SELECT u.display_name FROM users u WHERE u.id = r.requested_by), r.contact_name),
      'contactPhone', r.contact_phone),
    'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'handledAt', to_char(r.handled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'handledBy', (SELECT json_build_object('id', u.id, 'displayName', u.display_name) FROM users u WHERE u.id = r.handled_by),
    'rejectionReason', r.rejection_reason,
    'workOrder', (SELECT json_build_object('id', w.id, 'reference', w.reference, 'status', w.status) FROM work_orders w WHERE w.id = r.work_order_id)
  )::text
$$;--> statement-breakpoint
-- Every insert, and every update of a listed column, rebuilds the request's row. Writers of
-- the other tables ask for a rebuild by setting list_row to NULL (in the column list below).
CREATE FUNCTION requests_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := request_list_row(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_build_list_row BEFORE INSERT OR UPDATE OF
  reference, status, source, asset_id, description, person_blocked, requested_by, contact_name, contact_phone,
  created_at, handled_at, handled_by, rejection_reason, work_order_id, list_row
ON requests FOR EACH ROW EXECUTE FUNCTION requests_build_list_row();--> statement-breakpoint
-- An elevator renumbered or moved to another site (a zone moved takes its elevators along: 0014).
CREATE FUNCTION assets_rebuild_request_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET list_row = NULL WHERE asset_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_rebuild_request_rows AFTER UPDATE OF reference, site_id ON assets
FOR EACH ROW WHEN ((OLD.reference, OLD.site_id) IS DISTINCT FROM (NEW.reference, NEW.site_id))
EXECUTE FUNCTION assets_rebuild_request_rows();--> statement-breakpoint
-- A site renamed: the requests on its elevators.
CREATE FUNCTION locations_rebuild_request_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET list_row = NULL WHERE asset_id IN (SELECT a.id FROM assets a WHERE a.site_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_rebuild_request_rows AFTER UPDATE OF name ON locations
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION locations_rebuild_request_rows();--> statement-breakpoint
-- A person renamed: the requests they made or handled.
CREATE FUNCTION users_rebuild_request_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET list_row = NULL WHERE requested_by = NEW.id OR handled_by = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rebuild_request_rows AFTER UPDATE OF display_name ON users
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION users_rebuild_request_rows();--> statement-breakpoint
-- The order a request was approved into: its reference and its status are shown.
CREATE FUNCTION work_orders_rebuild_request_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET list_row = NULL WHERE work_order_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_rebuild_request_row AFTER UPDATE OF reference, status ON work_orders
FOR EACH ROW WHEN ((OLD.reference, OLD.status) IS DISTINCT FROM (NEW.reference, NEW.status))
EXECUTE FUNCTION work_orders_rebuild_request_row();--> statement-breakpoint
UPDATE requests SET list_row = NULL;--> statement-breakpoint
ALTER TABLE requests ALTER COLUMN list_row SET NOT NULL;
