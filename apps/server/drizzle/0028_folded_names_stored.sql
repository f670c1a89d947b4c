-- Decision 181 (issue 14, "Speed at the limit"): the history's folded names stored once, when the row is written.
-- The name search (decisions 139, 175, 178) compares the folded names of each transaction (the party's name and
-- last name, the recipient's name and last name) and of the persons (a sender, a holder) with the prefix typed.
-- Their indexes computed them with lajan_fold when a row was written, but a search whose matches are many (a
-- common first name) is a filter, and the filter computed them again, row by row: 7 µs a name, four names a
-- transaction; the planner, which prices the inlined translate() as one operator, even chose to scan every
-- person so. They are now columns, generated and STORED: computed once when the row is written (where the
-- indexes computed them before), read by the filter and indexed as they are.
-- lajan_fold is IMMUTABLE: should its letters change (0026 changed only their order, not a result), these
-- columns, as the indexes before them, would have to be written again.
DROP INDEX "persons_full_name_prefix_idx";--> statement-breakpoint
DROP INDEX "persons_last_name_prefix_idx";--> statement-breakpoint
ALTER TABLE "persons"
  ADD COLUMN "full_name_folded" text GENERATED ALWAYS AS (lajan_fold("first_name" || ' ' || "last_name")) STORED,
  ADD COLUMN "last_name_folded" text GENERATED ALWAYS AS (lajan_fold("last_name")) STORED;--> statement-breakpoint
CREATE INDEX "persons_full_name_prefix_idx" ON "persons" USING btree ("full_name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_prefix_idx" ON "persons" USING btree ("last_name_folded" text_pattern_ops);--> statement-breakpoint
DROP INDEX "transactions_party_name_idx";--> statement-breakpoint
DROP INDEX "transactions_party_last_name_idx";--> statement-breakpoint
DROP INDEX "transactions_recipient_name_idx";--> statement-breakpoint
DROP INDEX "transactions_recipient_last_name_idx";--> statement-breakpoint
ALTER TABLE "transactions"
  ADD COLUMN "party_name_folded" text GENERATED ALWAYS AS (lajan_fold("party"->>'name')) STORED,
  ADD COLUMN "party_last_name_folded" text
    GENERATED ALWAYS AS (lajan_fold(substr("party"->>'name', strpos("party"->>'name', ' ') + 1))) STORED,
  ADD COLUMN "recipient_name_folded" text GENERATED ALWAYS AS (CASE WHEN "recipient" IS NOT NULL THEN
    lajan_fold(coalesce("recipient"->>'firstName', '') || ' ' || coalesce("recipient"->>'lastName', '')) END) STORED,
  ADD COLUMN "recipient_last_name_folded" text GENERATED ALWAYS AS (lajan_fold("recipient"->>'lastName')) STORED;--> statement-breakpoint
CREATE INDEX "transactions_party_name_idx" ON "transactions" USING btree ("party_name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_party_last_name_idx" ON "transactions" USING btree ("party_last_name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_recipient_name_idx" ON "transactions" USING btree ("recipient_name_folded" text_pattern_ops)
  WHERE "recipient_name_folded" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_recipient_last_name_idx" ON "transactions" USING btree ("recipient_last_name_folded" text_pattern_ops)
  WHERE "recipient_last_name_folded" IS NOT NULL;--> statement-breakpoint
-- 0005's guard compares a changed transaction with its old row but for its status and settlement time: the
-- generated columns follow party and recipient, which it compares already (in a BEFORE trigger they are not
-- computed yet).
CREATE OR REPLACE FUNCTION "ledger_transactions_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD."type" = 'external_transfer' AND OLD."status" = 'pending'
    AND NEW."status" IN ('completed', 'cancelled')
    AND to_jsonb(NEW) - 'status' - 'settled_at' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded'
      = to_jsonb(OLD) - 'status' - 'settled_at' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: a posted transaction is never changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'LJ012';
END
$$;
