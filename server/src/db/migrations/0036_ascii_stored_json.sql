-- Stored answers are kept as ASCII JSON: every character past U+007F is written as its \u
-- escape, the same JSON value (RFC 8259 §7). Read back, each is then a one-byte string in the
-- service, which Node hashes for the ETag and writes to the socket at memory speed; a single ’
-- or œ in a page made the whole answer a two-byte string, and encoding it to UTF-8 (twice: the
-- ETag, then the socket) was a third of a page's CPU (docs/benchmarks.md, eighth session).
-- The columns below hold JSON text served as it is: listed rows (0013, 0015, 0016, 0018),
-- stored details (0017, 0030), meter answers and ledger pages (0019, 0029).
CREATE FUNCTION json_ascii(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c text;
  cp int;
BEGIN
  IF t !~ '[^\x01-\x7f]' THEN RETURN t; END IF;
  FOR c IN SELECT DISTINCT m[1] FROM regexp_matches(t, '([^\x01-\x7f])', 'g') AS m LOOP
    cp := ascii(c);
    -- Past the Basic Multilingual Plane (an emoji in a description): a UTF-16 surrogate pair.
    t := replace(t, c, CASE WHEN cp < 65536 THEN '\u' || lpad(to_hex(cp), 4, '0')
      ELSE '\u' || to_hex(55296 + ((cp - 65536) >> 10)) || '\u' || to_hex(56320 + ((cp - 65536) & 1023)) END);
  END LOOP;
  RETURN t;
END $$;--> statement-breakpoint
CREATE FUNCTION ascii_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := json_ascii(NEW.list_row);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION ascii_body() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.body := json_ascii(NEW.body);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION ascii_body_and_costs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.body := json_ascii(NEW.body);
  NEW.costs := json_ascii(NEW.costs);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION ascii_answer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answer := json_ascii(NEW.answer);
  RETURN NEW;
END $$;--> statement-breakpoint
-- BEFORE triggers fire in name order: "zz_" runs these after the builders that fill the column
-- (work_orders_build_list_row…), on every insert and update since a builder may fill it when
-- another column changes.
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON work_orders FOR EACH ROW EXECUTE FUNCTION ascii_list_row();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON requests FOR EACH ROW EXECUTE FUNCTION ascii_list_row();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON assets FOR EACH ROW EXECUTE FUNCTION ascii_list_row();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON parts FOR EACH ROW EXECUTE FUNCTION ascii_list_row();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON work_order_details FOR EACH ROW EXECUTE FUNCTION ascii_body_and_costs();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON asset_details FOR EACH ROW EXECUTE FUNCTION ascii_body();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON part_ledger_heads FOR EACH ROW EXECUTE FUNCTION ascii_body();--> statement-breakpoint
CREATE TRIGGER zz_ascii_json BEFORE INSERT OR UPDATE ON meters FOR EACH ROW EXECUTE FUNCTION ascii_answer();--> statement-breakpoint
-- The texts already stored, escaped in place with the tables' own triggers set aside: an update
-- of every order would otherwise rebuild its row and refresh its elevator's detail and facts.
-- (The house rule names the trigger a bulk write sets aside, since the stored counters would
-- miss rows; these updates change no counted column, only the text, so none has anything to see.)
ALTER TABLE work_orders DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE work_orders SET list_row = json_ascii(list_row) WHERE list_row ~ '[^\x01-\x7f]';--> statement-breakpoint
ALTER TABLE work_orders ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE requests DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE requests SET list_row = json_ascii(list_row) WHERE list_row ~ '[^\x01-\x7f]';--> statement-breakpoint
ALTER TABLE requests ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE assets DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE assets SET list_row = json_ascii(list_row) WHERE list_row ~ '[^\x01-\x7f]';--> statement-breakpoint
ALTER TABLE assets ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE parts DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE parts SET list_row = json_ascii(list_row) WHERE list_row ~ '[^\x01-\x7f]';--> statement-breakpoint
ALTER TABLE parts ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE meters DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE meters SET answer = json_ascii(answer) WHERE answer ~ '[^\x01-\x7f]';--> statement-breakpoint
ALTER TABLE meters ENABLE TRIGGER USER;--> statement-breakpoint
UPDATE work_order_details SET body = json_ascii(body), costs = json_ascii(costs) WHERE body ~ '[^\x01-\x7f]' OR costs ~ '[^\x01-\x7f]';--> statement-breakpoint
UPDATE asset_details SET body = json_ascii(body) WHERE body ~ '[^\x01-\x7f]';--> statement-breakpoint
UPDATE part_ledger_heads SET body = json_ascii(body) WHERE body ~ '[^\x01-\x7f]';
