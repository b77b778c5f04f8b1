CREATE TYPE "public"."business_verification_status" AS ENUM('unverified', 'pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."verification_submission_status" AS ENUM('pending', 'verified', 'rejected', 'superseded');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'approve_verification';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'reject_verification';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'business';--> statement-breakpoint
CREATE TABLE "business_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"gstin" text NOT NULL,
	"legal_name" text NOT NULL,
	"pan" text,
	"udyam" text,
	"certificate_key" text NOT NULL,
	"certificate_type" text NOT NULL,
	"certificate_name" text NOT NULL,
	"certificate_bytes" integer NOT NULL,
	"status" "verification_submission_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gst_verification" "business_verification_status" DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_verifications_business_idx" ON "business_verifications" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_verifications_status_idx" ON "business_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_verifications_one_pending" ON "business_verifications" USING btree ("business_id") WHERE "business_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "users_gst_verified_idx" ON "users" USING btree ("id") WHERE "users"."gst_verification" = 'verified';