-- Issue 46, decision 240: how each SMS travelled (parts, encoding, the SMSC's ids) and its delivery reports.
ALTER TABLE "sms_outbox" ADD COLUMN "parts" smallint;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "encoding" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "smsc_message_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_smsc_message_ids_idx" ON "sms_outbox" USING gin ("smsc_message_ids");
