-- Global search (docs/analytics.md) and analytics. French full-text search that ignores accents:
-- a configuration whose word mappings run `unaccent` as a filter dictionary before
-- `french_stem` (not unaccent() around the text: the stop-word list would then be missed),
-- and trigrams for partial references and names. Both extensions ship with PostgreSQL and
-- are loaded by PGlite as contrib extensions (platform/db.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION palier_fr (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION palier_fr
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, french_stem;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); with the dictionary named, this
-- wrapper is immutable and may appear in the trigram indexes of names and addresses.
CREATE FUNCTION palier_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Words: what the search matches with `@@`, each expression written exactly as the queries do.
CREATE INDEX work_orders_search_idx ON work_orders
  USING gin (to_tsvector('palier_fr'::regconfig, coalesce(description, '')));--> statement-breakpoint
CREATE INDEX assets_search_idx ON assets
  USING gin (to_tsvector('palier_fr'::regconfig, brand || ' ' || coalesce(model, '') || ' ' || coalesce(notes, '')));--> statement-breakpoint
CREATE INDEX locations_search_idx ON locations
  USING gin (to_tsvector('palier_fr'::regconfig, name || ' ' || coalesce(address, '') || ' ' || coalesce(city, '')));--> statement-breakpoint
-- Parts of references and names (ILIKE '%…%' through trigrams).
CREATE INDEX assets_reference_trgm_idx ON assets USING gin (reference gin_trgm_ops);--> statement-breakpoint
CREATE INDEX assets_serial_number_trgm_idx ON assets USING gin (serial_number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX locations_name_trgm_idx ON locations USING gin (palier_unaccent(name) gin_trgm_ops);--> statement-breakpoint
-- Analytics (docs/analytics.md): the period's orders by creation, by completion and by grid
-- month, each read by an index-only scan (the columns the figures need are included).
CREATE INDEX work_orders_created_idx ON work_orders (created_at) INCLUDE (type, status, asset_id, person_blocked);--> statement-breakpoint
CREATE INDEX work_orders_completed_idx ON work_orders (completed_at) INCLUDE (type, asset_id, created_at) WHERE status = 'DONE';--> statement-breakpoint
CREATE INDEX work_orders_grid_month_idx ON work_orders (period_key) INCLUDE (status, due_at, asset_id) WHERE period_key IS NOT NULL;
