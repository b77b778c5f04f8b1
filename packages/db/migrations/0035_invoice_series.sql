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
ALTER TABLE "member_invoice_counters" ADD CONSTRAINT "member_invoice_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invoice_series" ADD CONSTRAINT "member_invoice_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_legs_supplier_invoice_unique" ON "deal_legs" USING btree ("supplier_id","invoice_number") WHERE "deal_legs"."invoice_number" is not null;