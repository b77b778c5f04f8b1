ALTER TYPE "public"."notification_kind" ADD VALUE 'leg_invoice_due';--> statement-breakpoint
DROP INDEX "deal_legs_supplier_idx";--> statement-breakpoint
DROP INDEX "deal_legs_recipient_idx";--> statement-breakpoint
CREATE INDEX "deal_legs_supplier_idx" ON "deal_legs" USING btree ("supplier_id","rate_day");--> statement-breakpoint
CREATE INDEX "deal_legs_recipient_idx" ON "deal_legs" USING btree ("recipient_id","rate_day");