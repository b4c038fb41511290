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
-- The statement that adds contributions to the counters. Its three sources are SQL texts
-- giving, for each order / movement / labour line counted, its location (`loc`) and a sign
-- (`s`: +1 counts it, -1 takes it back). The trigger functions EXECUTE it themselves: only
-- their own statements see the transition tables (new_rows, old_rows).
CREATE FUNCTION "work_order_stats_sql"(orders text, movements text, labor text) RETURNS text
LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
WITH o AS (%s), m AS (%s), l AS (%s), c AS (
  SELECT o.loc, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date AS month,
         o.s * (o.type = 'CORRECTIVE')::int AS opened_corrective, o.s * (o.type = 'PREVENTIVE')::int AS opened_preventive,
         0 AS closed_corrective, 0 AS closed_preventive,
         o.s * b.breakdown::int AS breakdowns, o.s * (b.breakdown AND o.person_blocked)::int AS trapped_calls,
         o.s * b.released::int AS released,
         CASE WHEN b.released THEN o.s * round(extract(epoch FROM o.released_at - o.created_at) * 1000)::bigint ELSE 0 END AS release_ms,
         o.s * (b.released AND o.released_at - o.created_at <= interval '1 hour')::int AS released_within_hour,
         0 AS repairs, 0::bigint AS repair_ms, 0 AS grids_generated, 0 AS grids_completed, 0::bigint AS parts_cost_cents, 0::bigint AS labor_rate_minutes
  FROM o CROSS JOIN LATERAL (SELECT o.type = 'CORRECTIVE' AND o.status <> 'CANCELLED' AS breakdown,
                                    o.type = 'CORRECTIVE' AND o.status <> 'CANCELLED' AND o.person_blocked AND o.released_at IS NOT NULL AS released) b
  UNION ALL
  SELECT o.loc, date_trunc('month', o.completed_at AT TIME ZONE 'UTC')::date,
         0, 0, o.s * (o.type = 'CORRECTIVE')::int, o.s * (o.type = 'PREVENTIVE')::int, 0, 0, 0, 0, 0,
         o.s * (o.type = 'CORRECTIVE')::int,
         CASE WHEN o.type = 'CORRECTIVE' THEN o.s * round(extract(epoch FROM o.completed_at - o.created_at) * 1000)::bigint ELSE 0 END,
         0, 0, 0, 0
  FROM o WHERE o.status = 'DONE' AND o.completed_at IS NOT NULL
  UNION ALL
  SELECT o.loc, (o.period_key || '-01')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, o.s, o.s * (o.status = 'DONE')::int, 0, 0
  FROM o WHERE o.period_key IS NOT NULL
  UNION ALL
  SELECT m.loc, date_trunc('month', m.created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
         m.s * -m.quantity::bigint * coalesce(m.unit_price_cents, 0), 0
  FROM m WHERE m.kind = 'CONSUMPTION'
  UNION ALL
  SELECT l.loc, date_trunc('month', l.worked_on)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
         l.s * l.minutes::bigint * l.hourly_rate_cents
  FROM l
)
INSERT INTO work_order_month_stats AS t (month, location_id, opened_corrective, opened_preventive, closed_corrective, closed_preventive,
  breakdowns, trapped_calls, released, release_ms, released_within_hour, repairs, repair_ms, grids_generated, grids_completed,
  parts_cost_cents, labor_rate_minutes)
SELECT month, loc, sum(opened_corrective), sum(opened_preventive), sum(closed_corrective), sum(closed_preventive),
  sum(breakdowns), sum(trapped_calls), sum(released), sum(release_ms), sum(released_within_hour), sum(repairs), sum(repair_ms),
  sum(grids_generated), sum(grids_completed), sum(parts_cost_cents), sum(labor_rate_minutes)
FROM c GROUP BY month, loc
-- An update that changes nothing counted (most of them) locks no counter row.
HAVING sum(abs(opened_corrective) + abs(opened_preventive) + abs(closed_corrective) + abs(closed_preventive) + abs(breakdowns)
  + abs(trapped_calls) + abs(released) + abs(release_ms) + abs(released_within_hour) + abs(repairs) + abs(repair_ms)
  + abs(grids_generated) + abs(grids_completed) + abs(parts_cost_cents) + abs(labor_rate_minutes)) <> 0
-- Rows locked in key order: two writers cannot wait on each other's counters.
ORDER BY month, loc
ON CONFLICT (month, location_id) DO UPDATE SET
  opened_corrective = t.opened_corrective + EXCLUDED.opened_corrective, opened_preventive = t.opened_preventive + EXCLUDED.opened_preventive,
  closed_corrective = t.closed_corrective + EXCLUDED.closed_corrective, closed_preventive = t.closed_preventive + EXCLUDED.closed_preventive,
  breakdowns = t.breakdowns + EXCLUDED.breakdowns, trapped_calls = t.trapped_calls + EXCLUDED.trapped_calls,
  released = t.released + EXCLUDED.released, release_ms = t.release_ms + EXCLUDED.release_ms,
  released_within_hour = t.released_within_hour + EXCLUDED.released_within_hour,
  repairs = t.repairs + EXCLUDED.repairs, repair_ms = t.repair_ms + EXCLUDED.repair_ms,
  grids_generated = t.grids_generated + EXCLUDED.grids_generated, grids_completed = t.grids_completed + EXCLUDED.grids_completed,
  parts_cost_cents = t.parts_cost_cents + EXCLUDED.parts_cost_cents, labor_rate_minutes = t.labor_rate_minutes + EXCLUDED.labor_rate_minutes
$q$,
  coalesce(orders, 'SELECT NULL::uuid AS loc, 0 AS s, w.* FROM work_orders w WHERE false'),
  coalesce(movements, 'SELECT NULL::uuid AS loc, 0 AS s, x.* FROM stock_movements x WHERE false'),
  coalesce(labor, 'SELECT NULL::uuid AS loc, 0 AS s, x.* FROM work_order_labor x WHERE false'))
