CREATE TABLE "work_order_month_stats" (
	"month" date NOT NULL,
	"location_id" uuid NOT NULL,
	"opened_corrective" integer DEFAULT 0 NOT NULL,
	"opened_preventive" integer DEFAULT 0 NOT NULL,
	"closed_corrective" integer DEFAULT 0 NOT NULL,
	"closed_preventive" integer DEFAULT 0 NOT NULL,
	"breakdowns" integer DEFAULT 0 NOT NULL,
	"trapped_calls" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"release_ms" bigint DEFAULT 0 NOT NULL,
	"released_within_hour" integer DEFAULT 0 NOT NULL,
	"repairs" integer DEFAULT 0 NOT NULL,
	"repair_ms" bigint DEFAULT 0 NOT NULL,
	"grids_generated" integer DEFAULT 0 NOT NULL,
	"grids_completed" integer DEFAULT 0 NOT NULL,
	"parts_cost_cents" bigint DEFAULT 0 NOT NULL,
	"labor_rate_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_month_stats_month_location_id_pk" PRIMARY KEY("month","location_id")
);
--> statement-breakpoint
ALTER TABLE "work_order_month_stats" ADD CONSTRAINT "work_order_month_stats_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What one order, consumption or labour line adds to the counters of a location (`loc`),
-- with a sign (`s`: +1 counts it, -1 takes it back): rows of the counters' own type, summed
-- and added by work_order_stats_add. The triggers below call them with static statements
-- (plans kept by PL/pgSQL), into which they are inlined: an order's transition pays for no
-- planning. Columns, not whole rows, as arguments: an inlined whole-row argument trips the
-- planner (PostgreSQL 15 to 17, "variable not found in subplan target list"), and a function
-- kept out of line would be planned again at each call.
CREATE FUNCTION "work_order_stats_of_order"(type text, status text, person_blocked boolean, created_at timestamptz,
  completed_at timestamptz, released_at timestamptz, period_key text, loc uuid, s int) RETURNS SETOF work_order_month_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, loc,
         s * (type = 'CORRECTIVE')::int, s * (type = 'PREVENTIVE')::int, 0, 0,
         s * b.breakdown::int, s * (b.breakdown AND person_blocked)::int, s * b.released::int,
         CASE WHEN b.released THEN s * round(extract(epoch FROM released_at - created_at) * 1000)::bigint ELSE 0::bigint END,
         s * (b.released AND released_at - created_at <= interval '1 hour')::int,
         0, 0::bigint, 0, 0, 0::bigint, 0::bigint
  FROM (SELECT type = 'CORRECTIVE' AND status <> 'CANCELLED' AS breakdown,
               type = 'CORRECTIVE' AND status <> 'CANCELLED' AND person_blocked AND released_at IS NOT NULL AS released) b
  UNION ALL
  SELECT date_trunc('month', completed_at AT TIME ZONE 'UTC')::date, loc,
         0, 0, s * (type = 'CORRECTIVE')::int, s * (type = 'PREVENTIVE')::int, 0, 0, 0, 0::bigint, 0,
         s * (type = 'CORRECTIVE')::int,
         CASE WHEN type = 'CORRECTIVE' THEN s * round(extract(epoch FROM completed_at - created_at) * 1000)::bigint ELSE 0::bigint END,
         0, 0, 0::bigint, 0::bigint
  WHERE status = 'DONE' AND completed_at IS NOT NULL
  UNION ALL
  SELECT (period_key || '-01')::date, loc, 0, 0, 0, 0, 0, 0, 0, 0::bigint, 0, 0, 0::bigint,
         s, s * (status = 'DONE')::int, 0::bigint, 0::bigint
  WHERE period_key IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "work_order_stats_of_movement"(kind text, quantity int, unit_price_cents int, created_at timestamptz, loc uuid, s int)
RETURNS SETOF work_order_month_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, loc, 0, 0, 0, 0, 0, 0, 0, 0::bigint, 0, 0, 0::bigint, 0, 0,
         s * -quantity::bigint * coalesce(unit_price_cents, 0), 0::bigint
  WHERE kind = 'CONSUMPTION'
$$;--> statement-breakpoint
CREATE FUNCTION "work_order_stats_of_labor"(worked_on date, minutes int, hourly_rate_cents int, loc uuid, s int)
RETURNS SETOF work_order_month_stats LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', worked_on)::date, loc, 0, 0, 0, 0, 0, 0, 0, 0::bigint, 0, 0, 0::bigint, 0, 0,
         0::bigint, s * minutes::bigint * hourly_rate_cents
