DROP INDEX "listings_status_created_idx";--> statement-breakpoint
DROP INDEX "listings_status_owner_type_created_idx";--> statement-breakpoint
DROP INDEX "listings_status_category_created_idx";--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"owner_suspended");--> statement-breakpoint
CREATE INDEX "listings_status_owner_type_created_idx" ON "listings" USING btree ("status","owner_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"owner_suspended");--> statement-breakpoint
CREATE INDEX "listings_status_category_created_idx" ON "listings" USING btree ("status","category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"owner_suspended");