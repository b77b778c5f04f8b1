CREATE TABLE "search_changes" (
	"generation" bigint NOT NULL,
	"listing_id" uuid,
	"owner_id" uuid,
	"before" jsonb
);
--> statement-breakpoint
ALTER TABLE "search_generation" ADD COLUMN "words" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_changes_generation_idx" ON "search_changes" USING btree ("generation");