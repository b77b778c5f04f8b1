CREATE TYPE "public"."deal_status" AS ENUM('proposed', 'accepted', 'completed', 'declined', 'withdrawn', 'expired', 'cancelled', 'disputed');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'cancel_deal';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'deal';--> statement-breakpoint
CREATE SEQUENCE "public"."deal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deal_commission_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"razorpay_order_id" text NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" "payment_status" DEFAULT 'created' NOT NULL,
	"razorpay_payment_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_commission_orders_amount_positive" CHECK ("deal_commission_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "deal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"position" integer NOT NULL,
	"giver_id" uuid NOT NULL,
	"listing_id" uuid,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"value_inr" integer NOT NULL,
	CONSTRAINT "deal_items_value_range" CHECK ("deal_items"."value_inr" between 1 and 100000000),
	CONSTRAINT "deal_items_quantity_positive" CHECK ("deal_items"."quantity" >= 1),
	CONSTRAINT "deal_items_dates" CHECK ("deal_items"."start_date" is null or "deal_items"."end_date" is null or "deal_items"."end_date" >= "deal_items"."start_date")
);
--> statement-breakpoint
CREATE TABLE "deal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"message" text,
	"open_days" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_versions_version_range" CHECK ("deal_versions"."version" between 1 and 10),
	CONSTRAINT "deal_versions_open_days" CHECK ("deal_versions"."open_days" in (3, 7, 14, 30))
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"status" "deal_status" DEFAULT 'proposed' NOT NULL,
	"listing_id" uuid,
	"proposer_id" uuid NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"conversation_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"turn_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"expiry_reminded_version" integer,
	"decline_reason" text,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"proposer_commission_bp" integer,
	"proposer_commission_inr" integer,
	"proposer_commission_paid" boolean DEFAULT false NOT NULL,
	"counterparty_commission_bp" integer,
	"counterparty_commission_inr" integer,
	"counterparty_commission_paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_parties_differ" CHECK ("deals"."proposer_id" <> "deals"."counterparty_id"),
	CONSTRAINT "deals_version_range" CHECK ("deals"."version" between 1 and 10),
	CONSTRAINT "deals_turn_while_proposed" CHECK (("deals"."status" = 'proposed') = ("deals"."turn_user_id" is not null)),
	CONSTRAINT "deals_turn_is_party" CHECK ("deals"."turn_user_id" is null or "deals"."turn_user_id" in ("deals"."proposer_id", "deals"."counterparty_id")),
	CONSTRAINT "deals_number_when_accepted" CHECK (("deals"."number" is not null) = ("deals"."accepted_at" is not null)),
	CONSTRAINT "deals_accepted_states" CHECK ("deals"."status" not in ('accepted', 'completed', 'disputed') or "deals"."accepted_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "deal_commission_orders" ADD CONSTRAINT "deal_commission_orders_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_commission_orders" ADD CONSTRAINT "deal_commission_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_version_id_deal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."deal_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_versions" ADD CONSTRAINT "deal_versions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_versions" ADD CONSTRAINT "deal_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_turn_user_id_users_id_fk" FOREIGN KEY ("turn_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_commission_orders_razorpay_unique" ON "deal_commission_orders" USING btree ("razorpay_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_commission_orders_receipt_unique" ON "deal_commission_orders" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "deal_commission_orders_deal_user_idx" ON "deal_commission_orders" USING btree ("deal_id","user_id");--> statement-breakpoint
CREATE INDEX "deal_items_deal_version_idx" ON "deal_items" USING btree ("deal_id","version","position");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_versions_deal_version_unique" ON "deal_versions" USING btree ("deal_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_number_unique" ON "deals" USING btree ("number");--> statement-breakpoint
CREATE INDEX "deals_proposer_updated_idx" ON "deals" USING btree ("proposer_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_open_expires_idx" ON "deals" USING btree ("expires_at") WHERE "deals"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "deals_counterparty_updated_idx" ON "deals" USING btree ("counterparty_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_proposer_accepted_idx" ON "deals" USING btree ("proposer_id","accepted_at") WHERE "deals"."accepted_at" is not null;--> statement-breakpoint
CREATE INDEX "deals_counterparty_accepted_idx" ON "deals" USING btree ("counterparty_id","accepted_at") WHERE "deals"."accepted_at" is not null;