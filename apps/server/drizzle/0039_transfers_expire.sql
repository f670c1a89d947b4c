-- Decision 225: a pending external transfer not paid out in time expires (the status `expired`, a value of the
-- text column `status`, allowed by sql/ledger_transactions_posted.sql). A transfer is refunded at most once;
-- the expiry job finds the pending transfers by age; it posts under a system user that never signs in.
CREATE UNIQUE INDEX "transactions_one_refund_key" ON "transactions" USING btree ("related_transaction_id")
  WHERE "transactions"."type" = 'external_refund';--> statement-breakpoint
CREATE INDEX "transactions_pending_transfers_idx" ON "transactions" USING btree ("created_at")
  WHERE "transactions"."type" = 'external_transfer' AND "transactions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (("users"."role" = 'sudo' AND "users"."agent_id" IS NULL AND "users"."agent_role" IS NULL AND "users"."is_super_admin" <> "users"."system")
       OR ("users"."role" = 'agent_admin' AND "users"."agent_id" IS NOT NULL AND "users"."agent_role" = 'admin' AND NOT "users"."is_super_admin")
       OR ("users"."role" = 'user' AND "users"."agent_id" IS NOT NULL AND "users"."agent_role" = 'agent' AND NOT "users"."is_super_admin"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_system_check" CHECK (NOT "users"."system" OR ("users"."role" = 'sudo' AND "users"."deleted_at" IS NOT NULL));--> statement-breakpoint
-- The system user and the person behind it (a user needs one): no document, phone or e-mail, so no search
-- finds it; a password hash that no password matches, and disabled.
INSERT INTO "persons" ("id", "first_name", "last_name")
  VALUES ('00000000-0000-7000-8000-00000000a11a', 'Lajan', '(automatique)');--> statement-breakpoint
INSERT INTO "users" ("id", "username", "password_hash", "person_id", "role", "is_super_admin", "system",
    "deleted_at", "password_updated_at")
  VALUES ('00000000-0000-7000-8000-00000000a11a', 'Lajan (automatique)', '!',
    '00000000-0000-7000-8000-00000000a11a', 'sudo', false, true, now(), now());
