CREATE SEQUENCE "public"."part_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."purchase_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid,
	"work_order_id" uuid,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"in_corpus" boolean NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_target_check" CHECK (num_nonnulls("documents"."asset_id", "documents"."work_order_id") = 1),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" IN ('MANUAL', 'WIRING_DIAGRAM', 'PHOTO', 'REPORT', 'CERTIFICATE', 'OTHER')),
	CONSTRAINT "documents_content_type_check" CHECK ("documents"."content_type" IN ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size_bytes" BETWEEN 1 AND 20971520)
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"number" bigint NOT NULL,
	"designation" text NOT NULL,
	"reorder_threshold" integer DEFAULT 0 NOT NULL,
	"supplier_id" uuid,
	"last_unit_price_cents" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_quantity_check" CHECK ("parts"."quantity" >= 0),
	CONSTRAINT "parts_reorder_threshold_check" CHECK ("parts"."reorder_threshold" >= 0),
	CONSTRAINT "parts_last_unit_price_check" CHECK ("parts"."last_unit_price_cents" IS NULL OR "parts"."last_unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_price_check" CHECK ("purchase_order_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"number" bigint NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"note" text,
	"total_cents" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" IN ('DRAFT', 'SENT', 'RECEIVED', 'CANCELLED')),
	CONSTRAINT "purchase_orders_total_check" CHECK ("purchase_orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	"reason" text,
	"actor_id" uuid,
	"work_order_id" uuid,
	"purchase_order_id" uuid,
	"purchase_order_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" IN ('RECEIPT', 'MANUAL', 'ADJUSTMENT', 'CONSUMPTION')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_sign_check" CHECK (CASE "stock_movements"."kind" WHEN 'CONSUMPTION' THEN "stock_movements"."quantity" < 0 WHEN 'ADJUSTMENT' THEN true ELSE "stock_movements"."quantity" > 0 END),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."kind" <> 'ADJUSTMENT' OR "stock_movements"."reason" IS NOT NULL),
	CONSTRAINT "stock_movements_receipt_check" CHECK (("stock_movements"."kind" = 'RECEIPT') = ("stock_movements"."purchase_order_line_id" IS NOT NULL) AND ("stock_movements"."kind" = 'RECEIPT') = ("stock_movements"."purchase_order_id" IS NOT NULL)),
	CONSTRAINT "stock_movements_consumption_check" CHECK (("stock_movements"."kind" = 'CONSUMPTION') = ("stock_movements"."work_order_id" IS NOT NULL)),
	CONSTRAINT "stock_movements_consumption_price_check" CHECK ("stock_movements"."kind" <> 'CONSUMPTION' OR "stock_movements"."unit_price_cents" IS NOT NULL),
	CONSTRAINT "stock_movements_price_check" CHECK ("stock_movements"."unit_price_cents" IS NULL OR "stock_movements"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_labor" (
	"id" uuid PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"worked_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"hourly_rate_cents" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_labor_minutes_check" CHECK ("work_order_labor"."minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "work_order_labor_rate_check" CHECK ("work_order_labor"."hourly_rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_supplier_id_partners_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_partners_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor" ADD CONSTRAINT "work_order_labor_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_asset_idx" ON "documents" USING btree ("asset_id","created_at") WHERE "documents"."asset_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_work_order_idx" ON "documents" USING btree ("work_order_id","created_at") WHERE "documents"."work_order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "parts_reference_key" ON "parts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_number_key" ON "parts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "parts_supplier_idx" ON "parts" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_position_key" ON "purchase_order_lines" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_part_idx" ON "purchase_order_lines" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_reference_key" ON "purchase_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_movements_part_idx" ON "stock_movements" USING btree ("part_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_work_order_idx" ON "stock_movements" USING btree ("work_order_id","created_at") WHERE "stock_movements"."work_order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_receipt_line_key" ON "stock_movements" USING btree ("purchase_order_line_id") WHERE "stock_movements"."purchase_order_line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "work_order_labor_order_idx" ON "work_order_labor" USING btree ("work_order_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_labor_user_idx" ON "work_order_labor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "work_order_labor_worked_on_idx" ON "work_order_labor" USING btree ("worked_on");--> statement-breakpoint
-- A part's quantity follows its ledger in the movement's own transaction, whatever module or
-- seeder writes it: `quantity + n` takes the part's row lock, so concurrent movements queue
-- on that row, and parts_quantity_check refuses the one that would take it below zero (the
-- whole movement is then rolled back: nothing is written).
CREATE FUNCTION "stock_movements_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "parts" SET "quantity" = "quantity" + NEW."quantity" WHERE "id" = NEW."part_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_apply" AFTER INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_apply"();--> statement-breakpoint
-- The ledger is append-only: a movement is never changed nor removed.
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are append-only' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_append_only" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
