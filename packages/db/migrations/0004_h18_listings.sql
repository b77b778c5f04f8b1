ALTER TABLE "users" ALTER COLUMN "pref_show_profile" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rate_inr" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "min_units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "available_to" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "monthly_reach" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_status_city_created_idx" ON "listings" USING btree ("status","city","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_rate_idx" ON "listings" USING btree ("status","rate_inr");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_unit_check" CHECK ("listings"."unit" is null or "listings"."unit" in ('day','week','month','spot','insertion','post','event','thousand_impressions'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_rate_check" CHECK ("listings"."rate_inr" is null or "listings"."rate_inr" > 0);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_min_units_check" CHECK ("listings"."min_units" >= 1);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_dates_check" CHECK ("listings"."available_from" is null or "listings"."available_to" is null or "listings"."available_to" >= "listings"."available_from");