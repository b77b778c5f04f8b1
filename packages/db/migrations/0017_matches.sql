CREATE TABLE "listing_match_queue" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_matches" (
	"listing_id" uuid NOT NULL,
	"matched_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"reasons" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_matches_listing_id_matched_id_pk" PRIMARY KEY("listing_id","matched_id")
);
--> statement-breakpoint
ALTER TABLE "listing_matches" ADD CONSTRAINT "listing_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_matches" ADD CONSTRAINT "listing_matches_matched_id_listings_id_fk" FOREIGN KEY ("matched_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_matches_listing_score_idx" ON "listing_matches" USING btree ("listing_id","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_matches_matched_idx" ON "listing_matches" USING btree ("matched_id");--> statement-breakpoint
CREATE INDEX "listing_matches_created_idx" ON "listing_matches" USING btree ("created_at");