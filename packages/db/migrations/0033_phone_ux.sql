ALTER TYPE "public"."audit_action" ADD VALUE 'dismiss_review_reports';--> statement-breakpoint
DROP INDEX "conversations_listing_pair_unique";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "deliverable_proofs" ADD COLUMN "purpose" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "dismissed_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_deal_unique" ON "conversations" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_listing_pair_unique" ON "conversations" USING btree ("listing_id","initiator_id","owner_id") WHERE "conversations"."deal_id" is null;--> statement-breakpoint
ALTER TABLE "deliverable_proofs" ADD CONSTRAINT "deliverable_proofs_purpose" CHECK ("deliverable_proofs"."purpose" in ('delivery', 'dispute'));