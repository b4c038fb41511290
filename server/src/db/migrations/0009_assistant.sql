CREATE TABLE "assistant_code_stems" (
	"generation" integer NOT NULL,
	"stem" text NOT NULL,
	"value_id" uuid NOT NULL,
	"reports" integer NOT NULL,
	CONSTRAINT "assistant_code_stems_generation_stem_value_id_pk" PRIMARY KEY("generation","stem","value_id")
);
--> statement-breakpoint
CREATE TABLE "assistant_excerpts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_excerpts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"generation" integer NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"page" integer,
	"work_order_id" uuid,
	"asset_id" uuid,
	"context" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "assistant_excerpts_kind_check" CHECK ("assistant_excerpts"."kind" IN ('DOCUMENT', 'REPORT')),
	CONSTRAINT "assistant_excerpts_source_check" CHECK (CASE "assistant_excerpts"."kind" WHEN 'DOCUMENT' THEN "assistant_excerpts"."document_id" IS NOT NULL AND "assistant_excerpts"."page" >= 1 ELSE "assistant_excerpts"."work_order_id" IS NOT NULL END)
);
--> statement-breakpoint
CREATE TABLE "assistant_generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "assistant_generations_status_check" CHECK ("assistant_generations"."status" IN ('BUILDING', 'READY', 'FAILED', 'RETIRED'))
);
--> statement-breakpoint
CREATE TABLE "assistant_words" (
	"generation" integer NOT NULL,
	"word" text NOT NULL,
	"excerpts" integer NOT NULL,
	CONSTRAINT "assistant_words_generation_word_pk" PRIMARY KEY("generation","word")
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "report_notes" text;--> statement-breakpoint
ALTER TABLE "assistant_code_stems" ADD CONSTRAINT "assistant_code_stems_generation_assistant_generations_id_fk" FOREIGN KEY ("generation") REFERENCES "public"."assistant_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_excerpts" ADD CONSTRAINT "assistant_excerpts_generation_assistant_generations_id_fk" FOREIGN KEY ("generation") REFERENCES "public"."assistant_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_words" ADD CONSTRAINT "assistant_words_generation_assistant_generations_id_fk" FOREIGN KEY ("generation") REFERENCES "public"."assistant_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_excerpts_generation_idx" ON "assistant_excerpts" USING btree ("generation","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_excerpts_report_key" ON "assistant_excerpts" USING btree ("generation","work_order_id") WHERE "assistant_excerpts"."kind" = 'REPORT';--> statement-breakpoint
CREATE INDEX "assistant_excerpts_document_idx" ON "assistant_excerpts" USING btree ("document_id") WHERE "assistant_excerpts"."document_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_generations_building_key" ON "assistant_generations" USING btree ("status") WHERE "assistant_generations"."status" = 'BUILDING';--> statement-breakpoint
-- The excerpt's words for retrieval (palier_fr: unaccent then French stems), with the folded
-- forms of its codes (« E-214 » also as « e214 »), written by the indexer.
ALTER TABLE assistant_excerpts ADD COLUMN words tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE assistant_excerpts ADD COLUMN learn_words tsvector;--> statement-breakpoint
CREATE INDEX assistant_excerpts_words_idx ON assistant_excerpts USING gin (words);--> statement-breakpoint
-- Typos: the nearest known word by trigrams (« serage » → « serrage »).
CREATE INDEX assistant_words_trgm_idx ON assistant_words USING gin (word gin_trgm_ops);
