CREATE TABLE "whatsapp_pending_statuses" (
	"wamid" text NOT NULL,
	"status" "whatsapp_message_status" NOT NULL,
	"error_code" integer,
	"error_title" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_pending_statuses_wamid_status_pk" PRIMARY KEY("wamid","status")
);
--> statement-breakpoint
CREATE INDEX "whatsapp_pending_statuses_received_idx" ON "whatsapp_pending_statuses" USING btree ("received_at");