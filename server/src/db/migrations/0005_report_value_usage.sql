ALTER TABLE "reference_values" ADD COLUMN "usage_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_values" ADD CONSTRAINT "reference_values_usage_count_check" CHECK ("reference_values"."usage_count" >= 0);--> statement-breakpoint
-- Backfill from the reports themselves (the ALTER above holds the table's lock until commit).
UPDATE "reference_values" rv SET "usage_count" = u.n FROM (
  SELECT id, count(*)::int AS n FROM (SELECT x.v AS id, 1 AS n FROM "work_orders" r CROSS JOIN LATERAL (VALUES (r."report_symptom_id"), (r."report_component_id"), (r."report_cause_id"), (r."report_action_id"), (r."report_result_id"), (r."report_circumstance_id")) x(v) WHERE x.v IS NOT NULL) s GROUP BY id
) u WHERE rv."id" = u.id;--> statement-breakpoint
-- The counts follow every write of a report, whatever module or seeder makes it, once per
-- statement (a set-based insert of 250,000 orders updates each value once, not per row).
-- The values are locked in id order before they change, so that two reports swapping values
-- cannot deadlock.
CREATE FUNCTION "work_orders_report_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(id, n) INTO delta FROM (
      SELECT id, sum(n) AS n FROM (SELECT x.v AS id, 1 AS n FROM new_rows r CROSS JOIN LATERAL (VALUES (r."report_symptom_id"), (r."report_component_id"), (r."report_cause_id"), (r."report_action_id"), (r."report_result_id"), (r."report_circumstance_id")) x(v) WHERE x.v IS NOT NULL) s GROUP BY id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(id, n) INTO delta FROM (
      SELECT id, sum(n) AS n FROM (SELECT x.v AS id, -1 AS n FROM old_rows r CROSS JOIN LATERAL (VALUES (r."report_symptom_id"), (r."report_component_id"), (r."report_cause_id"), (r."report_action_id"), (r."report_result_id"), (r."report_circumstance_id")) x(v) WHERE x.v IS NOT NULL) s GROUP BY id) d;
  ELSE
    SELECT jsonb_object_agg(id, n) INTO delta FROM (
      SELECT id, sum(n) AS n FROM (SELECT x.v AS id, 1 AS n FROM new_rows r CROSS JOIN LATERAL (VALUES (r."report_symptom_id"), (r."report_component_id"), (r."report_cause_id"), (r."report_action_id"), (r."report_result_id"), (r."report_circumstance_id")) x(v) WHERE x.v IS NOT NULL UNION ALL SELECT x.v AS id, -1 AS n FROM old_rows r CROSS JOIN LATERAL (VALUES (r."report_symptom_id"), (r."report_component_id"), (r."report_cause_id"), (r."report_action_id"), (r."report_result_id"), (r."report_circumstance_id")) x(v) WHERE x.v IS NOT NULL) s
      GROUP BY id HAVING sum(n) <> 0) d;
  END IF;
  IF delta IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM "reference_values" WHERE "id" IN (SELECT key::uuid FROM jsonb_each_text(delta)) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "reference_values" rv SET "usage_count" = rv."usage_count" + d.value::int
    FROM jsonb_each_text(delta) d WHERE rv."id" = d.key::uuid;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with transition tables takes one event.
CREATE TRIGGER "work_orders_report_usage_insert" AFTER INSERT ON "work_orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "work_orders_report_usage"();--> statement-breakpoint
CREATE TRIGGER "work_orders_report_usage_update" AFTER UPDATE ON "work_orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "work_orders_report_usage"();--> statement-breakpoint
CREATE TRIGGER "work_orders_report_usage_delete" AFTER DELETE ON "work_orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "work_orders_report_usage"();
