ALTER TYPE "public"."audit_action" ADD VALUE 'dismiss_review_reports';--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "dismissed_by" uuid;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;