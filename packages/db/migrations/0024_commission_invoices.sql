ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "commission_order_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_commission_order_id_deal_commission_orders_id_fk" FOREIGN KEY ("commission_order_id") REFERENCES "public"."deal_commission_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_commission_order_unique" ON "invoices" USING btree ("commission_order_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_payment" CHECK (num_nonnulls("invoices"."order_id", "invoices"."commission_order_id") = 1);