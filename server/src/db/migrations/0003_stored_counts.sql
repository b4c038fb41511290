ALTER TABLE "assets" ADD COLUMN "component_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "asset_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_component_count_check" CHECK ("assets"."component_count" >= 0);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_asset_count_check" CHECK ("locations"."asset_count" >= 0);--> statement-breakpoint
-- Backfill from the rows themselves (the ALTERs above hold the tables' locks until commit).
UPDATE "assets" a SET "component_count" = (SELECT count(*) FROM "asset_components" c WHERE c."asset_id" = a."id" AND c."removed_at" IS NULL);--> statement-breakpoint
UPDATE "locations" l SET "asset_count" = (SELECT count(*) FROM "assets" a WHERE a."location_id" = l."id");--> statement-breakpoint
-- The counts follow every write, whatever module or seeder makes it, in the writer's own
-- transaction: `count = count ± 1` takes the counted row's lock, so concurrent writers queue
-- on that row and none loses another's change.
CREATE FUNCTION "assets_count_in_location"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "locations" SET "asset_count" = "asset_count" + 1 WHERE "id" = NEW."location_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "locations" SET "asset_count" = "asset_count" - 1 WHERE "id" = OLD."location_id";
  ELSIF NEW."location_id" IS DISTINCT FROM OLD."location_id" THEN
    -- Both locations in id order, so that two opposite moves cannot deadlock.
    IF OLD."location_id" < NEW."location_id" THEN
      UPDATE "locations" SET "asset_count" = "asset_count" - 1 WHERE "id" = OLD."location_id";
      UPDATE "locations" SET "asset_count" = "asset_count" + 1 WHERE "id" = NEW."location_id";
    ELSE
      UPDATE "locations" SET "asset_count" = "asset_count" + 1 WHERE "id" = NEW."location_id";
      UPDATE "locations" SET "asset_count" = "asset_count" - 1 WHERE "id" = OLD."location_id";
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "assets_count_in_location" AFTER INSERT OR DELETE OR UPDATE OF "location_id" ON "assets"
  FOR EACH ROW EXECUTE FUNCTION "assets_count_in_location"();--> statement-breakpoint
CREATE FUNCTION "asset_components_count_fitted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was uuid; -- the asset this row counted for before the change (null: none)
  now_on uuid; -- the asset it counts for after it
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."removed_at" IS NULL THEN was := OLD."asset_id"; END IF;
  IF TG_OP <> 'DELETE' AND NEW."removed_at" IS NULL THEN now_on := NEW."asset_id"; END IF;
  IF was IS NOT DISTINCT FROM now_on THEN RETURN NULL; END IF;
  IF was IS NOT NULL THEN UPDATE "assets" SET "component_count" = "component_count" - 1 WHERE "id" = was; END IF;
  IF now_on IS NOT NULL THEN UPDATE "assets" SET "component_count" = "component_count" + 1 WHERE "id" = now_on; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "asset_components_count_fitted" AFTER INSERT OR DELETE OR UPDATE OF "asset_id", "removed_at" ON "asset_components"
  FOR EACH ROW EXECUTE FUNCTION "asset_components_count_fitted"();
