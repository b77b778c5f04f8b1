-- Issue 33: an optional Hindi or Marathi title and description beside the English, searched with it. The search
-- columns are generated from the new ones, so they come after them; dropping search_text drops its trigram index,
-- which is made again.
ALTER TABLE "listings" ADD COLUMN "local_language" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "local_title" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "local_description" text;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_local_check" CHECK (("listings"."local_language" is null or "listings"."local_language" in ('hi','mr')) and ("listings"."local_title" is null) = ("listings"."local_language" is null) and ("listings"."local_description" is null or "listings"."local_title" is not null));--> statement-breakpoint
ALTER TABLE "listings" drop column "search_text";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("listings"."title" || ' ' || "listings"."location" || ' ' || "listings"."description" || ' ' || coalesce("listings"."seeking", '') || ' ' || coalesce("listings"."local_title", '') || ' ' || coalesce("listings"."local_description", ''))) STORED;--> statement-breakpoint
CREATE INDEX "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "listings"."title" || ' ' || coalesce("listings"."local_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("listings"."category", '') || ' ' || coalesce("listings"."city", '') || ' ' || "listings"."location"), 'B') || setweight(to_tsvector('simple'::regconfig, "listings"."description" || ' ' || coalesce("listings"."local_description", '')), 'C') || setweight(to_tsvector('simple'::regconfig, coalesce("listings"."seeking", '')), 'D')) STORED;
