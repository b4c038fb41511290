CREATE TABLE "asset_visits" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"last_visit_at" timestamp with time zone,
	"visit_due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "asset_visits" ADD CONSTRAINT "asset_visits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_visits_due_idx" ON "asset_visits" USING btree ("visit_due_at") WHERE "asset_visits"."visit_due_at" IS NOT NULL;--> statement-breakpoint
-- The last visit of an elevator: the definition of docs/compliance.md (a finished grid, or a
-- finished order whose report's circumstance is a maintenance visit), the same as the detail's
-- (assets.visits.queries.ts `lastVisitAt`, which calls this function).
CREATE FUNCTION asset_last_visit_at(asset uuid) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT GREATEST(
    (SELECT w.completed_at FROM work_orders w
      WHERE w.asset_id = asset AND w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL
      ORDER BY w.completed_at DESC NULLS LAST LIMIT 1),
    (SELECT max(cv.completed_at) FROM reference_values rv
      CROSS JOIN LATERAL (SELECT w.completed_at FROM work_orders w
        WHERE w.asset_id = asset AND w.report_circumstance_id = rv.id AND w.status = 'DONE' AND w.completed_at IS NOT NULL
        ORDER BY w.completed_at DESC NULLS LAST LIMIT 1) cv
      WHERE rv.field = 'CIRCUMSTANCE' AND lower(rv.label) IN ('visite d’entretien', 'visite d''entretien', 'visite préventive')))
$$;--> statement-breakpoint
-- 42 days after the last visit; never visited, after the later of the register entry and the
-- commissioning; null out of contract.
CREATE FUNCTION asset_visit_due_at(under_contract boolean, last_visit_at timestamptz, created_at timestamptz, commissioned_at timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN under_contract THEN coalesce(last_visit_at, GREATEST(created_at, commissioned_at)) + make_interval(days => 42) END
$$;--> statement-breakpoint
-- Recomputes one elevator's row. The row is locked first, in a statement of its own, so that the
-- computation (the next statement, a fresh snapshot) sees every close committed before it.
CREATE FUNCTION refresh_asset_visit(asset uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM asset_visits WHERE asset_id = asset FOR UPDATE;
  UPDATE asset_visits v SET last_visit_at = l.at, visit_due_at = asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(asset) AS at) l
  WHERE v.asset_id = asset AND a.id = asset;
END $$;--> statement-breakpoint
-- An elevator entered, or its contract or dates changed.
CREATE FUNCTION assets_refresh_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_visits (asset_id, last_visit_at, visit_due_at)
  VALUES (NEW.id, NULL, asset_visit_due_at(NEW.under_contract, NULL, NEW.created_at, NEW.commissioned_at))
  ON CONFLICT (asset_id) DO NOTHING;
  IF TG_OP = 'UPDATE' THEN PERFORM refresh_asset_visit(NEW.id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_refresh_visit AFTER INSERT OR UPDATE OF under_contract, created_at, commissioned_at ON assets
FOR EACH ROW EXECUTE FUNCTION assets_refresh_visit();--> statement-breakpoint
-- An order finished, reopened by a correction, re-coded or moved: its elevator's last visit.
-- Off during the scale seed's bulk loads, which recompute every elevator after them
-- (seed/bulk-load.ts `setDetailTriggers`).
CREATE FUNCTION work_orders_refresh_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_asset_visit(OLD.asset_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.asset_id IS DISTINCT FROM OLD.asset_id) THEN PERFORM refresh_asset_visit(NEW.asset_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER work_orders_insert_refresh_visit AFTER INSERT ON work_orders
FOR EACH ROW WHEN (NEW.status = 'DONE') EXECUTE FUNCTION work_orders_refresh_visit();--> statement-breakpoint
CREATE TRIGGER work_orders_update_refresh_visit AFTER UPDATE OF status, completed_at, type, report_circumstance_id, asset_id ON work_orders
FOR EACH ROW WHEN (OLD.status = 'DONE' OR NEW.status = 'DONE') EXECUTE FUNCTION work_orders_refresh_visit();--> statement-breakpoint
CREATE TRIGGER work_orders_delete_refresh_visit AFTER DELETE ON work_orders
FOR EACH ROW WHEN (OLD.status = 'DONE') EXECUTE FUNCTION work_orders_refresh_visit();--> statement-breakpoint
-- Every elevator at once: the migration's backfill, the scale seed after its bulk loads, and a
-- circumstance renamed to or from a visit's label (rare: the vocabulary's administrator).
CREATE FUNCTION refresh_all_asset_visits() RETURNS void LANGUAGE sql AS $$
  INSERT INTO asset_visits (asset_id, last_visit_at, visit_due_at)
  SELECT a.id, l.at, asset_visit_due_at(a.under_contract, l.at, a.created_at, a.commissioned_at)
  FROM assets a, LATERAL (SELECT asset_last_visit_at(a.id) AS at) l
  ON CONFLICT (asset_id) DO UPDATE SET last_visit_at = EXCLUDED.last_visit_at, visit_due_at = EXCLUDED.visit_due_at
$$;--> statement-breakpoint
CREATE FUNCTION reference_values_refresh_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_all_asset_visits();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reference_values_refresh_visits AFTER UPDATE OF label ON reference_values
FOR EACH ROW WHEN (OLD.field = 'CIRCUMSTANCE' AND lower(OLD.label) IS DISTINCT FROM lower(NEW.label)) EXECUTE FUNCTION reference_values_refresh_visits();--> statement-breakpoint
SELECT refresh_all_asset_visits();
