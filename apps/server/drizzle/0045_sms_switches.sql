-- Issue 46, decision 242: a switch per kind of SMS; a kind without a row is on.
CREATE TABLE "sms_kind_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "sms_kind_settings_kind_check" CHECK ("sms_kind_settings"."kind" IN ('receipt', 'pickup_code', 'transfer_paid', 'transfer_cancelled', 'transfer_expired'))
);
--> statement-breakpoint
ALTER TABLE "sms_kind_settings" ADD CONSTRAINT "sms_kind_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The operators' list of failed deliveries, the latest first.
CREATE INDEX "sms_outbox_failed_idx" ON "sms_outbox" USING btree ("failed_at" DESC NULLS FIRST) WHERE "sms_outbox"."failed_at" IS NOT NULL;