$$;--> statement-breakpoint
-- Adds contributions: one INSERT … ON CONFLICT per statement of the writer, rows in key order
-- (two writers cannot wait on each other's counters), nothing locked for a net change of zero.
CREATE FUNCTION "work_order_stats_add"(c work_order_month_stats[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO work_order_month_stats AS t
  SELECT x.month, x.location_id, sum(x.opened_corrective), sum(x.opened_preventive), sum(x.closed_corrective), sum(x.closed_preventive),
    sum(x.breakdowns), sum(x.trapped_calls), sum(x.released), sum(x.release_ms), sum(x.released_within_hour), sum(x.repairs), sum(x.repair_ms),
    sum(x.grids_generated), sum(x.grids_completed), sum(x.parts_cost_cents), sum(x.labor_rate_minutes)
  FROM unnest(c) x
  GROUP BY x.month, x.location_id
  HAVING sum(abs(x.opened_corrective) + abs(x.opened_preventive) + abs(x.closed_corrective) + abs(x.closed_preventive) + abs(x.breakdowns)
    + abs(x.trapped_calls) + abs(x.released) + abs(x.release_ms) + abs(x.released_within_hour) + abs(x.repairs) + abs(x.repair_ms)
    + abs(x.grids_generated) + abs(x.grids_completed) + abs(x.parts_cost_cents) + abs(x.labor_rate_minutes)) <> 0
  ORDER BY x.month, x.location_id
  ON CONFLICT (month, location_id) DO UPDATE SET
    opened_corrective = t.opened_corrective + EXCLUDED.opened_corrective, opened_preventive = t.opened_preventive + EXCLUDED.opened_preventive,
    closed_corrective = t.closed_corrective + EXCLUDED.closed_corrective, closed_preventive = t.closed_preventive + EXCLUDED.closed_preventive,
    breakdowns = t.breakdowns + EXCLUDED.breakdowns, trapped_calls = t.trapped_calls + EXCLUDED.trapped_calls,
    released = t.released + EXCLUDED.released, release_ms = t.release_ms + EXCLUDED.release_ms,
    released_within_hour = t.released_within_hour + EXCLUDED.released_within_hour,
    repairs = t.repairs + EXCLUDED.repairs, repair_ms = t.repair_ms + EXCLUDED.repair_ms,
    grids_generated = t.grids_generated + EXCLUDED.grids_generated, grids_completed = t.grids_completed + EXCLUDED.grids_completed,
    parts_cost_cents = t.parts_cost_cents + EXCLUDED.parts_cost_cents, labor_rate_minutes = t.labor_rate_minutes + EXCLUDED.labor_rate_minutes;
END $$;--> statement-breakpoint
-- Orders: counted where their asset is; an order given another asset takes its parts and
-- labour with it. Most updates change nothing counted and add nothing.
CREATE FUNCTION "work_order_stats_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM work_order_stats_add(ARRAY(
      SELECT c FROM new_rows n JOIN assets a ON a.id = n.asset_id, work_order_stats_of_order(n.type, n.status, n.person_blocked, n.created_at, n.completed_at, n.released_at, n.period_key, a.location_id, 1) c));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM work_order_stats_add(ARRAY(
      SELECT c FROM old_rows o JOIN assets a ON a.id = o.asset_id, work_order_stats_of_order(o.type, o.status, o.person_blocked, o.created_at, o.completed_at, o.released_at, o.period_key, a.location_id, -1) c));
  ELSE
    PERFORM work_order_stats_add(ARRAY(
      WITH changed AS (
        SELECT n.id, na.location_id AS now_at, oa.location_id AS was_at, n.asset_id <> o.asset_id AS moved
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN assets na ON na.id = n.asset_id JOIN assets oa ON oa.id = o.asset_id
        WHERE (n.asset_id, n.type, n.status, n.person_blocked, n.created_at, n.completed_at, n.released_at, n.period_key)
              IS DISTINCT FROM (o.asset_id, o.type, o.status, o.person_blocked, o.created_at, o.completed_at, o.released_at, o.period_key))
      SELECT c FROM changed JOIN new_rows n ON n.id = changed.id, work_order_stats_of_order(n.type, n.status, n.person_blocked, n.created_at, n.completed_at, n.released_at, n.period_key, changed.now_at, 1) c
      UNION ALL SELECT c FROM changed JOIN old_rows o ON o.id = changed.id, work_order_stats_of_order(o.type, o.status, o.person_blocked, o.created_at, o.completed_at, o.released_at, o.period_key, changed.was_at, -1) c
      UNION ALL SELECT c FROM changed JOIN stock_movements x ON x.work_order_id = changed.id AND changed.moved,
        work_order_stats_of_movement(x.kind, x.quantity, x.unit_price_cents, x.created_at, changed.now_at, 1) c
      UNION ALL SELECT c FROM changed JOIN stock_movements x ON x.work_order_id = changed.id AND changed.moved,
        work_order_stats_of_movement(x.kind, x.quantity, x.unit_price_cents, x.created_at, changed.was_at, -1) c
      UNION ALL SELECT c FROM changed JOIN work_order_labor x ON x.work_order_id = changed.id AND changed.moved,
        work_order_stats_of_labor(x.worked_on, x.minutes, x.hourly_rate_cents, changed.now_at, 1) c
      UNION ALL SELECT c FROM changed JOIN work_order_labor x ON x.work_order_id = changed.id AND changed.moved,
        work_order_stats_of_labor(x.worked_on, x.minutes, x.hourly_rate_cents, changed.was_at, -1) c));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_insert" AFTER INSERT ON "work_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_update" AFTER UPDATE ON "work_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_delete" AFTER DELETE ON "work_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
-- Parts consumed (the ledger is append-only: inserts only; receipts and manual entries cost no
-- order anything).
CREATE FUNCTION "work_order_stats_follow_movements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM work_order_stats_add(ARRAY(
    SELECT c FROM new_rows n JOIN work_orders w ON w.id = n.work_order_id JOIN assets a ON a.id = w.asset_id,
      work_order_stats_of_movement(n.kind, n.quantity, n.unit_price_cents, n.created_at, a.location_id, 1) c
    WHERE n.kind = 'CONSUMPTION'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_movements" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_movements"();--> statement-breakpoint
-- Labour lines.
CREATE FUNCTION "work_order_stats_follow_labor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM work_order_stats_add(ARRAY(
      SELECT c FROM new_rows n JOIN work_orders w ON w.id = n.work_order_id JOIN assets a ON a.id = w.asset_id,
        work_order_stats_of_labor(n.worked_on, n.minutes, n.hourly_rate_cents, a.location_id, 1) c));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM work_order_stats_add(ARRAY(
      SELECT c FROM old_rows o JOIN work_orders w ON w.id = o.work_order_id JOIN assets a ON a.id = w.asset_id,
        work_order_stats_of_labor(o.worked_on, o.minutes, o.hourly_rate_cents, a.location_id, -1) c));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_insert" AFTER INSERT ON "work_order_labor" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_labor"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_update" AFTER UPDATE ON "work_order_labor" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_labor"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_delete" AFTER DELETE ON "work_order_labor" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_labor"();--> statement-breakpoint
