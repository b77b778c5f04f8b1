CREATE TYPE "public"."event_actor_kind" AS ENUM('user', 'admin', 'api_key', 'system');--> statement-breakpoint
CREATE TYPE "public"."event_delivery_status" AS ENUM('pending', 'delivered', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"status" "event_delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"actor_kind" "event_actor_kind" NOT NULL,
	"actor_id" uuid,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"audience" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"data" jsonb NOT NULL,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_unique" ON "event_deliveries" USING btree ("event_id","channel","target");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at") WHERE "event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "events_sequence_unique" ON "events" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("sequence") WHERE "events"."dispatched_at" IS NULL;--> statement-breakpoint
CREATE INDEX "events_audience_idx" ON "events" USING gin ("audience");