CREATE TYPE "public"."deliverable_event_kind" AS ENUM('delivered', 'accepted', 'auto_accepted', 'disputed', 'resolved_redeliver', 'resolved_accept', 'resolved_cancel_deal');--> statement-breakpoint
CREATE TYPE "public"."deliverable_status" AS ENUM('pending', 'delivered', 'accepted', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."dispute_reason" AS ENUM('not_delivered', 'partly_delivered', 'not_as_agreed');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'resolve_dispute';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'hide_review';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'review';--> statement-breakpoint
CREATE TABLE "deal_deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"giver_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"status" "deliverable_status" DEFAULT 'pending' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"note" text,
	"link" text,
	"delivered_at" timestamp with time zone,
	"reminded_day" smallint DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"auto_accepted" boolean DEFAULT false NOT NULL,
	"dispute_reason" "dispute_reason",
	"dispute_details" text,
	"disputed_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_deliverables_parties_differ" CHECK ("deal_deliverables"."giver_id" <> "deal_deliverables"."receiver_id"),
	CONSTRAINT "deal_deliverables_delivered_has_time" CHECK ("deal_deliverables"."status" = 'pending' or "deal_deliverables"."delivered_at" is not null),
	CONSTRAINT "deal_deliverables_accepted_has_time" CHECK (("deal_deliverables"."status" = 'accepted') = ("deal_deliverables"."accepted_at" is not null)),
	CONSTRAINT "deal_deliverables_disputed_has_reason" CHECK ("deal_deliverables"."status" <> 'disputed' or "deal_deliverables"."dispute_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "deliverable_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"kind" "deliverable_event_kind" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliverable_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliverable_proofs_kind" CHECK ("deliverable_proofs"."kind" in ('photo', 'document'))
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"published_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_author_not_subject" CHECK ("reviews"."author_id" <> "reviews"."subject_id"),
	CONSTRAINT "reviews_reply_when_public" CHECK ("reviews"."reply" is null or "reviews"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "deal_deliverables" ADD CONSTRAINT "deal_deliverables_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_deliverables" ADD CONSTRAINT "deal_deliverables_item_id_deal_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."deal_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_deliverables" ADD CONSTRAINT "deal_deliverables_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_deliverables" ADD CONSTRAINT "deal_deliverables_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_events" ADD CONSTRAINT "deliverable_events_deliverable_id_deal_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deal_deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_events" ADD CONSTRAINT "deliverable_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_events" ADD CONSTRAINT "deliverable_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_proofs" ADD CONSTRAINT "deliverable_proofs_deliverable_id_deal_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deal_deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_proofs" ADD CONSTRAINT "deliverable_proofs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_deliverables_item_unique" ON "deal_deliverables" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "deal_deliverables_deal_idx" ON "deal_deliverables" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deal_deliverables_delivered_idx" ON "deal_deliverables" USING btree ("delivered_at") WHERE "deal_deliverables"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "deliverable_events_deal_idx" ON "deliverable_events" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_proofs_key_unique" ON "deliverable_proofs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "deliverable_proofs_deliverable_idx" ON "deliverable_proofs" USING btree ("deliverable_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_unique" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_deal_author_unique" ON "reviews" USING btree ("deal_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_public_idx" ON "reviews" USING btree ("subject_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."published_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" USING btree ("deal_id") WHERE "reviews"."published_at" is null;