ALTER TYPE "public"."notification_kind" ADD VALUE 'plan_changed';--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "replaced_subscription" jsonb;