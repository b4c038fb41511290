CREATE INDEX "assistant_excerpts_asset_report_idx" ON "assistant_excerpts" USING btree ("asset_id") WHERE "assistant_excerpts"."kind" = 'REPORT';--> statement-breakpoint
-- Manual pages are a few hundred among hundreds of thousands of reports: their own words
-- index, so that a question's any-term search on the pages never walks the reports.
CREATE INDEX assistant_excerpts_document_words_idx ON assistant_excerpts USING gin (words) WHERE kind = 'DOCUMENT';--> statement-breakpoint
-- Typos are corrected to plain words only: the references and codes of reports (« ot044288 »)
-- are most of the words and never a typo's answer.
DROP INDEX assistant_words_trgm_idx;--> statement-breakpoint
CREATE INDEX assistant_words_trgm_idx ON assistant_words USING gin (word gin_trgm_ops) WHERE word !~ '[^a-z]';
