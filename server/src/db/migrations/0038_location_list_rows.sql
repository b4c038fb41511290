-- The places list's rows kept as JSON text by the writers (issue 16), as the other listings
-- keep theirs (0013, 0015, 0016, 0018): `GET /locations` is then the stored texts in the list's
-- order, without the site joined and sorted on its lowered name, the zones' counts summed for
-- each site and twelve fields serialised per row (91 µs of PostgreSQL and 129 µs of the
-- service for the demo's 26 places; docs/benchmarks.md, eleventh session).
-- Kept beside the text: `fleet_count`, the listed assetCount (a zone's own elevators; a site's
-- own plus its zones'), and `site_sort`, the site's name lowered, the list's first sort key
-- (each site followed by its zones). The shape is the contract's Location
-- (locations.queries.ts); locations.list-rows.test.ts checks every stored row against this
-- function after every kind of write that changes what a row shows.
ALTER TABLE locations ADD COLUMN fleet_count integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE locations ADD COLUMN site_sort text;--> statement-breakpoint
ALTER TABLE locations ADD COLUMN list_row text;--> statement-breakpoint
CREATE FUNCTION location_list_row(l locations) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', l.id, 'name', l.name, 'parentId', l.parent_id, 'address', l.address, 'city', l.city,
    'guardianName', l.guardian_name, 'guardianPhone', l.guardian_phone, 'latitude', l.latitude, 'longitude', l.longitude,
    'partnerId', l.partner_id, 'partnerName', (SELECT p.name FROM partners p WHERE p.id = l.partner_id),
    'assetCount', l.fleet_count)::text
$$;--> statement-breakpoint
-- Every insert and update: a writer that changes what a row shows from elsewhere (a zone's
-- count for its site, a site renamed for its zones, a partner renamed) asks for a rebuild by
-- setting list_row = NULL. PL/pgSQL, VOLATILE: the zones' sum is read with a snapshot taken
-- once this row is locked, so two elevators added at once to two zones of one site both count
-- (the second site update waits for the first and then sees its zone committed).
CREATE FUNCTION locations_build_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.site_sort := lower(NEW.name);
    NEW.fleet_count := NEW.asset_count + coalesce((SELECT sum(z.asset_count) FROM locations z WHERE z.parent_id = NEW.id), 0);
  ELSE
    NEW.site_sort := (SELECT lower(s.name) FROM locations s WHERE s.id = NEW.parent_id);
    NEW.fleet_count := NEW.asset_count;
  END IF;
  NEW.list_row := json_ascii(location_list_row(NEW));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_build_list_row BEFORE INSERT OR UPDATE ON locations
FOR EACH ROW EXECUTE FUNCTION locations_build_list_row();--> statement-breakpoint
-- A zone whose count changed, that moved, appeared with elevators or went: its sites' totals.
-- A site renamed: its zones' sort key. (A site's own updates fire none of the first: its
-- parent stays null.)
CREATE FUNCTION locations_refresh_related_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.parent_id IS NOT NULL THEN
      UPDATE locations SET list_row = NULL WHERE id = OLD.parent_id;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW.parent_id IS NULL THEN
      IF TG_OP = 'UPDATE' AND OLD.name IS DISTINCT FROM NEW.name THEN
        UPDATE locations SET list_row = NULL WHERE parent_id = NEW.id;
      END IF;
    ELSIF TG_OP = 'INSERT' OR NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
      UPDATE locations SET list_row = NULL WHERE id = NEW.parent_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_refresh_related_rows AFTER UPDATE ON locations FOR EACH ROW
WHEN (((OLD.parent_id IS NOT NULL OR NEW.parent_id IS NOT NULL)
    AND (OLD.asset_count IS DISTINCT FROM NEW.asset_count OR OLD.parent_id IS DISTINCT FROM NEW.parent_id))
  OR (NEW.parent_id IS NULL AND OLD.name IS DISTINCT FROM NEW.name))
EXECUTE FUNCTION locations_refresh_related_rows();--> statement-breakpoint
CREATE TRIGGER locations_refresh_related_rows_insert AFTER INSERT ON locations FOR EACH ROW
WHEN (NEW.parent_id IS NOT NULL AND NEW.asset_count <> 0)
EXECUTE FUNCTION locations_refresh_related_rows();--> statement-breakpoint
CREATE TRIGGER locations_refresh_related_rows_delete AFTER DELETE ON locations FOR EACH ROW
WHEN (OLD.parent_id IS NOT NULL)
EXECUTE FUNCTION locations_refresh_related_rows();--> statement-breakpoint
-- An elevator added, moved or gone (0003): its places now refresh their sites' totals too, so
-- every such write first locks its places and their sites together, in id order, as a zone's
-- move and a site's rename do in the service (lockLocations): otherwise an elevator added to a
-- zone (the zone, then its site) and one moved between two sites (in id order) could each hold
-- what the other waits for. NO KEY UPDATE, the lock the count's update takes: FOR UPDATE would
-- also wait for the foreign-key checks' KEY SHARE on the same places.
CREATE FUNCTION lock_places_with_sites(places uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM locations l
  WHERE l.id = ANY(places) OR l.id IN (SELECT p.parent_id FROM locations p WHERE p.id = ANY(places))
  ORDER BY l.id FOR NO KEY UPDATE;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assets_count_in_location"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lock_places_with_sites(ARRAY[NEW."location_id"]);
    UPDATE "locations" SET "asset_count" = "asset_count" + 1 WHERE "id" = NEW."location_id";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lock_places_with_sites(ARRAY[OLD."location_id"]);
    UPDATE "locations" SET "asset_count" = "asset_count" - 1 WHERE "id" = OLD."location_id";
  ELSIF NEW."location_id" IS DISTINCT FROM OLD."location_id" THEN
    PERFORM lock_places_with_sites(ARRAY[OLD."location_id", NEW."location_id"]);
    UPDATE "locations" SET "asset_count" = "asset_count" - 1 WHERE "id" = OLD."location_id";
    UPDATE "locations" SET "asset_count" = "asset_count" + 1 WHERE "id" = NEW."location_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A client partner renamed: its places.
CREATE FUNCTION partners_rebuild_location_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET list_row = NULL WHERE partner_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER partners_rebuild_location_rows AFTER UPDATE OF name ON partners
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION partners_rebuild_location_rows();--> statement-breakpoint
-- Sites first, so that their zones read the sort key from a site's name (the zones' update
-- changes no count: it refreshes nothing further).
UPDATE locations SET list_row = NULL WHERE parent_id IS NULL;--> statement-breakpoint
UPDATE locations SET list_row = NULL WHERE parent_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE locations ALTER COLUMN list_row SET NOT NULL;--> statement-breakpoint
ALTER TABLE locations ALTER COLUMN site_sort SET NOT NULL;--> statement-breakpoint
-- The list's order (each site followed by its zones, by name, case-insensitively): the whole
-- fleet's list, the Administrateur's, is this index's range, with no sort.
CREATE INDEX locations_list_order_idx ON locations (site_sort, site_id, (parent_id IS NOT NULL), lower(name), id);
