ALTER TABLE "deals" DROP CONSTRAINT "deals_turn_while_proposed";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "draft_accepted_by" uuid[];--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_turn_while_proposed" CHECK (("deals"."status" = 'proposed' and "deals"."draft_accepted_by" is null) = ("deals"."turn_user_id" is not null));