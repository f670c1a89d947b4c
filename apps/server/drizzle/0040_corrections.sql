-- Decision 226: a correction is a new `reversal` transaction, asked by one and approved by another; the
-- original becomes `reversed` (its one change). The requests are kept, decided and executed, here; the
-- reversal's insert marks its request executed and its original reversed (sql/ledger_reversal_posted.sql).
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" = 'completed' OR "transactions"."type" = 'external_transfer' OR ("transactions"."status" = 'reversed' AND "transactions"."type" IN ('deposit', 'withdrawal', 'transfer', 'agent_deposit')));--> statement-breakpoint
CREATE TABLE "correction_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"super_admin_required" boolean NOT NULL,
	"cash_moves" boolean NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"executed_by_user_id" uuid,
	"executed_at" timestamp with time zone,
	"reversal_transaction_id" uuid,
	CONSTRAINT "correction_requests_four_eyes_check" CHECK ("correction_requests"."decided_by_user_id" <> "correction_requests"."requested_by_user_id"),
	CONSTRAINT "correction_requests_decided_check" CHECK (("correction_requests"."status" = 'requested') = ("correction_requests"."decided_by_user_id" IS NULL) AND ("correction_requests"."decided_at" IS NULL) = ("correction_requests"."decided_by_user_id" IS NULL)),
	CONSTRAINT "correction_requests_rejected_check" CHECK (("correction_requests"."status" = 'rejected') = ("correction_requests"."rejection_reason" IS NOT NULL)),
	CONSTRAINT "correction_requests_executed_check" CHECK (("correction_requests"."status" = 'executed') = ("correction_requests"."reversal_transaction_id" IS NOT NULL) AND ("correction_requests"."status" = 'executed') = ("correction_requests"."executed_by_user_id" IS NOT NULL) AND ("correction_requests"."executed_at" IS NULL) = ("correction_requests"."executed_by_user_id" IS NULL))
);--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_executed_by_user_id_users_id_fk" FOREIGN KEY ("executed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_reversal_transaction_id_transactions_id_fk" FOREIGN KEY ("reversal_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "correction_requests_open_key" ON "correction_requests" USING btree ("transaction_id") WHERE "correction_requests"."status" IN ('requested', 'approved', 'executed');--> statement-breakpoint
CREATE UNIQUE INDEX "correction_requests_reversal_key" ON "correction_requests" USING btree ("reversal_transaction_id") WHERE "correction_requests"."reversal_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "correction_requests_agent_idx" ON "correction_requests" USING btree ("agent_id","status","requested_at");
