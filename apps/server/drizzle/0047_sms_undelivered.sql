-- Issue 46, decision 242: the operators' list holds the SMS given up and those reported not delivered,
-- the latest failure first; the index of 0045 covered the first only (a full scan of the outbox otherwise).
DROP INDEX "sms_outbox_failed_idx";--> statement-breakpoint
CREATE INDEX "sms_outbox_failures_idx" ON "sms_outbox" USING btree ((coalesce("failed_at", "sent_at")) DESC, "id" DESC) WHERE ("sms_outbox"."failed_at" IS NOT NULL AND "sms_outbox"."sent_at" IS NULL) OR ("sms_outbox"."sent_at" IS NOT NULL AND "sms_outbox"."delivery_status" IN ('UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'));