$f$;--> statement-breakpoint
-- Orders: counted where their asset is; an order moved to another asset takes its parts and
-- labour with it.
CREATE FUNCTION "work_order_stats_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added CONSTANT text := 'SELECT a.location_id AS loc, 1 AS s, n.* FROM new_rows n JOIN assets a ON a.id = n.asset_id';
  taken CONSTANT text := 'SELECT a.location_id AS loc, -1 AS s, o.* FROM old_rows o JOIN assets a ON a.id = o.asset_id';
  moved CONSTANT text := 'FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.asset_id <> n.asset_id
    JOIN assets na ON na.id = n.asset_id JOIN assets oa ON oa.id = o.asset_id';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE work_order_stats_sql(added, NULL, NULL);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE work_order_stats_sql(taken, NULL, NULL);
  ELSIF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE (n.asset_id, n.type, n.status, n.person_blocked, n.created_at, n.completed_at, n.released_at, n.period_key)
                      IS DISTINCT FROM (o.asset_id, o.type, o.status, o.person_blocked, o.created_at, o.completed_at, o.released_at, o.period_key)) THEN
    -- (Most updates change nothing counted: they skip the dynamic statement and its planning.)
    EXECUTE work_order_stats_sql(added || ' UNION ALL ' || taken,
      format('SELECT na.location_id AS loc, 1 AS s, x.* %1$s JOIN stock_movements x ON x.work_order_id = n.id
              UNION ALL SELECT oa.location_id, -1, x.* %1$s JOIN stock_movements x ON x.work_order_id = n.id', moved),
      format('SELECT na.location_id AS loc, 1 AS s, x.* %1$s JOIN work_order_labor x ON x.work_order_id = n.id
              UNION ALL SELECT oa.location_id, -1, x.* %1$s JOIN work_order_labor x ON x.work_order_id = n.id', moved));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_insert" AFTER INSERT ON "work_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_update" AFTER UPDATE ON "work_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_delete" AFTER DELETE ON "work_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_orders"();--> statement-breakpoint
-- Parts consumed (the ledger is append-only: inserts only) and labour lines.
CREATE FUNCTION "work_order_stats_follow_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added CONSTANT text := 'SELECT a.location_id AS loc, 1 AS s, n.* FROM new_rows n JOIN work_orders w ON w.id = n.work_order_id JOIN assets a ON a.id = w.asset_id';
  taken CONSTANT text := 'SELECT a.location_id AS loc, -1 AS s, o.* FROM old_rows o JOIN work_orders w ON w.id = o.work_order_id JOIN assets a ON a.id = w.asset_id';
  src text;
BEGIN
  src := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN taken ELSE added || ' UNION ALL ' || taken END;
  IF TG_TABLE_NAME = 'stock_movements' THEN
    -- Receipts and manual entries cost no order anything.
    IF EXISTS (SELECT 1 FROM new_rows WHERE kind = 'CONSUMPTION') THEN
      EXECUTE work_order_stats_sql(NULL, src, NULL);
    END IF;
  ELSE
    EXECUTE work_order_stats_sql(NULL, NULL, src);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_movements" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_lines"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_insert" AFTER INSERT ON "work_order_labor" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_lines"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_update" AFTER UPDATE ON "work_order_labor" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_lines"();--> statement-breakpoint
CREATE TRIGGER "work_order_stats_labor_delete" AFTER DELETE ON "work_order_labor" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_lines"();--> statement-breakpoint
-- An asset moved to another location takes all its counted history with it.
CREATE FUNCTION "work_order_stats_follow_assets"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved CONSTANT text := 'FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.location_id <> n.location_id JOIN work_orders w ON w.asset_id = n.id';
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.location_id <> n.location_id) THEN RETURN NULL; END IF;
  EXECUTE work_order_stats_sql(
    format('SELECT n.location_id AS loc, 1 AS s, w.* %1$s UNION ALL SELECT o.location_id, -1, w.* %1$s', moved),
    format('SELECT n.location_id AS loc, 1 AS s, x.* %1$s JOIN stock_movements x ON x.work_order_id = w.id
            UNION ALL SELECT o.location_id, -1, x.* %1$s JOIN stock_movements x ON x.work_order_id = w.id', moved),
    format('SELECT n.location_id AS loc, 1 AS s, x.* %1$s JOIN work_order_labor x ON x.work_order_id = w.id
            UNION ALL SELECT o.location_id, -1, x.* %1$s JOIN work_order_labor x ON x.work_order_id = w.id', moved));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_order_stats_assets" AFTER UPDATE ON "assets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_stats_follow_assets"();--> statement-breakpoint
-- The history already stored.
DO $$ BEGIN
  EXECUTE work_order_stats_sql(
    'SELECT a.location_id AS loc, 1 AS s, w.* FROM work_orders w JOIN assets a ON a.id = w.asset_id',
    'SELECT a.location_id AS loc, 1 AS s, x.* FROM stock_movements x JOIN work_orders w ON w.id = x.work_order_id JOIN assets a ON a.id = w.asset_id',
    'SELECT a.location_id AS loc, 1 AS s, x.* FROM work_order_labor x JOIN work_orders w ON w.id = x.work_order_id JOIN assets a ON a.id = w.asset_id');
END $$;--> statement-breakpoint
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
