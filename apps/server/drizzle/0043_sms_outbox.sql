-- Issue 46: SMS written in the transaction that causes them and sent after the commit, as mail's outbox.
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"language" text NOT NULL,
	"text_body" text,
	"facts" jsonb,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "sms_outbox_kind_check" CHECK ("sms_outbox"."kind" IN ('receipt', 'pickup_code', 'transfer_paid', 'transfer_cancelled', 'transfer_expired')),
	CONSTRAINT "sms_outbox_language_check" CHECK ("sms_outbox"."language" IN ('fr', 'ht')),
	CONSTRAINT "sms_outbox_text_check" CHECK ("sms_outbox"."text_body" IS NOT NULL OR "sms_outbox"."facts" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."sent_at" IS NULL AND "sms_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_transaction_idx" ON "sms_outbox" USING btree ("transaction_id");
