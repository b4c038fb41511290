-- The site as data (issue 16): every location and every elevator carries its top-level site,
-- kept by triggers, so that the site restriction reads `site_id = ANY(…)` instead of walking
-- up the tree (`coalesce(parent_id, id)`) in every statement that scopes by site.
ALTER TABLE "assets" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_site_id_locations_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_locations_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_site_reference_idx" ON "assets" USING btree ("site_id",upper("reference"));--> statement-breakpoint
CREATE INDEX "locations_site_idx" ON "locations" USING btree ("site_id");--> statement-breakpoint
UPDATE locations SET site_id = coalesce(parent_id, id);--> statement-breakpoint
UPDATE assets a SET site_id = l.site_id FROM locations l WHERE l.id = a.location_id;--> statement-breakpoint
ALTER TABLE locations ALTER COLUMN site_id SET NOT NULL;--> statement-breakpoint
ALTER TABLE assets ALTER COLUMN site_id SET NOT NULL;--> statement-breakpoint
-- A location is its own site, or its parent's (depth is at most 2: a parent is a site).
CREATE FUNCTION locations_take_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.site_id := coalesce(NEW.parent_id, NEW.id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_take_site BEFORE INSERT OR UPDATE OF parent_id, site_id ON locations
FOR EACH ROW EXECUTE FUNCTION locations_take_site();--> statement-breakpoint
-- A zone moved under another site takes its elevators along.
CREATE FUNCTION locations_pass_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET site_id = NEW.site_id WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_pass_site AFTER UPDATE OF parent_id, site_id ON locations
FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id)
EXECUTE FUNCTION locations_pass_site();--> statement-breakpoint
-- An elevator takes the site of the place it stands in.
CREATE FUNCTION assets_take_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.site_id INTO NEW.site_id FROM locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_take_site BEFORE INSERT OR UPDATE OF location_id, site_id ON assets
FOR EACH ROW EXECUTE FUNCTION assets_take_site();