-- An asset moved to another location takes all its counted history with it.
CREATE FUNCTION "work_order_stats_follow_assets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM work_order_stats_add(ARRAY(
    WITH moved AS (
      SELECT n.id, n.location_id AS now_at, o.location_id AS was_at
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.location_id <> n.location_id)
    SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id, work_order_stats_of_order(w.type, w.status, w.person_blocked, w.created_at, w.completed_at, w.released_at, w.period_key, moved.now_at, 1) c
    UNION ALL SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id, work_order_stats_of_order(w.type, w.status, w.person_blocked, w.created_at, w.completed_at, w.released_at, w.period_key, moved.was_at, -1) c
    UNION ALL SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id JOIN stock_movements x ON x.work_order_id = w.id,
      work_order_stats_of_movement(x.kind, x.quantity, x.unit_price_cents, x.created_at, moved.now_at, 1) c
    UNION ALL SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id JOIN stock_movements x ON x.work_order_id = w.id,
      work_order_stats_of_movement(x.kind, x.quantity, x.unit_price_cents, x.created_at, moved.was_at, -1) c
    UNION ALL SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id JOIN work_order_labor x ON x.work_order_id = w.id,
      work_order_stats_of_labor(x.worked_on, x.minutes, x.hourly_rate_cents, moved.now_at, 1) c
    UNION ALL SELECT c FROM moved JOIN work_orders w ON w.asset_id = moved.id JOIN work_order_labor x ON x.work_order_id = w.id,
      work_order_stats_of_labor(x.worked_on, x.minutes, x.hourly_rate_cents, moved.was_at, -1) c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_assets" AFTER UPDATE ON "assets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_assets"();--> statement-breakpoint
-- The history already stored.
SELECT work_order_stats_add(ARRAY(
  SELECT c FROM work_orders w JOIN assets a ON a.id = w.asset_id, work_order_stats_of_order(w.type, w.status, w.person_blocked, w.created_at, w.completed_at, w.released_at, w.period_key, a.location_id, 1) c
  UNION ALL SELECT c FROM stock_movements x JOIN work_orders w ON w.id = x.work_order_id JOIN assets a ON a.id = w.asset_id,
    work_order_stats_of_movement(x.kind, x.quantity, x.unit_price_cents, x.created_at, a.location_id, 1) c
  UNION ALL SELECT c FROM work_order_labor x JOIN work_orders w ON w.id = x.work_order_id JOIN assets a ON a.id = w.asset_id,
    work_order_stats_of_labor(x.worked_on, x.minutes, x.hourly_rate_cents, a.location_id, 1) c));--> statement-breakpoint
-- What the counters cannot hold, read live: grids late now, breakdowns per elevator.
CREATE INDEX work_orders_open_grid_idx ON work_orders (period_key) INCLUDE (due_at, asset_id)
  WHERE period_key IS NOT NULL AND status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD');--> statement-breakpoint
CREATE INDEX work_orders_breakdown_idx ON work_orders (created_at) INCLUDE (asset_id)
  WHERE type = 'CORRECTIVE' AND status <> 'CANCELLED';
--> statement-breakpoint
-- Search (docs/analytics.md): the words of each order's description stored with it, so that a
-- search reading the newest orders first tests each one in a microsecond instead of
-- computing its words again (the expression index of 0007 made that 15 µs a row).
DROP INDEX work_orders_search_idx;--> statement-breakpoint
ALTER TABLE work_orders ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('palier_fr'::regconfig, coalesce(description, ''))) STORED;--> statement-breakpoint
CREATE INDEX work_orders_search_vector_idx ON work_orders USING gin (search_vector);
