-- A technician's own orders in the triage order without fetching them all (issue 16): each
-- assignment carries its order's sort key (blocked person, priority rank, creation time), kept
-- by triggers, so that a page of "my orders" is read in order from an index and stops at the
-- page's end; the orders someone created are read the same way from work_orders.
ALTER TABLE work_order_assignees ADD COLUMN person_blocked boolean, ADD COLUMN priority_rank integer, ADD COLUMN order_created_at timestamptz;--> statement-breakpoint
UPDATE work_order_assignees x SET person_blocked = w.person_blocked, priority_rank = w.priority_rank, order_created_at = w.created_at
FROM work_orders w WHERE w.id = x.work_order_id;--> statement-breakpoint
ALTER TABLE work_order_assignees ALTER COLUMN person_blocked SET NOT NULL, ALTER COLUMN priority_rank SET NOT NULL, ALTER COLUMN order_created_at SET NOT NULL;--> statement-breakpoint
-- A new assignment takes its order's key.
CREATE FUNCTION work_order_assignees_take_triage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT w.person_blocked, w.priority_rank, w.created_at INTO NEW.person_blocked, NEW.priority_rank, NEW.order_created_at
  FROM work_orders w WHERE w.id = NEW.work_order_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER work_order_assignees_take_triage BEFORE INSERT ON work_order_assignees
FOR EACH ROW EXECUTE FUNCTION work_order_assignees_take_triage();--> statement-breakpoint
-- An order whose key changes (a person reported blocked, another priority) passes it on.
CREATE FUNCTION work_orders_pass_triage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_order_assignees SET person_blocked = NEW.person_blocked, priority_rank = NEW.priority_rank, order_created_at = NEW.created_at
  WHERE work_order_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_pass_triage AFTER UPDATE OF person_blocked, priority_rank, created_at ON work_orders
FOR EACH ROW WHEN ((OLD.person_blocked, OLD.priority_rank, OLD.created_at) IS DISTINCT FROM (NEW.person_blocked, NEW.priority_rank, NEW.created_at))
EXECUTE FUNCTION work_orders_pass_triage();--> statement-breakpoint
CREATE INDEX work_order_assignees_triage_idx ON work_order_assignees
  (user_id, person_blocked DESC NULLS LAST, priority_rank DESC NULLS LAST, order_created_at, work_order_id);--> statement-breakpoint
CREATE INDEX work_orders_created_by_triage_idx ON work_orders
  (created_by, person_blocked DESC NULLS LAST, priority_rank DESC NULLS LAST, created_at, id);
