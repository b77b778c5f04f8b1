ALTER TYPE "public"."challenge_purpose" ADD VALUE 'password_reset';--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");