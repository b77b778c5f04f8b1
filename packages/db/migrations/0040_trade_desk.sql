ALTER TYPE "public"."audit_action" ADD VALUE 'set_broker';--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "broker_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "broker_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_broker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circles_broker_created_idx" ON "circles" USING btree ("broker_id","created_at") WHERE "circles"."broker_id" is not null;