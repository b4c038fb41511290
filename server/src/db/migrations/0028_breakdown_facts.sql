CREATE TABLE "breakdown_facts" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"call_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"arrival_minutes" integer,
	"release_minutes" integer,
	"breakdown" boolean NOT NULL,
	"repair" boolean NOT NULL,
	"called_back" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breakdown_facts" ADD CONSTRAINT "breakdown_facts_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The summary's two reads (analytics.legal.queries.ts), index-only: the repairs of a period by
-- completion, and the timed orders of a period by creation (the period rule of the times).
CREATE INDEX breakdown_facts_repairs_idx ON breakdown_facts (completed_at) INCLUDE (called_back, asset_id, work_order_id) WHERE repair;--> statement-breakpoint
CREATE INDEX breakdown_facts_times_idx ON breakdown_facts (created_at) INCLUDE (arrival_minutes, release_minutes, asset_id, work_order_id)
  WHERE arrival_minutes IS NOT NULL OR release_minutes IS NOT NULL;--> statement-breakpoint
CREATE INDEX breakdown_facts_asset_idx ON breakdown_facts (asset_id);--> statement-breakpoint
-- A breakdown's circumstance: none, or none of maintenance visit, technical inspection,
-- modernisation works. The labels are those of assets.logbook.queries.ts `isBreakdown` and
-- assets.visits.queries.ts `VISIT_CIRCUMSTANCES` (analytics.facts.test.ts checks the stored
-- facts against those live definitions).
CREATE FUNCTION is_breakdown_circumstance(circumstance uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT circumstance IS NULL OR NOT EXISTS (SELECT 1 FROM reference_values rv
    WHERE rv.id = circumstance AND rv.field = 'CIRCUMSTANCE' AND lower(rv.label) IN
      ('visite d’entretien', 'visite d''entretien', 'visite préventive', 'contrôle technique quinquennal', 'travaux de modernisation'))
$$;--> statement-breakpoint
-- The facts of the corrective orders (cancelled ones excepted) of the given elevators: the call
-- is the linked request's creation, else the order's (`callAtOf`); a repair is called back when
-- another breakdown of the elevator was called at most 30 × 24 h after its completion, the bound
-- included (docs/analytics.md). The calls are computed once; the callbacks by one join of the
-- repairs to the breakdowns on the elevator (a correlated probe per repair scanned every call of
-- the set: hours for the whole fleet).
CREATE FUNCTION breakdown_fact_rows(asset_ids uuid[]) RETURNS SETOF breakdown_facts LANGUAGE sql STABLE AS $$
  WITH o AS MATERIALIZED (
    SELECT w.id, w.asset_id, w.created_at, w.completed_at, w.arrived_at, w.released_at, w.person_blocked,
      is_breakdown_circumstance(w.report_circumstance_id) AS breakdown, w.status = 'DONE' AND is_breakdown_circumstance(w.report_circumstance_id) AS repair,
      coalesce((SELECT r.created_at FROM requests r WHERE r.work_order_id = w.id), w.created_at) AS call_at
    FROM work_orders w
    WHERE w.asset_id = ANY(asset_ids) AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED'
  ), called_back AS (
    SELECT DISTINCT r.id FROM o r JOIN o c ON c.asset_id = r.asset_id AND c.id <> r.id AND c.breakdown
      AND c.call_at BETWEEN r.completed_at AND r.completed_at + make_interval(days => 30)
    WHERE r.repair
  )
  SELECT o.id, o.asset_id, o.created_at, o.call_at, o.completed_at,
    floor(extract(epoch FROM o.arrived_at - o.call_at) / 60)::int,
    CASE WHEN o.person_blocked THEN floor(extract(epoch FROM o.released_at - o.call_at) / 60)::int END,
    o.breakdown, o.repair, b.id IS NOT NULL
  FROM o LEFT JOIN called_back b ON b.id = o.id
$$;--> statement-breakpoint
-- Recomputes one elevator's rows (a few dozen). Serialised per elevator on its asset_visits row
-- (migration 0022, same pattern): the lock in a statement of its own, so that the computation
-- (the next statements, fresh snapshots) sees every write committed before it; a repair closed
-- while its callback is created in another session is then flagged by whichever commits last.
-- Never writes work_orders (it would lock other orders: deadlocks).
CREATE FUNCTION refresh_breakdown_facts(asset uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_visits WHERE asset_id = asset FOR UPDATE;
  DELETE FROM breakdown_facts WHERE asset_id = asset;
  INSERT INTO breakdown_facts SELECT * FROM breakdown_fact_rows(ARRAY[asset]);
END $$;--> statement-breakpoint
-- Every elevator at once: the backfill below, the scale seed after its bulk loads
-- (seed/bulk-load.ts `setDetailTriggers`), and a circumstance renamed (rare).
CREATE FUNCTION refresh_all_breakdown_facts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_visits ORDER BY asset_id FOR UPDATE;
  DELETE FROM breakdown_facts;
  INSERT INTO breakdown_facts SELECT * FROM breakdown_fact_rows(ARRAY(SELECT id FROM assets));
END $$;--> statement-breakpoint
-- A corrective order entered, closed, reopened, cancelled, re-coded, re-timed or moved: its
-- elevator's rows (and the one it left). Off during the scale seed's bulk loads.
CREATE FUNCTION work_orders_refresh_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_breakdown_facts(OLD.asset_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.asset_id IS DISTINCT FROM OLD.asset_id) THEN PERFORM refresh_breakdown_facts(NEW.asset_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes once per statement and elevator: a statement writing many orders of one
-- elevator (a seed, an import) would otherwise recompute that elevator once per order.
CREATE FUNCTION work_orders_refresh_facts_of_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  asset uuid;
BEGIN
  FOR asset IN SELECT DISTINCT c.asset_id FROM changed_orders c WHERE c.type = 'CORRECTIVE' ORDER BY c.asset_id LOOP
    PERFORM refresh_breakdown_facts(asset);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_insert_refresh_facts AFTER INSERT ON work_orders
REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION work_orders_refresh_facts_of_statement();--> statement-breakpoint
CREATE TRIGGER work_orders_update_refresh_facts AFTER UPDATE OF status, type, completed_at, created_at, arrived_at, released_at, person_blocked, report_circumstance_id, asset_id ON work_orders
FOR EACH ROW WHEN ((OLD.type = 'CORRECTIVE' OR NEW.type = 'CORRECTIVE')
  AND (OLD.status, OLD.type, OLD.completed_at, OLD.created_at, OLD.arrived_at, OLD.released_at, OLD.person_blocked, OLD.report_circumstance_id, OLD.asset_id)
    IS DISTINCT FROM (NEW.status, NEW.type, NEW.completed_at, NEW.created_at, NEW.arrived_at, NEW.released_at, NEW.person_blocked, NEW.report_circumstance_id, NEW.asset_id))
EXECUTE FUNCTION work_orders_refresh_facts();--> statement-breakpoint
CREATE TRIGGER work_orders_delete_refresh_facts AFTER DELETE ON work_orders
REFERENCING OLD TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION work_orders_refresh_facts_of_statement();--> statement-breakpoint
-- A request linked to an order, unlinked, or removed: the order's call changes.
CREATE FUNCTION requests_refresh_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE asset uuid;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.work_order_id IS NOT NULL THEN
    SELECT w.asset_id INTO asset FROM work_orders w WHERE w.id = OLD.work_order_id AND w.type = 'CORRECTIVE';
    IF asset IS NOT NULL THEN PERFORM refresh_breakdown_facts(asset); END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.work_order_id IS NOT NULL THEN
    asset := NULL;
    SELECT w.asset_id INTO asset FROM work_orders w WHERE w.id = NEW.work_order_id AND w.type = 'CORRECTIVE';
    IF asset IS NOT NULL THEN PERFORM refresh_breakdown_facts(asset); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_insert_refresh_facts AFTER INSERT ON requests
FOR EACH ROW WHEN (NEW.work_order_id IS NOT NULL) EXECUTE FUNCTION requests_refresh_facts();--> statement-breakpoint
CREATE TRIGGER requests_update_refresh_facts AFTER UPDATE OF work_order_id, created_at ON requests
FOR EACH ROW WHEN (OLD.work_order_id IS DISTINCT FROM NEW.work_order_id OR (NEW.work_order_id IS NOT NULL AND OLD.created_at IS DISTINCT FROM NEW.created_at))
EXECUTE FUNCTION requests_refresh_facts();--> statement-breakpoint
CREATE TRIGGER requests_delete_refresh_facts AFTER DELETE ON requests
FOR EACH ROW WHEN (OLD.work_order_id IS NOT NULL) EXECUTE FUNCTION requests_refresh_facts();--> statement-breakpoint
-- A circumstance renamed to or from a visit's, an inspection's or works' label.
CREATE FUNCTION reference_values_refresh_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_all_breakdown_facts();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reference_values_refresh_facts AFTER UPDATE OF label ON reference_values
FOR EACH ROW WHEN (OLD.field = 'CIRCUMSTANCE' AND lower(OLD.label) IS DISTINCT FROM lower(NEW.label)) EXECUTE FUNCTION reference_values_refresh_facts();--> statement-breakpoint
SELECT refresh_all_breakdown_facts();
