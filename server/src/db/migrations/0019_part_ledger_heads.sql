CREATE TABLE "part_ledger_heads" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"body" text,
	"next_key" text,
	"built_xid" bigint
);
--> statement-breakpoint
ALTER TABLE "part_ledger_heads" ADD CONSTRAINT "part_ledger_heads_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A page of a part's ledger as the JSON text getPart sends (issue 16): the movements older
-- than (before_at, before_id), newest first, at most lim, and the next page's key (the last
-- one's created_at with microseconds, and id) when an older one follows. The one definition of
-- a movement's shape, for the pages read live (parts.queries.ts) and the stored newest page.
-- plpgsql, so that each session keeps its plan.
CREATE FUNCTION part_ledger_page(p uuid, before_at timestamptz, before_id uuid, lim int, OUT body text, OUT next_key text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT (json_agg(json_build_object('id', m.id, 'kind', m.kind, 'quantity', m.quantity, 'unitPriceCents', m.unit_price_cents,
      'reason', m.reason,
      'actor', (SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM users pj WHERE pj.id = m.actor_id),
      'workOrder', (SELECT json_build_object('id', w.id, 'reference', w.reference) FROM work_orders w WHERE w.id = m.work_order_id),
      'purchaseOrder', (SELECT json_build_object('id', po.id, 'reference', po.reference) FROM purchase_orders po WHERE po.id = m.purchase_order_id),
      'createdAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY m.created_at DESC, m.id DESC) FILTER (WHERE m.n <= lim))::text,
    -- With microseconds: a set-based writer stamps several movements in one millisecond.
    max(json_build_array(to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), m.id)::text) FILTER (WHERE m.n = lim AND m.more)
  INTO body, next_key
  FROM (SELECT sm.*, row_number() OVER (ORDER BY sm.created_at DESC, sm.id DESC) AS n, count(*) OVER () > lim AS more
        FROM (SELECT * FROM stock_movements s WHERE s.part_id = p AND (s.created_at, s.id) < (before_at, before_id)
              ORDER BY s.created_at DESC, s.id DESC LIMIT lim + 1) sm) m;
  body := coalesce(body, '[]');
END $$;--> statement-breakpoint
-- The newest page (20 movements: MOVEMENTS_PAGE, parts.schemas.ts) kept by the writers'
-- transactions, as the work orders' details (0017): rebuilt once per part and transaction at
-- its commit, after locking the stored row, by a statement that starts after the lock; a
-- concurrent writer of the same part waits, then rebuilds from what it can now see. Under the
-- advisory lock 727465017 shared, which a rename takes alone before marking pages stale.
CREATE FUNCTION part_ledger_refresh(p uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE me bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF p IS NULL OR EXISTS (SELECT 1 FROM part_ledger_heads WHERE part_id = p AND built_xid = me) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727465017);
  INSERT INTO part_ledger_heads (part_id) SELECT p WHERE EXISTS (SELECT 1 FROM parts WHERE id = p) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM part_ledger_heads WHERE part_id = p FOR UPDATE;
  UPDATE part_ledger_heads h SET body = l.body, next_key = l.next_key, built_xid = me
  FROM part_ledger_page(p, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 20) l WHERE h.part_id = p;
END $$;--> statement-breakpoint
CREATE FUNCTION stock_movements_refresh_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM part_ledger_refresh(OLD.part_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.part_id IS DISTINCT FROM OLD.part_id) THEN
    PERFORM part_ledger_refresh(NEW.part_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named like the details' triggers, so that the scale seed's bulk loads turn it off with them.
CREATE CONSTRAINT TRIGGER stock_movements_ledger_refresh_detail AFTER INSERT OR UPDATE OR DELETE ON stock_movements
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stock_movements_refresh_ledger();--> statement-breakpoint
-- A person renamed: the pages showing them as a movement's actor are marked stale (read live
-- until the part's next movement). Order and purchase-order references never change.
CREATE FUNCTION users_stale_part_ledger_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727465017);
  UPDATE part_ledger_heads SET body = NULL, next_key = NULL WHERE body IS NOT NULL AND strpos(body, NEW.id::text) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_stale_part_ledger_heads AFTER UPDATE OF display_name ON users
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION users_stale_part_ledger_heads();--> statement-breakpoint
INSERT INTO part_ledger_heads (part_id, body, next_key)
SELECT p.id, l.body, l.next_key FROM parts p, part_ledger_page(p.id, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 20) l;
