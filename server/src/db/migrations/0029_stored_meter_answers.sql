ALTER TABLE "meters" ADD COLUMN "answer" text;--> statement-breakpoint
-- getAssetMeters sends each meter as stored here rather than building its readings' JSON at
-- every read (0.4 ms of PostgreSQL a call at scale). The one definition of a meter's JSON: the
-- contract's Meter with its last 50 readings (MAX_LISTED_READINGS, meters.schemas.ts), most
-- recent first, written compact (no blanks between tokens: fewer bytes on every answer).
-- VOLATILE, so that each query inside takes a fresh snapshot: a rebuild that waited for a
-- meter's row lock sees what the writer it waited for committed (a reading, a rename).
CREATE FUNCTION meter_answer(m meters) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT '{"id":"' || m.id || '","kind":' || to_json(m.kind)::text || ',"name":' || to_json(m.name)::text
    || ',"unit":' || to_json(m.unit)::text || ',"lastValue":' || coalesce(m.last_value::text, 'null')
    || ',"lastReadAt":' || coalesce('"' || to_char(m.last_read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"readings":[' || coalesce((
      SELECT string_agg('{"id":"' || r.id || '","value":' || r.value
          || ',"readAt":"' || to_char(r.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || '","recordedBy":' || coalesce((SELECT '{"id":"' || u.id || '","displayName":' || to_json(u.display_name)::text || '}'
            FROM users u WHERE u.id = r.recorded_by), 'null')
          || ',"createdAt":"' || to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}', ',' ORDER BY r.value DESC)
      FROM (SELECT * FROM meter_readings mr WHERE mr.meter_id = m.id ORDER BY mr.value DESC LIMIT 50) r), '') || ']}'
$$;--> statement-breakpoint
-- A meter written (created with its asset, or its last value moved by a reading) is rebuilt
-- in its own row.
CREATE FUNCTION meters_build_answer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answer := meter_answer(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER meters_build_answer BEFORE INSERT OR UPDATE OF kind, name, unit, last_value, last_read_at ON meters
FOR EACH ROW EXECUTE FUNCTION meters_build_answer();--> statement-breakpoint
-- Readings written by any writer (the service, the seeders' bulk inserts): each meter they
-- touch is rebuilt once per statement (transition tables), whatever the number of rows.
CREATE FUNCTION meter_readings_rebuild_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE meters m SET answer = meter_answer(m) WHERE m.id IN (SELECT n.meter_id FROM new_rows n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE meters m SET answer = meter_answer(m) WHERE m.id IN (SELECT o.meter_id FROM old_rows o);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER meter_readings_rebuild_answers_ins AFTER INSERT ON meter_readings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_readings_rebuild_answers();--> statement-breakpoint
CREATE TRIGGER meter_readings_rebuild_answers_upd AFTER UPDATE ON meter_readings
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_readings_rebuild_answers();--> statement-breakpoint
CREATE TRIGGER meter_readings_rebuild_answers_del AFTER DELETE ON meter_readings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_readings_rebuild_answers();--> statement-breakpoint
-- A person renamed: the meters whose readings they entered are rebuilt (a technician's
-- readings span a few hundred meters at most at scale).
CREATE FUNCTION users_rebuild_meter_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE meters m SET answer = meter_answer(m) WHERE m.id IN (SELECT r.meter_id FROM meter_readings r WHERE r.recorded_by = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_rebuild_meter_answers AFTER UPDATE OF display_name ON users
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION users_rebuild_meter_answers();--> statement-breakpoint
-- Kept in the row, uncompressed, up to a whole page (about 30 readings of two meters fit): the
-- read then neither fetches TOAST chunks nor decompresses; longer answers go out of line.
ALTER TABLE meters SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE meters ALTER COLUMN answer SET STORAGE EXTERNAL;--> statement-breakpoint
UPDATE meters m SET answer = meter_answer(m);--> statement-breakpoint
-- A part's newest ledger page (0019), written compact and kept in its row uncompressed the
-- same way: getPart sends about 12% fewer bytes and reads no TOAST. Same movements, same fields.
CREATE OR REPLACE FUNCTION part_ledger_page(p uuid, before_at timestamptz, before_id uuid, lim int, OUT body text, OUT next_key text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT '[' || string_agg('{"id":"' || m.id || '","kind":' || to_json(m.kind)::text || ',"quantity":' || m.quantity
      || ',"unitPriceCents":' || coalesce(m.unit_price_cents::text, 'null') || ',"reason":' || coalesce(to_json(m.reason)::text, 'null')
      || ',"actor":' || coalesce((SELECT '{"id":"' || pj.id || '","displayName":' || to_json(pj.display_name)::text || '}' FROM users pj WHERE pj.id = m.actor_id), 'null')
      || ',"workOrder":' || coalesce((SELECT '{"id":"' || w.id || '","reference":' || to_json(w.reference)::text || '}' FROM work_orders w WHERE w.id = m.work_order_id), 'null')
      || ',"purchaseOrder":' || coalesce((SELECT '{"id":"' || po.id || '","reference":' || to_json(po.reference)::text || '}' FROM purchase_orders po WHERE po.id = m.purchase_order_id), 'null')
      || ',"createdAt":"' || to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}', ','
      ORDER BY m.created_at DESC, m.id DESC) FILTER (WHERE m.n <= lim) || ']',
    -- With microseconds: a set-based writer stamps several movements in one millisecond.
    max(json_build_array(to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), m.id)::text) FILTER (WHERE m.n = lim AND m.more)
  INTO body, next_key
  FROM (SELECT sm.*, row_number() OVER (ORDER BY sm.created_at DESC, sm.id DESC) AS n, count(*) OVER () > lim AS more
        FROM (SELECT * FROM stock_movements s WHERE s.part_id = p AND (s.created_at, s.id) < (before_at, before_id)
              ORDER BY s.created_at DESC, s.id DESC LIMIT lim + 1) sm) m;
  body := coalesce(body, '[]');
END $$;--> statement-breakpoint
ALTER TABLE part_ledger_heads SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE part_ledger_heads ALTER COLUMN body SET STORAGE EXTERNAL;--> statement-breakpoint
UPDATE part_ledger_heads h SET body = l.body, next_key = l.next_key
FROM part_ledger_heads k, part_ledger_page(k.part_id, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 20) l
WHERE k.part_id = h.part_id AND h.body IS NOT NULL;
