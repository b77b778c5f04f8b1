DROP INDEX "conversations_listing_pair_unique";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_deal_unique" ON "conversations" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_listing_pair_unique" ON "conversations" USING btree ("listing_id","initiator_id","owner_id") WHERE "conversations"."deal_id" is null;