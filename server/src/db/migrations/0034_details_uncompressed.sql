-- The stored details (work orders: 0017; elevators: 0030) kept in their row uncompressed, as
-- the meters' answers and the parts' ledger pages are (0029): a detail of 3–5 kB was compressed
-- by pglz to about half, so every getWorkOrder and getAsset paid a decompression in PostgreSQL
-- for a few hundred bytes of disk. Rows up to a page stay inline; longer ones go out of line.
ALTER TABLE work_order_details SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE work_order_details ALTER COLUMN body SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE work_order_details ALTER COLUMN costs SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE asset_details SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE asset_details ALTER COLUMN body SET STORAGE EXTERNAL;--> statement-breakpoint
-- A new storage applies to values written from now on: the stored ones are written again
-- (`|| ''` makes a new value; an unchanged one would keep its compressed datum).
UPDATE asset_details SET body = body || '' WHERE body IS NOT NULL;--> statement-breakpoint
UPDATE work_order_details SET body = body || '', costs = costs || '' WHERE body IS NOT NULL;
