-- The register's row of each elevator, kept as JSON text by the writers (issue 16), as the
-- work orders (0013) and the requests (0015) keep theirs: a page of the register is then an
-- index range of stored text, without the category, the place and the site joined and a JSON
-- object built per row. The shape is the contract's Asset, the fields of `assetFields`
-- (assets.queries.ts); assets.list-rows.test.ts checks every stored row against this function
-- after each kind of write that changes what a row shows.
ALTER TABLE assets ADD COLUMN list_row text;--> statement-breakpoint
-- The site is read from the place (locations.site_id), not from the elevator's own copy:
-- this runs in a BEFORE trigger that may fire before assets_take_site has set it.
CREATE FUNCTION asset_list_row(a assets) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', a.id, 'reference', a.reference, 'brand', a.brand, 'model', a.model, 'serialNumber', a.serial_number,
    'commissionedAt', to_char(a.commissioned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'loadKg', a.load_kg, 'floors', a.floors, 'status', a.status,
    'categoryId', a.category_id, 'categoryName', c.name, 'locationId', a.location_id, 'locationName', l.name,
    'siteName', s.name, 'componentCount', a.component_count)::text
  FROM categories c, locations l JOIN locations s ON s.id = l.site_id
  WHERE c.id = a.category_id AND l.id = a.location_id
$$;--> statement-breakpoint
CREATE FUNCTION assets_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := asset_list_row(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_build_list_row BEFORE INSERT OR UPDATE OF
  reference, brand, model, serial_number, commissioned_at, load_kg, floors, status, category_id, location_id, site_id, component_count, list_row
ON assets FOR EACH ROW EXECUTE FUNCTION assets_build_list_row();--> statement-breakpoint
-- A category renamed: its elevators.
CREATE FUNCTION categories_rebuild_asset_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET list_row = NULL WHERE category_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_rebuild_asset_rows AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION categories_rebuild_asset_rows();--> statement-breakpoint
-- A place renamed: the elevators standing in it, or anywhere on it when it is a site. (A zone
-- moved to another site changes its elevators' site_id, which rebuilds them: 0014.)
CREATE FUNCTION locations_rebuild_asset_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET list_row = NULL WHERE location_id = NEW.id OR site_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_rebuild_asset_rows AFTER UPDATE OF name ON locations
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION locations_rebuild_asset_rows();--> statement-breakpoint
UPDATE assets SET list_row = NULL;--> statement-breakpoint
ALTER TABLE assets ALTER COLUMN list_row SET NOT NULL;--> statement-breakpoint
-- Every row was just rewritten: its GIN indexes (the searches' trigrams and words) hold the new
-- entries in their pending lists, which every search would read through until a vacuum; merged
-- now (measured at SCALE_FACTOR=4: searches at 52–64 ms p95 instead of 20 before the merge).
SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
WHERE i.indrelid = 'assets'::regclass AND am.amname = 'gin';
