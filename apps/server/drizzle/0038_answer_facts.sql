-- Decision 222: a flow's key stores the part of its answer TypeScript built and the facts its reads found;
-- `ledger_post_flow` takes the movement as a batch item and answers the facts; the batch's keys are one array
-- of `ledger_batch_key`. A function whose signature or result changes is dropped here, then defined by sql/.
ALTER TABLE "idempotency_keys" ADD COLUMN "response_facts" jsonb;--> statement-breakpoint
ALTER TYPE "ledger_flow_read" RENAME ATTRIBUTE "slots" TO "facts";--> statement-breakpoint
CREATE TYPE "ledger_batch_key" AS (
  "key_text" text, "first_item" integer, "state" text, "hash" text, "status" integer, "body" text, "owner" integer
);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_batch_claim_keys"("ledger_batch_item"[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_batch_store_answers"("ledger_batch_item"[], integer[], text[], integer[]);--> statement-breakpoint
DROP FUNCTION "ledger_post_flow"(text, jsonb, text, uuid, text, text, text, timestamptz, text[], text[], text, text,
  text, boolean, text, bigint, uuid, bigint, bigint, bigint, bigint, text[], bigint[], uuid, text, text, text, uuid,
  uuid, text, text, text, uuid, jsonb, jsonb, uuid, text);--> statement-breakpoint
DROP FUNCTION "ledger_htg_json"(bigint);--> statement-breakpoint
DROP FUNCTION "ledger_sender_json"(uuid);
