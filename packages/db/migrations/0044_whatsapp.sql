CREATE TYPE "public"."whatsapp_message_status" AS ENUM('sent', 'delivered', 'read', 'failed');--> statement-breakpoint
CREATE TABLE "whatsapp_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"message_id" text PRIMARY KEY NOT NULL,
	"from_number" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wamid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"deal_id" uuid,
	"event_id" uuid,
	"status" "whatsapp_message_status" DEFAULT 'sent' NOT NULL,
	"error_code" integer,
	"error_title" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_numbers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"deal_updates" boolean DEFAULT false NOT NULL,
	"match_alerts" boolean DEFAULT false NOT NULL,
	"opted_out_at" timestamp with time zone,
	"unreachable_at" timestamp with time zone,
	"unreachable_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "event_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "whatsapp_challenges" ADD CONSTRAINT "whatsapp_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_challenges_user_idx" ON "whatsapp_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_unique" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_event_unique" ON "whatsapp_messages" USING btree ("event_id","user_id") WHERE "whatsapp_messages"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_deal_idx" ON "whatsapp_messages" USING btree ("user_id","deal_id","created_at");--> statement-breakpoint
CREATE INDEX "events_resource_idx" ON "events" USING btree ("resource_id","sequence");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at","id") WHERE "event_deliveries"."status" = 'pending';