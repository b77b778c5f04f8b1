ALTER TABLE "users" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_pin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "einvoicing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_whole" CHECK (("users"."address_line" is null) = ("users"."address_city" is null) and ("users"."address_line" is null) = ("users"."address_pin" is null) and ("users"."address_line" is null) = ("users"."address_state" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_pin" CHECK ("users"."address_pin" ~ '^[1-8][0-9]{5}$');