-- Global search also finds parts (by reference and designation) and people (by name): trigram
-- indexes so « contacteur », « P-0001 » or « emilie » stay index reads on a large catalogue.
CREATE INDEX parts_reference_trgm_idx ON parts USING gin (reference gin_trgm_ops);--> statement-breakpoint
CREATE INDEX parts_designation_trgm_idx ON parts USING gin (palier_unaccent(designation) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX users_display_name_trgm_idx ON users USING gin (palier_unaccent(display_name) gin_trgm_ops);
