CREATE SEQUENCE "public"."request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."work_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"task_template_id" uuid,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'TODO' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "checklist_items_status_check" CHECK ("checklist_items"."status" IN ('TODO', 'DONE', 'NA'))
);
--> statement-breakpoint
CREATE TABLE "preventive_runs" (
	"period_key" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created" integer NOT NULL,
	"first_controls" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"number" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"source" text NOT NULL,
	"asset_id" uuid NOT NULL,
	"description" text NOT NULL,
	"person_blocked" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"contact_name" text,
	"contact_phone" text,
	"tracking_token_hash" text,
	"work_order_id" uuid,
	"rejection_reason" text,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_status_check" CHECK ("requests"."status" IN ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "requests_source_check" CHECK ("requests"."source" IN ('APP', 'PORTAL')),
	CONSTRAINT "requests_approved_check" CHECK (("requests"."status" = 'APPROVED') = ("requests"."work_order_id" IS NOT NULL)),
	CONSTRAINT "requests_rejected_check" CHECK ("requests"."status" <> 'REJECTED' OR "requests"."rejection_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"periodicity_months" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templates_periodicity_check" CHECK ("task_templates"."periodicity_months" BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE TABLE "work_order_assignees" (
	"work_order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_assignees_work_order_id_user_id_pk" PRIMARY KEY("work_order_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"number" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"priority" text DEFAULT 'NORMAL' NOT NULL,
	"priority_rank" smallint DEFAULT 2 NOT NULL,
	"person_blocked" boolean DEFAULT false NOT NULL,
	"asset_id" uuid NOT NULL,
	"description" text,
	"due_at" timestamp with time zone,
	"created_by" uuid,
	"requester_id" uuid,
	"requester_name" text,
	"cancel_reason" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"period_key" text,
	"first_control" boolean DEFAULT false NOT NULL,
	"report_symptom_id" uuid,
	"report_component_id" uuid,
	"report_cause_id" uuid,
	"report_action_id" uuid,
	"report_result_id" uuid,
	"report_circumstance_id" uuid,
	"report_updated_at" timestamp with time zone,
	"report_updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_type_check" CHECK ("work_orders"."type" IN ('CORRECTIVE', 'PREVENTIVE')),
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED')),
	CONSTRAINT "work_orders_priority_check" CHECK ("work_orders"."priority" IN ('LOW', 'NORMAL', 'HIGH', 'URGENT')),
	CONSTRAINT "work_orders_priority_rank_check" CHECK ("work_orders"."priority_rank" = CASE "work_orders"."priority" WHEN 'LOW' THEN 1 WHEN 'NORMAL' THEN 2 WHEN 'HIGH' THEN 3 ELSE 4 END),
	CONSTRAINT "work_orders_blocked_urgent_check" CHECK (NOT "work_orders"."person_blocked" OR "work_orders"."priority" = 'URGENT'),
	CONSTRAINT "work_orders_cancel_reason_check" CHECK ("work_orders"."status" <> 'CANCELLED' OR "work_orders"."cancel_reason" IS NOT NULL),
	CONSTRAINT "work_orders_period_check" CHECK ("work_orders"."period_key" IS NULL OR "work_orders"."period_key" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_task_template_id_task_templates_id_fk" FOREIGN KEY ("task_template_id") REFERENCES "public"."task_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_comments" ADD CONSTRAINT "work_order_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_symptom_id_reference_values_id_fk" FOREIGN KEY ("report_symptom_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_component_id_reference_values_id_fk" FOREIGN KEY ("report_component_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_cause_id_reference_values_id_fk" FOREIGN KEY ("report_cause_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_action_id_reference_values_id_fk" FOREIGN KEY ("report_action_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_result_id_reference_values_id_fk" FOREIGN KEY ("report_result_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_circumstance_id_reference_values_id_fk" FOREIGN KEY ("report_circumstance_id") REFERENCES "public"."reference_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_report_updated_by_users_id_fk" FOREIGN KEY ("report_updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_order_idx" ON "checklist_items" USING btree ("work_order_id","position");--> statement-breakpoint
CREATE INDEX "checklist_items_todo_idx" ON "checklist_items" USING btree ("work_order_id") WHERE "checklist_items"."status" = 'TODO';--> statement-breakpoint
CREATE UNIQUE INDEX "requests_reference_key" ON "requests" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_number_key" ON "requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_work_order_key" ON "requests" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_tracking_token_key" ON "requests" USING btree ("tracking_token_hash");--> statement-breakpoint
CREATE INDEX "requests_triage_idx" ON "requests" USING btree ("person_blocked" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "requests_asset_idx" ON "requests" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "requests_requested_by_idx" ON "requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "task_templates_label_key" ON "task_templates" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "work_order_assignees_user_idx" ON "work_order_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "work_order_comments_order_idx" ON "work_order_comments" USING btree ("work_order_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_events_order_idx" ON "work_order_events" USING btree ("work_order_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_reference_key" ON "work_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_key" ON "work_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_period_key" ON "work_orders" USING btree ("asset_id","period_key") WHERE "work_orders"."period_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "work_orders_triage_idx" ON "work_orders" USING btree ("person_blocked" DESC NULLS LAST,"priority_rank" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_asset_idx" ON "work_orders" USING btree ("asset_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "work_orders_created_by_idx" ON "work_orders" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "work_orders_requester_idx" ON "work_orders" USING btree ("requester_id");