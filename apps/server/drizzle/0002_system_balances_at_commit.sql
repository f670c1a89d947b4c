-- The system accounts (fee income above all, the payout account, the treasury) are touched by almost
-- every movement. Their balances are applied at COMMIT by this deferred trigger, in the commit's own
-- round trip: a system row is locked only while its transaction commits, never while the application
-- waits for a reply (docs/decisions/074-system-balances-at-commit.md). The checks of DESIGN §4 hold
-- there too: a non-active system account, or one but the treasury going below zero, fails the commit
-- (SQLSTATE LJ001 / LJ003) and the whole movement rolls back.
CREATE FUNCTION "ledger_apply_system_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account record;
BEGIN
  UPDATE "accounts"
    SET "balance_centimes" = "balance_centimes" + NEW."amount_centimes", "updated_at" = NEW."created_at"
    WHERE "id" = NEW."account_id" AND "kind" = 'system'
    RETURNING "status", "currency", "balance_centimes", "system_code" INTO account;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF account."status" <> 'active' THEN
    RAISE EXCEPTION 'ledger: system account % is not active', NEW."account_id" USING ERRCODE = 'LJ001';
  END IF;
  IF account."currency" <> 'HTG' THEN
    RAISE EXCEPTION 'ledger: system account % is not in HTG', NEW."account_id" USING ERRCODE = 'LJ002';
  END IF;
  IF account."balance_centimes" < 0 AND account."system_code" IS DISTINCT FROM 'treasury' THEN
    RAISE EXCEPTION 'ledger: system account % would go below zero', NEW."account_id" USING ERRCODE = 'LJ003';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "entries_system_balance_at_commit"
  AFTER INSERT ON "entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply_system_entry"();
