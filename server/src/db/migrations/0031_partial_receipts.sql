ALTER TABLE "purchase_orders" DROP CONSTRAINT "purchase_orders_status_check";--> statement-breakpoint
DROP INDEX "stock_movements_receipt_line_key";--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines received before partial receipts: what their RECEIPT movements entered (the whole line).
UPDATE "purchase_order_lines" l SET "received_quantity" = m.q
  FROM (SELECT "purchase_order_line_id" AS id, sum("quantity")::int AS q FROM "stock_movements"
        WHERE "purchase_order_line_id" IS NOT NULL GROUP BY 1) m
  WHERE m.id = l.id;--> statement-breakpoint
CREATE INDEX "stock_movements_receipt_line_idx" ON "stock_movements" USING btree ("purchase_order_line_id") WHERE "stock_movements"."purchase_order_line_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_received_check" CHECK ("purchase_order_lines"."received_quantity" BETWEEN 0 AND "purchase_order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" IN ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'));