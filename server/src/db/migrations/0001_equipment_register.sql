CREATE TABLE "asset_components" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"brand" text,
	"model" text,
	"serial_number" text,
	"installed_at" timestamp with time zone,
	"notes" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"brand" text NOT NULL,
	"model" text,
	"serial_number" text,
	"commissioned_at" timestamp with time zone,
	"load_kg" integer,
	"floors" integer,
	"status" text DEFAULT 'IN_SERVICE' NOT NULL,
	"category_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"under_contract" boolean DEFAULT false NOT NULL,
	"notes" text,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_status_check" CHECK ("assets"."status" IN ('IN_SERVICE', 'OUT_OF_SERVICE', 'UNDER_MAINTENANCE')),
	CONSTRAINT "assets_load_check" CHECK ("assets"."load_kg" IS NULL OR "assets"."load_kg" > 0),
	CONSTRAINT "assets_floors_check" CHECK ("assets"."floors" IS NULL OR "assets"."floors" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_kind_check" CHECK ("categories"."kind" IN ('EQUIPMENT', 'COMPONENT_TYPE'))
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meter_id" uuid NOT NULL,
	"value" bigint NOT NULL,
	"previous_value" bigint,
	"read_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_readings_increasing_check" CHECK ("meter_readings"."value" >= 0 AND ("meter_readings"."previous_value" IS NULL OR "meter_readings"."value" > "meter_readings"."previous_value"))
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"last_value" bigint,
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meters_kind_check" CHECK ("meters"."kind" IN ('TRIPS', 'RUNNING_HOURS'))
);
--> statement-breakpoint
CREATE TABLE "reference_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_values_field_check" CHECK ("reference_values"."field" IN ('SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE'))
);
--> statement-breakpoint
ALTER TABLE "asset_components" ADD CONSTRAINT "asset_components_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_components" ADD CONSTRAINT "asset_components_type_id_categories_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_components_asset_idx" ON "asset_components" USING btree ("asset_id") WHERE "asset_components"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "asset_components_type_idx" ON "asset_components" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_reference_key" ON "assets" USING btree (upper("reference"));--> statement-breakpoint
CREATE INDEX "assets_location_idx" ON "assets" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "assets_status_idx" ON "assets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "assets_reference_order_idx" ON "assets" USING btree ("reference","id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_kind_name_key" ON "categories" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "meter_readings_meter_recent_idx" ON "meter_readings" USING btree ("meter_id","value" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_chain_key" ON "meter_readings" USING btree ("meter_id",coalesce("previous_value", -1));--> statement-breakpoint
CREATE UNIQUE INDEX "meters_asset_kind_key" ON "meters" USING btree ("asset_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_values_field_label_key" ON "reference_values" USING btree ("field",lower("label"));