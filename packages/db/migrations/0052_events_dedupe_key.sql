ALTER TABLE "events" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_dedupe_key_unique" ON "events" USING btree ("dedupe_key");