CREATE OR REPLACE FUNCTION "ledger_transactions_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD."type" = 'external_transfer' AND OLD."status" = 'pending'
    AND NEW."status" IN ('completed', 'cancelled', 'expired')
    AND to_jsonb(NEW) - 'status' - 'settled_at' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded'
      = to_jsonb(OLD) - 'status' - 'settled_at' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded' THEN
    RETURN NEW;
  END IF;
  -- A corrected transaction (decision 226): completed → reversed once, by the reversal that names it.
  IF TG_OP = 'UPDATE'
    AND OLD."type" IN ('deposit', 'withdrawal', 'transfer', 'agent_deposit') AND OLD."status" = 'completed'
    AND NEW."status" = 'reversed'
    AND to_jsonb(NEW) - 'status' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded'
      = to_jsonb(OLD) - 'status' - 'party_name_folded' - 'party_last_name_folded'
        - 'recipient_name_folded' - 'recipient_last_name_folded'
    AND EXISTS (SELECT 1 FROM "transactions" AS r
      WHERE r."related_transaction_id" = OLD."id" AND r."type" = 'reversal') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger: a posted transaction is never changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'LJ012';
END
$$;

DROP TRIGGER IF EXISTS "transactions_posted_unchanged" ON "transactions";
CREATE TRIGGER "transactions_posted_unchanged"
  BEFORE UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_transactions_posted"();
