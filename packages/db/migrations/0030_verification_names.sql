ALTER TABLE "business_verifications" ADD COLUMN "trade_name" text;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD COLUMN "renamed_from" text;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD COLUMN "certificate_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "business_verifications_gstin_idx" ON "business_verifications" USING btree ("gstin");--> statement-breakpoint
CREATE INDEX "business_verifications_certificate_key_idx" ON "business_verifications" USING btree ("certificate_key");