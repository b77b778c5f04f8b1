CREATE TYPE "public"."circle_status" AS ENUM('proposed', 'accepted', 'lapsed');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'set_broker';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'circle_proposed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'circle_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'circle_accepted';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'circle_lapsed';--> statement-breakpoint
CREATE SEQUENCE "public"."circle_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "circle_members" (
	"circle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"receiver_id" uuid NOT NULL,
	"listing_id" uuid,
	"title" text NOT NULL,
	"value_inr" integer NOT NULL,
	"reasons" text[] NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"deal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id"),
	CONSTRAINT "circle_members_position_range" CHECK ("circle_members"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "circle_queue" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('circle_number_seq') NOT NULL,
	"status" "circle_status" DEFAULT 'proposed' NOT NULL,
	"key" text NOT NULL,
	"spread_inr" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_hours" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"lapse_reason" text,
	"lapsed_by" uuid,
	"broker_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circles_lapse_reason" CHECK ("circles"."lapse_reason" is null or "circles"."lapse_reason" in ('declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "member_accepts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_value_inr" integer NOT NULL,
	"max_value_inr" integer NOT NULL,
	"available_from" date,
	"available_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_accepts_value_range" CHECK ("member_accepts"."min_value_inr" >= 0 and "member_accepts"."max_value_inr" >= "member_accepts"."min_value_inr"),
	CONSTRAINT "member_accepts_dates" CHECK ("member_accepts"."available_from" is null or "member_accepts"."available_to" is null or "member_accepts"."available_to" >= "member_accepts"."available_from")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "broker_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_broker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_lapsed_by_users_id_fk" FOREIGN KEY ("lapsed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_accepts" ADD CONSTRAINT "member_accepts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_members_position_unique" ON "circle_members" USING btree ("circle_id","position");--> statement-breakpoint
CREATE INDEX "circle_members_user_idx" ON "circle_members" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "circles_number_unique" ON "circles" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_key_unique" ON "circles" USING btree ("key");--> statement-breakpoint
CREATE INDEX "circles_broker_created_idx" ON "circles" USING btree ("broker_id","created_at") WHERE "circles"."broker_id" is not null;--> statement-breakpoint
CREATE INDEX "circles_open_expires_idx" ON "circles" USING btree ("expires_at") WHERE "circles"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "member_accepts_categories_idx" ON "member_accepts" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "member_accepts_cities_idx" ON "member_accepts" USING gin ("cities");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_circle_idx" ON "deals" USING btree ("circle_id") WHERE "deals"."circle_id" is not null;