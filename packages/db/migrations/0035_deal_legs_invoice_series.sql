CREATE TABLE "deal_legs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"supplier_gstin" text,
	"recipient_gstin" text,
	"supplier_state" text,
	"place_of_supply" text,
	"place_of_supply_basis" text NOT NULL,
	"sac" text NOT NULL,
	"rate_pct" numeric(4, 1) NOT NULL,
	"description" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"rate_day" date NOT NULL,
	"invoice_number" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_legs_status" CHECK ("deal_legs"."status" in ('draft', 'issued', 'not_required')),
	CONSTRAINT "deal_legs_basis" CHECK ("deal_legs"."place_of_supply_basis" in ('recipient', 'property')),
	CONSTRAINT "deal_legs_issued" CHECK (("deal_legs"."status" = 'issued') = ("deal_legs"."issued_at" is not null)),
	CONSTRAINT "deal_legs_amounts" CHECK ("deal_legs"."taxable_paise" >= 0 and "deal_legs"."igst_paise" >= 0 and "deal_legs"."cgst_paise" >= 0 and "deal_legs"."sgst_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_invoice_counters" (
	"user_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "member_invoice_counters_user_id_financial_year_pk" PRIMARY KEY("user_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "member_invoice_series" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_legs" ADD CONSTRAINT "deal_legs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_legs" ADD CONSTRAINT "deal_legs_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_legs" ADD CONSTRAINT "deal_legs_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invoice_counters" ADD CONSTRAINT "member_invoice_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invoice_series" ADD CONSTRAINT "member_invoice_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_legs_deal_key_unique" ON "deal_legs" USING btree ("deal_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_legs_supplier_invoice_unique" ON "deal_legs" USING btree ("supplier_id","invoice_number") WHERE "deal_legs"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "deal_legs_supplier_idx" ON "deal_legs" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_legs_recipient_idx" ON "deal_legs" USING btree ("recipient_id","created_at");