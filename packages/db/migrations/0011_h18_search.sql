CREATE TABLE "search_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "listings"."title"), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("listings"."category", '') || ' ' || coalesce("listings"."city", '') || ' ' || "listings"."location"), 'B') || setweight(to_tsvector('simple'::regconfig, "listings"."description"), 'C') || setweight(to_tsvector('simple'::regconfig, coalesce("listings"."seeking", '')), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);