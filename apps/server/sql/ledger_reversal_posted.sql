-- Decision 226: a reversal is written with what makes it one, in the same statement, or not at all: the
-- request it carries out (approved, or decided now by its poster when no cash moves: never the asker)
-- becomes executed, and the original, completed, becomes reversed. The four eyes are the database's too.
CREATE OR REPLACE FUNCTION "ledger_reversal_posted"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  UPDATE "correction_requests" AS c
    SET "status" = 'executed', "reversal_transaction_id" = NEW."id",
      "executed_by_user_id" = NEW."created_by_user_id", "executed_at" = NEW."created_at",
      "decided_by_user_id" = coalesce(c."decided_by_user_id", NEW."created_by_user_id"),
      "decided_at" = coalesce(c."decided_at", NEW."created_at")
    WHERE c."transaction_id" = NEW."related_transaction_id"
      AND ((c."status" = 'approved' AND c."cash_moves")
        OR (c."status" = 'requested' AND NOT c."cash_moves" AND c."requested_by_user_id" <> NEW."created_by_user_id"));
  IF NOT FOUND THEN
    RAISE EXCEPTION 'CorrectionNotApproved' USING ERRCODE = 'LJ106';
  END IF;
  UPDATE "transactions" SET "status" = 'reversed'
    WHERE "id" = NEW."related_transaction_id" AND "status" = 'completed'
      AND "type" IN ('deposit', 'withdrawal', 'transfer', 'agent_deposit');
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NotReversible' USING ERRCODE = 'LJ106';
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "transactions_reversal_posted" ON "transactions";
CREATE TRIGGER "transactions_reversal_posted"
  AFTER INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW."type" = 'reversal') EXECUTE FUNCTION "ledger_reversal_posted"();
