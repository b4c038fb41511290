-- Stored answers are kept compact: json_build_object writes `{"key" : value, "next" : …}`, three
-- bytes of spacing a field, 8 % of a finished grid's detail (8,939 → 8,228 bytes) and of a
-- listed order (916 → 838), which every reader pays again in the socket, the ETag's hash,
-- the driver and the client (docs/benchmarks.md, twelfth session). `json_stored` is what the
-- writers now keep: ASCII (0036) and compact, the same JSON value.
--
-- The fast path is two plain replaces, `" : ` → `":` and `, "` → `,"`, which only ever touch
-- the spacing when no string's text could hold either sequence at its edge. A raw `"` is a
-- delimiter (a quote inside a string is written `\"`), so `" : ` is a key's closing quote
-- and its separator unless a string *begins* with ` : ` (its opening quote follows a space,
-- `[`, or in a text already compact `:` or `,`) or holds an escaped quote before it (`\" : `);
-- a stored text may pass through again (copied into another row, or by the updates below), so a compact text must come out the same. `, "` is a
-- separator before a key or an array's next string unless a string *ends* with `, ` (its
-- closing quote is followed by `,`, `}` or `]`). Any of those sequences anywhere (a rare text;
-- some are harmless) sends the text to the exact path, which splits it on its unescaped quotes
-- and removes the whitespace outside strings only. Measured on the demo's largest details:
-- 105 µs a detail of 8.5 kB for the fast path, 570 µs for the exact one; db/json-stored.test.ts
-- checks both against JSON.parse on texts made of the sequences above.
CREATE FUNCTION json_compact_exact(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  -- Escaped backslashes, then escaped quotes, set aside as control characters (which JSON text
  -- never holds raw: json and jsonb write them \u00XX), so that the remaining quotes are the
  -- delimiters: the odd segments are outside strings.
  SELECT replace(replace(string_agg(CASE WHEN s.i % 2 = 1 THEN translate(s.seg, E' \n\r\t', '') ELSE s.seg END, '"' ORDER BY s.i),
    E'\x02', '\"'), E'\x01', '\\')
  FROM unnest(string_to_array(replace(replace(t, '\\', E'\x01'), '\"', E'\x02'), '"')) WITH ORDINALITY AS s(seg, i)
$$;--> statement-breakpoint
CREATE FUNCTION json_compact(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t ~ '[ [,:\\]" : |, "[],}]' THEN json_compact_exact(t)
    ELSE replace(replace(t, '" : ', '":'), ', "', ',"') END
$$;--> statement-breakpoint
CREATE FUNCTION json_stored(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT json_compact(json_ascii(t))
$$;--> statement-breakpoint
-- An update that leaves the text as it was (an order's report, times or counters written: its row is
-- rebuilt only when what it shows changes) keeps it as it is, already in its stored form, instead of
-- scanning it again at every write.
CREATE OR REPLACE FUNCTION ascii_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.list_row := json_stored(NEW.list_row);
  ELSIF NEW.list_row IS DISTINCT FROM OLD.list_row THEN
    NEW.list_row := json_stored(NEW.list_row);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ascii_body() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.body := json_stored(NEW.body);
  ELSIF NEW.body IS DISTINCT FROM OLD.body THEN
    NEW.body := json_stored(NEW.body);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ascii_body_and_costs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.body := json_stored(NEW.body);
    NEW.costs := json_stored(NEW.costs);
  ELSIF NEW.body IS DISTINCT FROM OLD.body OR NEW.costs IS DISTINCT FROM OLD.costs THEN
    NEW.body := json_stored(NEW.body);
    NEW.costs := json_stored(NEW.costs);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ascii_answer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.answer := json_stored(NEW.answer);
  ELSIF NEW.answer IS DISTINCT FROM OLD.answer THEN
    NEW.answer := json_stored(NEW.answer);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.site_sort := lower(NEW.name);
    NEW.fleet_count := NEW.asset_count + coalesce((SELECT sum(z.asset_count) FROM locations z WHERE z.parent_id = NEW.id), 0);
  ELSE
    NEW.site_sort := (SELECT lower(s.name) FROM locations s WHERE s.id = NEW.parent_id);
    NEW.fleet_count := NEW.asset_count;
  END IF;
  NEW.list_row := json_stored(location_list_row(NEW));
  RETURN NEW;
END $$;--> statement-breakpoint
-- The texts already stored, compacted in place with the tables' own triggers set aside, as
-- 0036 did: only the text changes, nothing a trigger counts or rebuilds from.
ALTER TABLE work_orders DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE work_orders SET list_row = json_compact(list_row) WHERE list_row IS NOT NULL;--> statement-breakpoint
ALTER TABLE work_orders ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE requests DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE requests SET list_row = json_compact(list_row) WHERE list_row IS NOT NULL;--> statement-breakpoint
ALTER TABLE requests ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE assets DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE assets SET list_row = json_compact(list_row) WHERE list_row IS NOT NULL;--> statement-breakpoint
ALTER TABLE assets ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE parts DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE parts SET list_row = json_compact(list_row) WHERE list_row IS NOT NULL;--> statement-breakpoint
ALTER TABLE parts ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE meters DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE meters SET answer = json_compact(answer) WHERE answer IS NOT NULL;--> statement-breakpoint
ALTER TABLE meters ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE locations DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE locations SET list_row = json_compact(list_row) WHERE list_row IS NOT NULL;--> statement-breakpoint
ALTER TABLE locations ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE work_order_details DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE work_order_details SET body = json_compact(body), costs = json_compact(costs) WHERE body IS NOT NULL;--> statement-breakpoint
ALTER TABLE work_order_details ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE asset_details DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE asset_details SET body = json_compact(body) WHERE body IS NOT NULL;--> statement-breakpoint
ALTER TABLE asset_details ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE part_ledger_heads DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE part_ledger_heads SET body = json_compact(body) WHERE body IS NOT NULL;--> statement-breakpoint
ALTER TABLE part_ledger_heads ENABLE TRIGGER USER;
