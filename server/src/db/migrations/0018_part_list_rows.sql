-- The stock screen's row of each part, kept as JSON text by the writers (issue 16), as the
-- work orders (0013), requests (0015) and elevators (0016) keep theirs: a page of parts is
-- then the reference index's range of stored text, without the supplier looked up and a JSON
-- object built per row. The shape is the contract's Part (`partJson`, parts.queries.ts);
-- parts.list-rows.test.ts checks every stored row against this function after every kind of
-- write that changes what a row shows. A movement changes the quantity through the ledger's
-- trigger (0006), whose update of the part rebuilds the row here.
ALTER TABLE parts ADD COLUMN list_row text;--> statement-breakpoint
CREATE FUNCTION part_list_row(p parts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', p.id, 'reference', p.reference, 'designation', p.designation, 'reorderThreshold', p.reorder_threshold,
    'supplier', (SELECT json_build_object('id', s.id, 'name', s.name) FROM partners s WHERE s.id = p.supplier_id),
    'lastUnitPriceCents', p.last_unit_price_cents, 'quantity', p.quantity,
    'belowThreshold', p.quantity < p.reorder_threshold,
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;--> statement-breakpoint
CREATE FUNCTION parts_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := part_list_row(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_build_list_row BEFORE INSERT OR UPDATE OF
  reference, designation, reorder_threshold, supplier_id, last_unit_price_cents, quantity, created_at, updated_at, list_row
ON parts FOR EACH ROW EXECUTE FUNCTION parts_build_list_row();--> statement-breakpoint
-- A supplier renamed: its parts.
CREATE FUNCTION partners_rebuild_part_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parts SET list_row = NULL WHERE supplier_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER partners_rebuild_part_rows AFTER UPDATE OF name ON partners
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION partners_rebuild_part_rows();--> statement-breakpoint
UPDATE parts SET list_row = NULL;--> statement-breakpoint
ALTER TABLE parts ALTER COLUMN list_row SET NOT NULL;
