ALTER TABLE "work_order_details" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "assignee_ids" uuid[];--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "symptom_set" boolean;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "cause_set" boolean;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "action_set" boolean;--> statement-breakpoint
ALTER TABLE "work_order_details" ADD COLUMN "todo_count" integer;--> statement-breakpoint
-- What a read of the detail needs beside its text (the scope check, the caller's allowed moves,
-- abilities and closure blockers), kept in the detail's row by the statement that builds the
-- text: getWorkOrder is then one key probe, as getAsset is (0030). The same data as the text,
-- so the same triggers keep both: a rebuild (work_order_detail_refresh, the background refill)
-- writes both, a rename marks both stale, and a stale row is read live (detail.queries.ts).
CREATE FUNCTION work_order_detail_facts(o uuid, OUT site_id uuid, OUT status text, OUT type text, OUT created_by uuid,
  OUT assignee_ids uuid[], OUT symptom_set boolean, OUT cause_set boolean, OUT action_set boolean, OUT todo_count int)
LANGUAGE sql STABLE AS $$
  SELECT a.site_id, w.status, w.type, w.created_by,
    ARRAY(SELECT x.user_id FROM work_order_assignees x WHERE x.work_order_id = o ORDER BY x.user_id),
    w.report_symptom_id IS NOT NULL, w.report_cause_id IS NOT NULL, w.report_action_id IS NOT NULL,
    (SELECT count(*)::int FROM checklist_items t WHERE t.work_order_id = o AND t.status = 'TODO')
  FROM work_orders w JOIN assets a ON a.id = w.asset_id WHERE w.id = o
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_order_detail_refresh(o uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE me bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF o IS NULL OR current_setting('palier.work_order_details', true) = 'stale'
     OR EXISTS (SELECT 1 FROM work_order_details WHERE work_order_id = o AND built_xid = me) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727465017);
  INSERT INTO work_order_details (work_order_id) SELECT o WHERE EXISTS (SELECT 1 FROM work_orders WHERE id = o) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM work_order_details WHERE work_order_id = o FOR UPDATE;
  UPDATE work_order_details SET body = work_order_detail_body(o), costs = work_order_detail_costs(o), built_xid = me,
    (site_id, status, type, created_by, assignee_ids, symptom_set, cause_set, action_set, todo_count) = (SELECT * FROM work_order_detail_facts(o))
  WHERE work_order_id = o;
END $$;--> statement-breakpoint
-- The details already built get their facts in one pass (set-based: a call per order took
-- minutes at SCALE_FACTOR=4); stale ones get them when rebuilt.
UPDATE work_order_details d SET site_id = a.site_id, status = w.status, type = w.type, created_by = w.created_by,
  assignee_ids = coalesce(x.ids, '{}'), symptom_set = w.report_symptom_id IS NOT NULL, cause_set = w.report_cause_id IS NOT NULL,
  action_set = w.report_action_id IS NOT NULL, todo_count = coalesce(t.n, 0)
FROM work_orders w JOIN assets a ON a.id = w.asset_id
LEFT JOIN (SELECT work_order_id, array_agg(user_id ORDER BY user_id) AS ids FROM work_order_assignees GROUP BY 1) x ON x.work_order_id = w.id
LEFT JOIN (SELECT work_order_id, count(*)::int AS n FROM checklist_items WHERE status = 'TODO' GROUP BY 1) t ON t.work_order_id = w.id
WHERE w.id = d.work_order_id AND d.body IS NOT NULL;
