-- Decision 216: one function locks, checks and writes every movement. `ledger_post_flow` (sql/) posts through
-- `ledger_post_movements` and calls its flow's reads, which answer this type; 0007's `ledger_post_movement`,
-- its last caller gone, is dropped.
CREATE TYPE "ledger_flow_read" AS (
  "agent_id" uuid, "refs" jsonb, "amount" bigint, "sender_ref" text, "sender_person_id" uuid,
  "recipient" jsonb, "related_id" uuid, "slots" jsonb
);--> statement-breakpoint
DROP FUNCTION "ledger_post_movement"(uuid, text, text, text, timestamptz, text[], text[], text, text, text,
  boolean, text, bigint, uuid, bigint, bigint, bigint, bigint, text[], bigint[], uuid, text, text, text, uuid, uuid,
  text, text, text, uuid, jsonb, jsonb, uuid, text);
